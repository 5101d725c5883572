CREATE TABLE `usage_archive` (
	`account_id` text NOT NULL,
	`month` text NOT NULL,
	`currency` text NOT NULL,
	`seconds` integer NOT NULL,
	`cost` integer NOT NULL,
	`nodes` integer NOT NULL,
	PRIMARY KEY(`account_id`, `month`, `currency`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
