CREATE TABLE "account_limits" (
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "account_limits_account_id_name_pk" PRIMARY KEY("account_id","name")
);
