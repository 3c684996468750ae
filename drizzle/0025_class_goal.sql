ALTER TABLE `classes` ADD `goal_count` integer;--> statement-breakpoint
ALTER TABLE `classes` ADD `goal_day` text;--> statement-breakpoint
ALTER TABLE `classes` ADD `goal_set_at` integer;