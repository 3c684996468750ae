-- The weekly digest to teachers (docs/product.md#weekly-digest): the address a teacher gave for it, when they
-- confirmed it from the mail (no digest goes before), and the last week (`2026-W48`, UK time) one was sent to them.
-- Self-contained: three nullable columns, every teacher starts without a digest. Reversible: drop the three columns
-- (SQLite 3.35+ `ALTER TABLE teachers DROP COLUMN …`); nothing else reads them.
ALTER TABLE `teachers` ADD `digest_email` text;--> statement-breakpoint
ALTER TABLE `teachers` ADD `digest_confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `teachers` ADD `digest_sent_week` text;
