CREATE TABLE `reservations` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`user_id` text NOT NULL,
	`property_id` text NOT NULL,
	`accommodation_unit_id` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`kind` text NOT NULL,
	`type` text NOT NULL,
	`description` text,
	`source_feed_id` text,
	`source_uid` text,
	`source_recurrence_id` text,
	`canceled_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`accommodation_unit_id`) REFERENCES `accommodation_units`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reservations_code_unique` ON `reservations` (`code`);--> statement-breakpoint
CREATE INDEX `reservations_unit_dates_idx` ON `reservations` (`accommodation_unit_id`,`start_date`);--> statement-breakpoint
CREATE INDEX `reservations_user_dates_idx` ON `reservations` (`user_id`,`start_date`);--> statement-breakpoint
CREATE UNIQUE INDEX `reservations_source_idx` ON `reservations` (`source_feed_id`,`source_uid`,`source_recurrence_id`);