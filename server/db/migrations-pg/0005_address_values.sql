DROP INDEX "nodes_live_private_ip_uq";--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "private_ip_value" bigint;--> statement-breakpoint
ALTER TABLE "public_ips" ADD COLUMN "ipv4_value" bigint;--> statement-breakpoint
-- Every existing address as the number the allocators now search by.
UPDATE "nodes" SET "private_ip_value" = split_part(private_ip, '.', 1)::bigint * 16777216 + split_part(private_ip, '.', 2)::bigint * 65536 + split_part(private_ip, '.', 3)::bigint * 256 + split_part(private_ip, '.', 4)::bigint;--> statement-breakpoint
UPDATE "public_ips" SET "ipv4_value" = split_part(split_part(network, '/', 1), '.', 1)::bigint * 16777216 + split_part(split_part(network, '/', 1), '.', 2)::bigint * 65536 + split_part(split_part(network, '/', 1), '.', 3)::bigint * 256 + split_part(split_part(network, '/', 1), '.', 4)::bigint WHERE version = 4;--> statement-breakpoint
CREATE UNIQUE INDEX "nodes_live_private_ip_value_uq" ON "nodes" USING btree ("vpc_id","private_ip_value") WHERE status <> 'deleted';--> statement-breakpoint
CREATE UNIQUE INDEX "public_ips_ipv4_value_uq" ON "public_ips" USING btree ("ipv4_value");