ALTER TABLE "console_tickets" ADD COLUMN "login_session_hash" text;--> statement-breakpoint
ALTER TABLE "console_tickets" ADD COLUMN "password_stamp" text;