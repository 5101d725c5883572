CREATE TABLE "credentials" (
	"name" text PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "unreachable_since" bigint;