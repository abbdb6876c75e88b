CREATE TABLE `evisitor_logins` (
	`id` integer PRIMARY KEY NOT NULL,
	`account_key` text NOT NULL,
	`logged_in_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `evisitor_logins_account_at` ON `evisitor_logins` (`account_key`,`logged_in_at`);