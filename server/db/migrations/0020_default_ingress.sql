CREATE TABLE `install_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
-- Nodes were reachable on TCP 22 only before firewalls; an install that had accounts or nodes
-- already keeps that promise until its operator sets NODEPLANE_DEFAULT_INGRESS.
INSERT INTO `install_settings` (`key`, `value`)
SELECT 'default_ingress', 'ssh-only'
WHERE EXISTS (SELECT 1 FROM `accounts`) OR EXISTS (SELECT 1 FROM `nodes`);
