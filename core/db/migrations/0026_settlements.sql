CREATE TABLE `evisitor_settlement_lists` (
	`external_account_id` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`fetched_at` integer,
	`requested_at` integer,
	FOREIGN KEY (`external_account_id`) REFERENCES `external_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `evisitor_settlements` (
	`external_account_id` text NOT NULL,
	`id` text NOT NULL,
	`name` text NOT NULL,
	`folded` text NOT NULL,
	`zip_code` text,
	PRIMARY KEY(`external_account_id`, `id`),
	FOREIGN KEY (`external_account_id`) REFERENCES `external_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `evisitor_settlements_search_idx` ON `evisitor_settlements` (`external_account_id`,`folded`);