CREATE TABLE "node_ssh_keys" (
	"node_id" text NOT NULL,
	"position" integer NOT NULL,
	"ssh_key_id" text NOT NULL,
	CONSTRAINT "node_ssh_keys_node_id_position_pk" PRIMARY KEY("node_id","position")
);
--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "password_login" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "node_ssh_keys" ADD CONSTRAINT "node_ssh_keys_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_ssh_keys" ADD CONSTRAINT "node_ssh_keys_ssh_key_id_ssh_keys_id_fk" FOREIGN KEY ("ssh_key_id") REFERENCES "public"."ssh_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "node_ssh_keys_key_idx" ON "node_ssh_keys" USING btree ("ssh_key_id");