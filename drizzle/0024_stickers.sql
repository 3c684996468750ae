CREATE TABLE `fact_stickers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`anon_id` text,
	`student_id` text,
	`fact` text NOT NULL,
	`run_id` text,
	`earned_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "fact_stickers_one_player" CHECK(("fact_stickers"."user_id" IS NOT NULL) + ("fact_stickers"."anon_id" IS NOT NULL) + ("fact_stickers"."student_id" IS NOT NULL) = 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fact_stickers_user` ON `fact_stickers` (`user_id`,`fact`) WHERE "fact_stickers"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `fact_stickers_anon` ON `fact_stickers` (`anon_id`,`fact`) WHERE "fact_stickers"."anon_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `fact_stickers_student` ON `fact_stickers` (`student_id`,`fact`) WHERE "fact_stickers"."student_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `fact_stickers_run` ON `fact_stickers` (`run_id`) WHERE "fact_stickers"."run_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `classes` ADD `rewards_off` integer DEFAULT false NOT NULL;