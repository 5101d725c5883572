CREATE TABLE `workers` (
	`id` text PRIMARY KEY NOT NULL,
	`started_at` integer NOT NULL,
	`heartbeat_at` integer NOT NULL
);
--> statement-breakpoint
DROP INDEX `nodes_status_idx`;--> statement-breakpoint
ALTER TABLE `nodes` ADD `worker_id` text;--> statement-breakpoint
CREATE INDEX `nodes_status_idx` ON `nodes` (`status`,`worker_id`);