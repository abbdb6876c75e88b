CREATE TABLE `calendar_feeds` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`accommodation_unit_id` text NOT NULL,
	`url` text NOT NULL,
	`etag` text,
	`last_modified` text,
	`last_fetch_at` integer,
	`last_success_at` integer,
	`last_status` integer,
	`event_count` integer,
	`last_error` text,
	`failing_since` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`accommodation_unit_id`) REFERENCES `accommodation_units`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_unit_url_idx` ON `calendar_feeds` (`accommodation_unit_id`,`url`);--> statement-breakpoint
CREATE TABLE `calendar_sync_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`feed_id` text NOT NULL,
	`finished_at` integer NOT NULL,
	`added` integer NOT NULL,
	`updated` integer NOT NULL,
	`removed` integer NOT NULL,
	`conflicts` text NOT NULL,
	`error` text,
	FOREIGN KEY (`feed_id`) REFERENCES `calendar_feeds`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `calendar_sync_runs_feed_idx` ON `calendar_sync_runs` (`feed_id`,`finished_at`);