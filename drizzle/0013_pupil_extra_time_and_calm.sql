-- A pupil's extra time and calm mode, set by their teacher (docs/product.md#students, docs/product.md#calm-mode):
-- the game time × 1, 1.5 or 2, and the calm game instead of the timed one. Every pupil starts as before (× 1, timed).
-- Reversible: drop the two columns.
ALTER TABLE `students` ADD `extra_time` real DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `students` ADD `calm` integer DEFAULT false NOT NULL;
