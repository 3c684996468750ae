CREATE TABLE `classes` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`logo_url` text,
	`school_id` text NOT NULL,
	`teacher_id` text NOT NULL,
	`login_key` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`teacher_id`) REFERENCES `teachers`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `classes_login_key_unique` ON `classes` (`login_key`);--> statement-breakpoint
CREATE INDEX `classes_school` ON `classes` (`school_id`);--> statement-breakpoint
CREATE INDEX `classes_teacher` ON `classes` (`teacher_id`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `game_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`mode` text NOT NULL,
	`game_type` text NOT NULL,
	`user_id` text,
	`anon_id` text,
	`student_id` text,
	`score` integer NOT NULL,
	`total_questions` integer NOT NULL,
	`accuracy` integer NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer NOT NULL,
	`answers` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `game_runs_user` ON `game_runs` (`user_id`);--> statement-breakpoint
CREATE INDEX `game_runs_student` ON `game_runs` (`student_id`);--> statement-breakpoint
CREATE TABLE `images` (
	`id` text PRIMARY KEY NOT NULL,
	`content_type` text NOT NULL,
	`data` blob NOT NULL,
	`width` integer,
	`height` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `leaderboard_bests` (
	`board` text NOT NULL,
	`player_key` text NOT NULL,
	`entry_id` integer NOT NULL,
	`score` integer NOT NULL,
	`accuracy` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`board`, `player_key`),
	FOREIGN KEY (`entry_id`) REFERENCES `daily_leaderboard_entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `leaderboard_bests_rank` ON `leaderboard_bests` (`board`,"score" desc,"accuracy" desc,`created_at`);--> statement-breakpoint
CREATE INDEX `leaderboard_bests_entry` ON `leaderboard_bests` (`entry_id`);--> statement-breakpoint
CREATE TABLE `daily_leaderboard_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`score` integer NOT NULL,
	`total_questions` integer NOT NULL,
	`accuracy` integer NOT NULL,
	`game_type` text NOT NULL,
	`username` text,
	`user_id` text,
	`anon_id` text,
	`run_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `daily_leaderboard_entries_run_id_unique` ON `daily_leaderboard_entries` (`run_id`);--> statement-breakpoint
CREATE INDEX `leaderboard_entries_challenge` ON `daily_leaderboard_entries` (`game_type`,"score" desc,`created_at`);--> statement-breakpoint
CREATE INDEX `leaderboard_entries_user` ON `daily_leaderboard_entries` (`user_id`);--> statement-breakpoint
CREATE TABLE `leaderboard_recent` (
	`entry_id` integer PRIMARY KEY NOT NULL,
	`board` text NOT NULL,
	`player_key` text NOT NULL,
	`score` integer NOT NULL,
	`accuracy` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `daily_leaderboard_entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `leaderboard_recent_rank` ON `leaderboard_recent` (`board`,"score" desc,"accuracy" desc,`created_at`,`player_key`);--> statement-breakpoint
CREATE INDEX `leaderboard_recent_age` ON `leaderboard_recent` (`created_at`);--> statement-breakpoint
CREATE TABLE `oauth_accounts` (
	`provider` text NOT NULL,
	`provider_account_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`provider`, `provider_account_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `oauth_accounts_user` ON `oauth_accounts` (`user_id`);--> statement-breakpoint
CREATE TABLE `profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`solo_settings` text,
	FOREIGN KEY (`id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `schools` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`logo_url` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`teacher_id` text,
	`student_id` text,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`teacher_id`) REFERENCES `teachers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sessions_one_owner" CHECK(("sessions"."user_id" is not null) + ("sessions"."teacher_id" is not null) + ("sessions"."student_id" is not null) = 1)
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_teacher` ON `sessions` (`teacher_id`);--> statement-breakpoint
CREATE INDEX `sessions_student` ON `sessions` (`student_id`);--> statement-breakpoint
CREATE TABLE `student_performance` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`student_id` text NOT NULL,
	`score` integer NOT NULL,
	`total_questions` integer NOT NULL,
	`time_taken` integer NOT NULL,
	`accuracy` integer NOT NULL,
	`run_id` text,
	`completed_at` integer NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `student_performance_run_id_unique` ON `student_performance` (`run_id`);--> statement-breakpoint
CREATE INDEX `student_performance_student` ON `student_performance` (`student_id`,`completed_at`);--> statement-breakpoint
CREATE TABLE `students` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`class_id` text NOT NULL,
	`times_tables` text DEFAULT '[]' NOT NULL,
	`allowed_operations` text DEFAULT '["addition"]' NOT NULL,
	`difficulty` text DEFAULT 'easy' NOT NULL,
	`login_code` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `students_login_code_unique` ON `students` (`login_code`);--> statement-breakpoint
CREATE INDEX `students_class` ON `students` (`class_id`,`name`);--> statement-breakpoint
CREATE TABLE `teachers` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`school_id` text NOT NULL,
	`login_code` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `teachers_login_code_unique` ON `teachers` (`login_code`);--> statement-breakpoint
CREATE INDEX `teachers_school` ON `teachers` (`school_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text,
	`email_verified_at` integer,
	`password_hash` text,
	`role` text DEFAULT 'member' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `verification_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `verification_tokens_user` ON `verification_tokens` (`user_id`);