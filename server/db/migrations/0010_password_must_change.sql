ALTER TABLE `users` ADD `password_must_change` integer DEFAULT false NOT NULL;
--> statement-breakpoint
-- An install from before this column cannot tell whether the admin ever replaced the password
-- printed on first start, so the admin is asked once, at the next dashboard login.
UPDATE `users` SET `password_must_change` = true WHERE `is_admin` = true;
