-- Archived pupils (docs/product.md#new-school-year): a pupil who left at a new school year keeps their rows until the
-- privacy period ends (housekeeping then erases them), but no longer logs in or shows in any list. Self-contained.
-- Reversible: drop the index and the column (archived pupils would then count as pupils of their class again).
ALTER TABLE `students` ADD `archived_at` integer;--> statement-breakpoint
CREATE INDEX `students_archived` ON `students` (`archived_at`) WHERE "students"."archived_at" IS NOT NULL;