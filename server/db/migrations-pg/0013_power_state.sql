ALTER TABLE "nodes" ADD COLUMN "power_state" text DEFAULT 'on' NOT NULL;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "power_action" text;