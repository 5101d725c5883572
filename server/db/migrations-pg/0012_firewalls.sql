CREATE TABLE "firewall_targets" (
	"firewall_id" text NOT NULL,
	"position" integer NOT NULL,
	"account_id" text NOT NULL,
	"type" text NOT NULL,
	"node_id" text,
	"selector" text,
	CONSTRAINT "firewall_targets_firewall_id_position_pk" PRIMARY KEY("firewall_id","position")
);
--> statement-breakpoint
CREATE TABLE "firewalls" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"rules" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "firewall_targets" ADD CONSTRAINT "firewall_targets_firewall_id_firewalls_id_fk" FOREIGN KEY ("firewall_id") REFERENCES "public"."firewalls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewall_targets" ADD CONSTRAINT "firewall_targets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewalls" ADD CONSTRAINT "firewalls_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "firewall_targets_node_idx" ON "firewall_targets" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "firewall_targets_account_idx" ON "firewall_targets" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "firewalls_account_idx" ON "firewalls" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "firewalls_name_uq" ON "firewalls" USING btree ("account_id","name");