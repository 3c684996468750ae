-- Fact records in operation (docs/product.md#fact-records): where the one-off backfill of fact_records has got to
-- (docs/decisions/0051-fact-records-backfilled-by-housekeeping.md), and an index for the visitors' 400-day retention.
-- Reversible: drop the index and the table (the backfill, if it ran again, would rebuild the records from the answers
-- game_runs keeps, losing what was learnt from games over 90 days old).
CREATE TABLE `job_marks` (
	`name` text PRIMARY KEY NOT NULL,
	`cursor` text,
	`done_at` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `fact_records_anon_updated` ON `fact_records` (`updated_at`) WHERE "fact_records"."anon_id" IS NOT NULL;