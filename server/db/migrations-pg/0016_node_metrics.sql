CREATE TABLE "node_metrics" (
	"node_id" text NOT NULL,
	"step" integer NOT NULL,
	"at" bigint NOT NULL,
	"cpu" integer NOT NULL,
	"memory_bytes" bigint NOT NULL,
	"disk_bytes" bigint,
	"in_bps" bigint NOT NULL,
	"out_bps" bigint NOT NULL,
	CONSTRAINT "node_metrics_node_id_step_at_pk" PRIMARY KEY("node_id","step","at")
);
--> statement-breakpoint
ALTER TABLE "node_metrics" ADD CONSTRAINT "node_metrics_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;