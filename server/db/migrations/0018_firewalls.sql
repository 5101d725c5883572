CREATE TABLE `firewall_targets` (
	`firewall_id` text NOT NULL,
	`position` integer NOT NULL,
	`account_id` text NOT NULL,
	`type` text NOT NULL,
	`node_id` text,
	`selector` text,
	PRIMARY KEY(`firewall_id`, `position`),
	FOREIGN KEY (`firewall_id`) REFERENCES `firewalls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `firewall_targets_node_idx` ON `firewall_targets` (`node_id`);--> statement-breakpoint
CREATE INDEX `firewall_targets_account_idx` ON `firewall_targets` (`account_id`);--> statement-breakpoint
CREATE TABLE `firewalls` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`rules` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `firewalls_account_idx` ON `firewalls` (`account_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `firewalls_name_uq` ON `firewalls` (`account_id`,`name`);