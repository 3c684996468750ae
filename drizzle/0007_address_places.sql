DROP INDEX `leaderboard_bests_rank`;--> statement-breakpoint
ALTER TABLE `leaderboard_bests` ADD `address_key` integer;--> statement-breakpoint
ALTER TABLE `leaderboard_bests` ADD `cut` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `leaderboard_bests_address` ON `leaderboard_bests` (`board`,`address_key`,"score" desc,"accuracy" desc,`created_at`,`cut`) WHERE "address_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `leaderboard_bests_rank` ON `leaderboard_bests` (`board`,`cut`,"score" desc,"accuracy" desc,`created_at`,`entry_id`);--> statement-breakpoint
DROP INDEX `leaderboard_entries_challenge`;--> statement-breakpoint
ALTER TABLE `daily_leaderboard_entries` ADD `address_key` integer;--> statement-breakpoint
ALTER TABLE `daily_leaderboard_entries` ADD `board_cut` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `leaderboard_entries_address` ON `daily_leaderboard_entries` (`game_type`,`address_key`,"score" desc,`created_at`,`board_cut`) WHERE "address_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `leaderboard_entries_challenge` ON `daily_leaderboard_entries` (`game_type`,`board_cut`,"score" desc,`created_at`);--> statement-breakpoint
DROP INDEX `leaderboard_recent_rank`;--> statement-breakpoint
ALTER TABLE `leaderboard_recent` ADD `address_key` integer;--> statement-breakpoint
CREATE INDEX `leaderboard_recent_address` ON `leaderboard_recent` (`board`,`address_key`,"score" desc,"accuracy" desc,`created_at`) WHERE "address_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `leaderboard_recent_rank` ON `leaderboard_recent` (`board`,"score" desc,"accuracy" desc,`created_at`,`player_key`,`entry_id`,`address_key`);