CREATE TABLE `user_notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`template` text NOT NULL,
	`notification_type` text NOT NULL,
	`placeholders` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_modified_at` integer NOT NULL,
	`sent_to_app_at` integer,
	`deleted_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_notifications_dedupe_idx` ON `user_notifications` (`user_id`,`dedupe_key`);--> statement-breakpoint
CREATE INDEX `user_notifications_user_modified_idx` ON `user_notifications` (`user_id`,`last_modified_at`);--> statement-breakpoint
ALTER TABLE `accommodation_units` ADD `calendar_export_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `accommodation_units_calendarExportToken_unique` ON `accommodation_units` (`calendar_export_token`);