CREATE TABLE `live_machines` (
	`machine_id` text PRIMARY KEY NOT NULL,
	`region` text,
	`games` integer NOT NULL,
	`capacity` integer NOT NULL,
	`renewed_at` integer NOT NULL,
	`alive_until` integer NOT NULL,
	`writing_since` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `live_game_machines` ADD `host_key` text;--> statement-breakpoint
ALTER TABLE `live_game_machines` ADD `class_id` text;--> statement-breakpoint
CREATE INDEX `live_game_machines_host_idx` ON `live_game_machines` (`host_key`);--> statement-breakpoint
CREATE INDEX `live_game_machines_class_idx` ON `live_game_machines` (`class_id`);