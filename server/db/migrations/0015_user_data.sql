CREATE TABLE `node_user_data` (
	`node_id` text PRIMARY KEY NOT NULL,
	`user_data` text NOT NULL,
	`script` text NOT NULL,
	`exit_code` integer,
	`output` text,
	`started_at` integer,
	`finished_at` integer,
	FOREIGN KEY (`node_id`) REFERENCES `nodes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `nodes` ADD `user_data_status` text;