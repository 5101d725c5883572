CREATE TABLE `node_ssh_keys` (
	`node_id` text NOT NULL,
	`position` integer NOT NULL,
	`ssh_key_id` text NOT NULL,
	PRIMARY KEY(`node_id`, `position`),
	FOREIGN KEY (`node_id`) REFERENCES `nodes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ssh_key_id`) REFERENCES `ssh_keys`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `node_ssh_keys_key_idx` ON `node_ssh_keys` (`ssh_key_id`);--> statement-breakpoint
ALTER TABLE `nodes` ADD `password_login` integer DEFAULT true NOT NULL;