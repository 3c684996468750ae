PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_leaderboard_recent` (
	`entry_id` integer NOT NULL,
	`board` text NOT NULL,
	`player_key` text NOT NULL,
	`score` integer NOT NULL,
	`accuracy` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`entry_id`, `board`),
	FOREIGN KEY (`entry_id`) REFERENCES `daily_leaderboard_entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_leaderboard_recent`("entry_id", "board", "player_key", "score", "accuracy", "created_at") SELECT "entry_id", "board", "player_key", "score", "accuracy", "created_at" FROM `leaderboard_recent`;--> statement-breakpoint
DROP TABLE `leaderboard_recent`;--> statement-breakpoint
ALTER TABLE `__new_leaderboard_recent` RENAME TO `leaderboard_recent`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `leaderboard_recent_rank` ON `leaderboard_recent` (`board`,"score" desc,"accuracy" desc,`created_at`,`player_key`);--> statement-breakpoint
CREATE INDEX `leaderboard_recent_age` ON `leaderboard_recent` (`created_at`);--> statement-breakpoint
CREATE INDEX `game_runs_anon` ON `game_runs` (`anon_id`);--> statement-breakpoint
CREATE INDEX `leaderboard_entries_anon` ON `daily_leaderboard_entries` (`anon_id`);--> statement-breakpoint
-- The time tabs (docs/decisions/0025-board-time-tabs.md): entries that already carry their time limit get their
-- rows on the board of that limit, the daily ones from their recent rows, the all-time ones as each player's best.
INSERT INTO `leaderboard_recent` (`entry_id`, `board`, `player_key`, `score`, `accuracy`, `created_at`)
SELECT r.`entry_id`, r.`board` || ':' || e.`time_limit`, r.`player_key`, r.`score`, r.`accuracy`, r.`created_at`
FROM `leaderboard_recent` r JOIN `daily_leaderboard_entries` e ON e.`id` = r.`entry_id`
WHERE e.`time_limit` IS NOT NULL AND instr(r.`board`, ':') = 0;--> statement-breakpoint
INSERT INTO `leaderboard_bests` (`board`, `player_key`, `entry_id`, `score`, `accuracy`, `created_at`)
SELECT `board`, `player_key`, `id`, `score`, `accuracy`, `created_at` FROM (
  SELECT k.`board`, k.`player_key`, k.`id`, k.`score`, k.`accuracy`, k.`created_at`,
    row_number() OVER (PARTITION BY k.`board`, k.`player_key` ORDER BY k.`score` DESC, k.`accuracy` DESC, k.`created_at`) AS `rank`
  FROM (
    SELECT e.`id`, e.`score`, e.`accuracy`, e.`created_at`,
      (CASE e.`game_type` WHEN 'standard' THEN 'normal' ELSE e.`game_type` END) || ':' || e.`time_limit` AS `board`,
      CASE
        WHEN e.`user_id` IS NOT NULL THEN 'u:' || e.`user_id`
        WHEN e.`anon_id` IS NOT NULL THEN 'a:' || e.`anon_id`
        WHEN trim(coalesce(e.`username`, '')) NOT IN ('', 'Anonymous') THEN 'n:' || trim(e.`username`)
        ELSE 'e:' || e.`id`
      END AS `player_key`
    FROM `daily_leaderboard_entries` e
    WHERE e.`time_limit` IS NOT NULL AND e.`game_type` IN ('normal', 'standard', 'hard', 'extreme')
  ) k
) WHERE `rank` = 1;
