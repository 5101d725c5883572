ALTER TABLE `nodes` ADD `power_state` text DEFAULT 'on' NOT NULL;--> statement-breakpoint
ALTER TABLE `nodes` ADD `power_action` text;