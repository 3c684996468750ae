DROP INDEX `leaderboard_bests_rank`;--> statement-breakpoint
CREATE INDEX `leaderboard_bests_rank` ON `leaderboard_bests` (`board`,"score" desc,"accuracy" desc,`created_at`,`entry_id`);--> statement-breakpoint
DROP INDEX `leaderboard_recent_rank`;--> statement-breakpoint
CREATE INDEX `leaderboard_recent_rank` ON `leaderboard_recent` (`board`,"score" desc,"accuracy" desc,`created_at`,`player_key`,`entry_id`);