CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"secret_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" bigint NOT NULL,
	"last_used_at" bigint,
	"revoked_at" bigint,
	CONSTRAINT "api_keys_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "compute_hosts" (
	"id" text PRIMARY KEY NOT NULL,
	"hostname" text NOT NULL,
	"region" text NOT NULL,
	"datacenter" text NOT NULL,
	"os" text NOT NULL,
	"cpu_cores" integer NOT NULL,
	"cpu_architecture" text NOT NULL,
	"memory_gb" integer NOT NULL,
	"storage_gb" integer NOT NULL,
	"gpu_count" integer NOT NULL,
	"hourly_price" integer NOT NULL,
	"monthly_price" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"account_id" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" bigint NOT NULL,
	"status" integer,
	"content_type" text,
	"body" text,
	CONSTRAINT "idempotency_keys_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
CREATE TABLE "nodes" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text,
	"region" text NOT NULL,
	"vpc_id" text NOT NULL,
	"host_id" text NOT NULL,
	"private_ip" text NOT NULL,
	"status" text NOT NULL,
	"hourly_price" integer NOT NULL,
	"currency" text NOT NULL,
	"root_password" text NOT NULL,
	"created_at" bigint NOT NULL,
	"running_at" bigint,
	"deleted_at" bigint,
	"torn_down_at" bigint,
	"worker_id" text
);
--> statement-breakpoint
CREATE TABLE "public_ips" (
	"network" text PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"version" integer NOT NULL,
	"node_id" text NOT NULL,
	"account_id" text NOT NULL,
	"attached_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" bigint NOT NULL,
	"last_seen_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "vpcs" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"description" text,
	"cidr" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"deleted_at" bigint
);
--> statement-breakpoint
CREATE TABLE "workers" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" bigint NOT NULL,
	"heartbeat_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpcs" ADD CONSTRAINT "vpcs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "compute_hosts_price_idx" ON "compute_hosts" USING btree ("hourly_price","id","region","datacenter","cpu_cores","memory_gb","storage_gb","gpu_count","status");--> statement-breakpoint
CREATE INDEX "compute_hosts_region_idx" ON "compute_hosts" USING btree ("region","hourly_price","id","datacenter","cpu_cores","memory_gb","storage_gb","gpu_count","status");--> statement-breakpoint
CREATE INDEX "compute_hosts_placement_idx" ON "compute_hosts" USING btree ("region","status","hourly_price","id","cpu_cores","memory_gb","storage_gb","gpu_count");--> statement-breakpoint
CREATE INDEX "compute_hosts_datacenter_idx" ON "compute_hosts" USING btree ("datacenter","hourly_price","id","cpu_cores","memory_gb","storage_gb","gpu_count","status");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "nodes_account_idx" ON "nodes" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "nodes_status_idx" ON "nodes" USING btree ("status","worker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nodes_live_host_uq" ON "nodes" USING btree ("host_id") WHERE status <> 'deleted';--> statement-breakpoint
CREATE UNIQUE INDEX "nodes_live_private_ip_uq" ON "nodes" USING btree ("vpc_id","private_ip") WHERE status <> 'deleted';--> statement-breakpoint
CREATE INDEX "public_ips_node_idx" ON "public_ips" USING btree ("node_id","attached_at");--> statement-breakpoint
CREATE INDEX "public_ips_account_idx" ON "public_ips" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "vpcs_account_idx" ON "vpcs" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vpcs_live_name_uq" ON "vpcs" USING btree ("account_id","name") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "vpcs_live_cidr_uq" ON "vpcs" USING btree ("account_id","cidr") WHERE deleted_at IS NULL;