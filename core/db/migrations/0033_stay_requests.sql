CREATE TABLE `stay_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`property_id` text NOT NULL,
	`accommodation_unit_id` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`guest_count` integer NOT NULL,
	`name` text,
	`phone` text,
	`state` text NOT NULL,
	`token_hash` text NOT NULL,
	`link_token_hash` text,
	`reservation_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`answered_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`accommodation_unit_id`) REFERENCES `accommodation_units`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reservation_id`) REFERENCES `reservations`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stay_requests_tokenHash_unique` ON `stay_requests` (`token_hash`);--> statement-breakpoint
CREATE INDEX `stay_requests_unit_idx` ON `stay_requests` (`accommodation_unit_id`,`state`,`expires_at`);--> statement-breakpoint
CREATE INDEX `stay_requests_property_idx` ON `stay_requests` (`property_id`,`state`);--> statement-breakpoint
CREATE UNIQUE INDEX `stay_requests_link_idx` ON `stay_requests` (`link_token_hash`);