DROP INDEX `compute_hosts_placement_idx`;--> statement-breakpoint
CREATE INDEX `compute_hosts_region_idx` ON `compute_hosts` (`region`,`hourly_price`,`id`);--> statement-breakpoint
CREATE INDEX `compute_hosts_datacenter_idx` ON `compute_hosts` (`datacenter`,`hourly_price`,`id`);--> statement-breakpoint
CREATE INDEX `compute_hosts_placement_idx` ON `compute_hosts` (`region`,`status`,`hourly_price`,`id`);