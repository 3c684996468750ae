ALTER TABLE `profiles` ADD `name_key` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `caps_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_name_key_unique` ON `profiles` (`name_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_caps_key_unique` ON `profiles` (`caps_key`);