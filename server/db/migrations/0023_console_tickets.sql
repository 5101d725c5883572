CREATE TABLE `console_tickets` (
	`ticket_hash` text PRIMARY KEY NOT NULL,
	`node_id` text NOT NULL,
	`account_id` text NOT NULL,
	`password_hash` text NOT NULL,
	`actor_type` text NOT NULL,
	`actor_id` text,
	`request_id` text,
	`source_address` text,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`node_id`) REFERENCES `nodes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `console_tickets_expires_idx` ON `console_tickets` (`expires_at`);