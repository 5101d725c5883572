CREATE TABLE `labels` (
	`kind` text NOT NULL,
	`resource_id` text NOT NULL,
	`account_id` text NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`kind`, `resource_id`, `key`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
