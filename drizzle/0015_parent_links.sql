-- Parent links (docs/product.md#parents, docs/decisions/0058-parent-links.md): at most one a pupil, gone with the
-- pupil; only the SHA-256 of a link's token is kept, with the nonce the token is made from under the server's secret.
-- Self-contained (needs only `students`). Reversible: drop the table (every parent link stops working; teachers give
-- new ones).
CREATE TABLE `parent_links` (
	`student_id` text PRIMARY KEY NOT NULL,
	`nonce` text NOT NULL,
	`token_hash` text NOT NULL,
	`given_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `parent_links_token_hash_unique` ON `parent_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `parent_links_expires` ON `parent_links` (`expires_at`);