ALTER TABLE `users` ADD `signup_address_key` integer;--> statement-breakpoint
DROP INDEX `game_runs_student`;--> statement-breakpoint
CREATE INDEX `game_runs_student` ON `game_runs` (`student_id`,`started_at`);
