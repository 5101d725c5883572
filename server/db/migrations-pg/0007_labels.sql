CREATE TABLE "labels" (
	"kind" text NOT NULL,
	"resource_id" text NOT NULL,
	"account_id" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "labels_kind_resource_id_key_pk" PRIMARY KEY("kind","resource_id","key")
);
--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;