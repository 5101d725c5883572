CREATE TABLE `credentials` (
	`name` text PRIMARY KEY NOT NULL,
	`sealed` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `nodes` ADD `unreachable_since` integer;