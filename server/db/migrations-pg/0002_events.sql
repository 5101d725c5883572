CREATE TABLE "event_sequences" (
	"account_id" text PRIMARY KEY NOT NULL,
	"last_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"account_id" text NOT NULL,
	"id" integer NOT NULL,
	"type" text NOT NULL,
	"resource_id" text NOT NULL,
	"occurred_at" bigint NOT NULL,
	"data" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"request_id" text,
	"source_address" text,
	CONSTRAINT "events_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "stuck_at" bigint;--> statement-breakpoint
CREATE INDEX "events_resource_idx" ON "events" USING btree ("account_id","resource_id","id");--> statement-breakpoint
CREATE INDEX "events_type_idx" ON "events" USING btree ("account_id","type","id");--> statement-breakpoint
CREATE INDEX "events_occurred_idx" ON "events" USING btree ("occurred_at");