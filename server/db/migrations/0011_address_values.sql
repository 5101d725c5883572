DROP INDEX `nodes_live_private_ip_uq`;--> statement-breakpoint
ALTER TABLE `nodes` ADD `private_ip_value` integer;--> statement-breakpoint
-- Every existing address as the number the allocators now search by: a.b.c.d is ((a*256+b)*256+c)*256+d.
WITH s1 AS (SELECT rowid AS k, CAST(substr(private_ip, 1, instr(private_ip, '.') - 1) AS INTEGER) AS a, substr(private_ip, instr(private_ip, '.') + 1) AS r FROM `nodes` WHERE 1),
s2 AS (SELECT k, a, CAST(substr(r, 1, instr(r, '.') - 1) AS INTEGER) AS b, substr(r, instr(r, '.') + 1) AS r FROM s1),
s3 AS (SELECT k, a, b, CAST(substr(r, 1, instr(r, '.') - 1) AS INTEGER) AS c, CAST(substr(r, instr(r, '.') + 1) AS INTEGER) AS d FROM s2)
UPDATE `nodes` SET `private_ip_value` = ((s3.a * 256 + s3.b) * 256 + s3.c) * 256 + s3.d FROM s3 WHERE s3.k = `nodes`.rowid;--> statement-breakpoint
CREATE UNIQUE INDEX `nodes_live_private_ip_value_uq` ON `nodes` (`vpc_id`,`private_ip_value`) WHERE status <> 'deleted';--> statement-breakpoint
ALTER TABLE `public_ips` ADD `ipv4_value` integer;--> statement-breakpoint
-- The same for IPv4 attachments; CAST reads the digits of `d/32` up to the slash.
WITH s1 AS (SELECT rowid AS k, CAST(substr(network, 1, instr(network, '.') - 1) AS INTEGER) AS a, substr(network, instr(network, '.') + 1) AS r FROM `public_ips` WHERE version = 4),
s2 AS (SELECT k, a, CAST(substr(r, 1, instr(r, '.') - 1) AS INTEGER) AS b, substr(r, instr(r, '.') + 1) AS r FROM s1),
s3 AS (SELECT k, a, b, CAST(substr(r, 1, instr(r, '.') - 1) AS INTEGER) AS c, CAST(substr(r, instr(r, '.') + 1) AS INTEGER) AS d FROM s2)
UPDATE `public_ips` SET `ipv4_value` = ((s3.a * 256 + s3.b) * 256 + s3.c) * 256 + s3.d FROM s3 WHERE s3.k = `public_ips`.rowid;--> statement-breakpoint
CREATE UNIQUE INDEX `public_ips_ipv4_value_uq` ON `public_ips` (`ipv4_value`);