CREATE TABLE `node_metrics` (
	`node_id` text NOT NULL,
	`step` integer NOT NULL,
	`at` integer NOT NULL,
	`cpu` integer NOT NULL,
	`memory_bytes` integer NOT NULL,
	`disk_bytes` integer,
	`in_bps` integer NOT NULL,
	`out_bps` integer NOT NULL,
	PRIMARY KEY(`node_id`, `step`, `at`),
	FOREIGN KEY (`node_id`) REFERENCES `nodes`(`id`) ON UPDATE no action ON DELETE cascade
);
