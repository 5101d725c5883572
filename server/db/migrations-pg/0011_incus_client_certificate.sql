CREATE TABLE "credentials" (
	"name" text PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"created_at" bigint NOT NULL
);
