CREATE TABLE "usage_archive" (
	"account_id" text NOT NULL,
	"month" text NOT NULL,
	"currency" text NOT NULL,
	"seconds" bigint NOT NULL,
	"cost" bigint NOT NULL,
	"nodes" bigint NOT NULL,
	CONSTRAINT "usage_archive_account_id_month_currency_pk" PRIMARY KEY("account_id","month","currency")
);
--> statement-breakpoint
ALTER TABLE "usage_archive" ADD CONSTRAINT "usage_archive_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;