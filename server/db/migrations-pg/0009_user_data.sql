CREATE TABLE "node_user_data" (
	"node_id" text PRIMARY KEY NOT NULL,
	"user_data" text NOT NULL,
	"script" text NOT NULL,
	"exit_code" integer,
	"output" text,
	"started_at" bigint,
	"finished_at" bigint
);
--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "user_data_status" text;--> statement-breakpoint
ALTER TABLE "node_user_data" ADD CONSTRAINT "node_user_data_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE no action ON UPDATE no action;