CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`scope` text NOT NULL,
	`secret_hash` text NOT NULL,
	`prefix` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_secret_hash_unique` ON `api_keys` (`secret_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_account_idx` ON `api_keys` (`account_id`);--> statement-breakpoint
CREATE TABLE `compute_hosts` (
	`id` text PRIMARY KEY NOT NULL,
	`hostname` text NOT NULL,
	`region` text NOT NULL,
	`datacenter` text NOT NULL,
	`os` text NOT NULL,
	`cpu_cores` integer NOT NULL,
	`cpu_architecture` text NOT NULL,
	`memory_gb` integer NOT NULL,
	`storage_gb` integer NOT NULL,
	`gpu_count` integer NOT NULL,
	`hourly_price` integer NOT NULL,
	`monthly_price` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `compute_hosts_price_idx` ON `compute_hosts` (`hourly_price`,`id`);--> statement-breakpoint
CREATE INDEX `compute_hosts_placement_idx` ON `compute_hosts` (`region`,`status`,`hourly_price`);--> statement-breakpoint
CREATE TABLE `nodes` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text,
	`region` text NOT NULL,
	`vpc_id` text NOT NULL,
	`host_id` text NOT NULL,
	`private_ip` text NOT NULL,
	`status` text NOT NULL,
	`hourly_price` integer NOT NULL,
	`currency` text NOT NULL,
	`root_password` text NOT NULL,
	`created_at` integer NOT NULL,
	`running_at` integer,
	`deleted_at` integer,
	`torn_down_at` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `nodes_account_idx` ON `nodes` (`account_id`,`status`);--> statement-breakpoint
CREATE INDEX `nodes_status_idx` ON `nodes` (`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `nodes_live_host_uq` ON `nodes` (`host_id`) WHERE status <> 'deleted';--> statement-breakpoint
CREATE UNIQUE INDEX `nodes_live_private_ip_uq` ON `nodes` (`vpc_id`,`private_ip`) WHERE status <> 'deleted';--> statement-breakpoint
CREATE TABLE `public_ips` (
	`network` text PRIMARY KEY NOT NULL,
	`ip` text NOT NULL,
	`version` integer NOT NULL,
	`node_id` text NOT NULL,
	`account_id` text NOT NULL,
	`attached_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `public_ips_node_idx` ON `public_ips` (`node_id`,`attached_at`);--> statement-breakpoint
CREATE TABLE `vpcs` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`region` text NOT NULL,
	`description` text,
	`cidr` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `vpcs_account_idx` ON `vpcs` (`account_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `vpcs_live_name_uq` ON `vpcs` (`account_id`,`name`) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `vpcs_live_cidr_uq` ON `vpcs` (`account_id`,`cidr`) WHERE deleted_at IS NULL;