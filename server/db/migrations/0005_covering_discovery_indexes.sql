DROP INDEX `compute_hosts_price_idx`;--> statement-breakpoint
DROP INDEX `compute_hosts_region_idx`;--> statement-breakpoint
DROP INDEX `compute_hosts_placement_idx`;--> statement-breakpoint
DROP INDEX `compute_hosts_datacenter_idx`;--> statement-breakpoint
CREATE INDEX `compute_hosts_price_idx` ON `compute_hosts` (`hourly_price`,`id`,`region`,`datacenter`,`cpu_cores`,`memory_gb`,`storage_gb`,`gpu_count`,`status`);--> statement-breakpoint
CREATE INDEX `compute_hosts_region_idx` ON `compute_hosts` (`region`,`hourly_price`,`id`,`datacenter`,`cpu_cores`,`memory_gb`,`storage_gb`,`gpu_count`,`status`);--> statement-breakpoint
CREATE INDEX `compute_hosts_placement_idx` ON `compute_hosts` (`region`,`status`,`hourly_price`,`id`,`cpu_cores`,`memory_gb`,`storage_gb`,`gpu_count`);--> statement-breakpoint
CREATE INDEX `compute_hosts_datacenter_idx` ON `compute_hosts` (`datacenter`,`hourly_price`,`id`,`cpu_cores`,`memory_gb`,`storage_gb`,`gpu_count`,`status`);