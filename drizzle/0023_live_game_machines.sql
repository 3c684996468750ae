CREATE TABLE `live_game_machines` (
	`code` text PRIMARY KEY NOT NULL,
	`machine_id` text NOT NULL,
	`opened_at` integer NOT NULL,
	`alive_until` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `live_game_machines_machine_idx` ON `live_game_machines` (`machine_id`);