-- Set work (docs/product.md#set-work): work a teacher sets a class, gone with the class (foreign key, cascade).
-- Self-contained. Reversible: drop the table (the work set goes with it; games are untouched).
CREATE TABLE `set_work` (
	`id` text PRIMARY KEY NOT NULL,
	`class_id` text NOT NULL,
	`target_kind` text NOT NULL,
	`target` integer NOT NULL,
	`game_kind` text NOT NULL,
	`due_day` text NOT NULL,
	`note` text,
	`set_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "set_work_target_kind" CHECK("set_work"."target_kind" IN ('games', 'minutes')),
	CONSTRAINT "set_work_game_kind" CHECK("set_work"."game_kind" IN ('any', 'timed', 'practice', 'mtc'))
);
--> statement-breakpoint
CREATE INDEX `set_work_class` ON `set_work` (`class_id`,`due_day`);