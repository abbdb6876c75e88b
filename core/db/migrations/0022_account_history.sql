CREATE TABLE `account_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	`address` text,
	`user_agent` text,
	`actor_email` text,
	`details` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_events_user_created_idx` ON `account_events` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `account_events_created_idx` ON `account_events` (`created_at`);