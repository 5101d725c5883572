CREATE TABLE `console_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`node_id` text NOT NULL,
	`account_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`seen_at` integer NOT NULL,
	FOREIGN KEY (`node_id`) REFERENCES `nodes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `console_sessions_node_idx` ON `console_sessions` (`node_id`);--> statement-breakpoint
CREATE INDEX `console_sessions_account_idx` ON `console_sessions` (`account_id`);--> statement-breakpoint
ALTER TABLE `console_tickets` ADD `login_session_hash` text;--> statement-breakpoint
ALTER TABLE `console_tickets` ADD `password_stamp` text;