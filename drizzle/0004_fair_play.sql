ALTER TABLE `game_runs` ADD `review` text;--> statement-breakpoint
ALTER TABLE `game_runs` ADD `review_info` text;--> statement-breakpoint
CREATE INDEX `game_runs_held` ON `game_runs` (`finished_at`) WHERE "game_runs"."review" = 'held';--> statement-breakpoint
ALTER TABLE `daily_leaderboard_entries` ADD `time_limit` integer;