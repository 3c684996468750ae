-- One board row per anonymous player (docs/product.md#one-entry-per-player): entries that carry an
-- anonymous-player id were each their own player ('e:<id>'); they are re-keyed 'a:<anon id>', keeping each
-- player's best per board (score, then accuracy, then earliest).
UPDATE `leaderboard_recent` SET `player_key` = 'a:' || (
  SELECT `anon_id` FROM `daily_leaderboard_entries` e WHERE e.`id` = `leaderboard_recent`.`entry_id`
) WHERE `player_key` LIKE 'e:%' AND EXISTS (
  SELECT 1 FROM `daily_leaderboard_entries` e WHERE e.`id` = `leaderboard_recent`.`entry_id` AND e.`anon_id` IS NOT NULL
);--> statement-breakpoint
CREATE TEMP TABLE `anon_bests` AS
SELECT `board`, `player_key`, `entry_id`, `score`, `accuracy`, `created_at` FROM (
  SELECT b.`board`, 'a:' || e.`anon_id` AS `player_key`, b.`entry_id`, b.`score`, b.`accuracy`, b.`created_at`,
    row_number() OVER (
      PARTITION BY b.`board`, e.`anon_id` ORDER BY b.`score` DESC, b.`accuracy` DESC, b.`created_at` ASC
    ) AS `rank`
  FROM `leaderboard_bests` b JOIN `daily_leaderboard_entries` e ON e.`id` = b.`entry_id`
  WHERE b.`player_key` LIKE 'e:%' AND e.`anon_id` IS NOT NULL
) WHERE `rank` = 1;--> statement-breakpoint
DELETE FROM `leaderboard_bests` WHERE `player_key` LIKE 'e:%' AND `entry_id` IN (
  SELECT `id` FROM `daily_leaderboard_entries` WHERE `anon_id` IS NOT NULL
);--> statement-breakpoint
INSERT INTO `leaderboard_bests` (`board`, `player_key`, `entry_id`, `score`, `accuracy`, `created_at`)
SELECT `board`, `player_key`, `entry_id`, `score`, `accuracy`, `created_at` FROM `anon_bests`;--> statement-breakpoint
DROP TABLE `anon_bests`;
