CREATE TABLE "ssh_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"public_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ssh_keys" ADD CONSTRAINT "ssh_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ssh_keys_account_idx" ON "ssh_keys" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ssh_keys_name_uq" ON "ssh_keys" USING btree ("account_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "ssh_keys_fingerprint_uq" ON "ssh_keys" USING btree ("account_id","fingerprint");