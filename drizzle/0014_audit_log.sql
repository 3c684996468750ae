-- The change log (docs/product.md#change-log): what admins and teachers changed, kept for a year.
-- Reversible: drop the two indexes and the table (the log's entries are lost).
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`school_id` text,
	`actor_kind` text NOT NULL,
	`actor_id` text NOT NULL,
	`actor_name` text NOT NULL,
	`action` text NOT NULL,
	`subject_kind` text,
	`subject_id` text,
	`subject_name` text,
	`detail` text,
	CONSTRAINT "audit_log_actor_kind" CHECK("audit_log"."actor_kind" IN ('admin', 'teacher'))
);
--> statement-breakpoint
CREATE INDEX `audit_log_at` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_log_school_at` ON `audit_log` (`school_id`,`at`);