CREATE TABLE "console_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"node_id" text NOT NULL,
	"account_id" text NOT NULL,
	"started_at" bigint NOT NULL,
	"seen_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "console_tickets" ADD COLUMN "login_session_hash" text;--> statement-breakpoint
ALTER TABLE "console_tickets" ADD COLUMN "password_stamp" text;--> statement-breakpoint
ALTER TABLE "console_sessions" ADD CONSTRAINT "console_sessions_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "console_sessions_node_idx" ON "console_sessions" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "console_sessions_account_idx" ON "console_sessions" USING btree ("account_id");