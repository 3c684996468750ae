-- Class competitions within a school (docs/product.md#class-competition): a competition and its classes; the
-- points are read from the pupils' games, never stored. Self-contained. Reversible: drop both tables (the
-- competitions go with them; no other table refers to them).
CREATE TABLE `competition_classes` (
	`competition_id` text NOT NULL,
	`class_id` text NOT NULL,
	PRIMARY KEY(`competition_id`, `class_id`),
	FOREIGN KEY (`competition_id`) REFERENCES `competitions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `competition_classes_class` ON `competition_classes` (`class_id`);--> statement-breakpoint
CREATE TABLE `competitions` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`name` text NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text NOT NULL,
	`started_by_kind` text NOT NULL,
	`started_by_name` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `competitions_school` ON `competitions` (`school_id`,`ends_on`);