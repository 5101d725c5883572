CREATE TABLE `ssh_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`public_key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `ssh_keys_account_idx` ON `ssh_keys` (`account_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ssh_keys_name_uq` ON `ssh_keys` (`account_id`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `ssh_keys_fingerprint_uq` ON `ssh_keys` (`account_id`,`fingerprint`);