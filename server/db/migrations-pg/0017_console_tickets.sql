CREATE TABLE "console_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"node_id" text NOT NULL,
	"account_id" text NOT NULL,
	"password_hash" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"request_id" text,
	"source_address" text,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "console_tickets" ADD CONSTRAINT "console_tickets_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "console_tickets_expires_idx" ON "console_tickets" USING btree ("expires_at");