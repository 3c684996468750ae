-- Fact records (docs/product.md#fact-records): one row per player and operation, written in the finish's own commit.
-- Reversible: drop the table, and `npm run facts:rebuild` makes it again from the answers game_runs still keeps (90 days).
CREATE TABLE `fact_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`anon_id` text,
	`student_id` text,
	`op` text NOT NULL,
	`data` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "fact_records_one_player" CHECK(("fact_records"."user_id" IS NOT NULL) + ("fact_records"."anon_id" IS NOT NULL) + ("fact_records"."student_id" IS NOT NULL) = 1),
	CONSTRAINT "fact_records_op" CHECK("fact_records"."op" IN ('+', '-', '*', '/'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fact_records_user` ON `fact_records` (`user_id`,`op`) WHERE "fact_records"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `fact_records_anon` ON `fact_records` (`anon_id`,`op`) WHERE "fact_records"."anon_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `fact_records_student` ON `fact_records` (`student_id`,`op`) WHERE "fact_records"."student_id" IS NOT NULL;