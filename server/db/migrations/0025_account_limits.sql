CREATE TABLE `account_limits` (
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`value` integer NOT NULL,
	PRIMARY KEY(`account_id`, `name`)
);
