-- Erasure records (docs/product.md#data-rights): that a pupil's data was erased, when, by whom, from which school and
-- class; nothing that identifies the pupil. Self-contained. Reversible: drop the table (the records go with it).
CREATE TABLE `erasures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`erased_at` integer NOT NULL,
	`by_kind` text NOT NULL,
	`by_id` text NOT NULL,
	`by_name` text NOT NULL,
	`school_id` text NOT NULL,
	`school_name` text NOT NULL,
	`class_id` text NOT NULL,
	`class_name` text NOT NULL,
	`removed` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `erasures_school` ON `erasures` (`school_id`,`erased_at`);--> statement-breakpoint
CREATE INDEX `erasures_age` ON `erasures` (`erased_at`);
