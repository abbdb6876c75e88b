CREATE TABLE `accommodation_units` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`user_id` text NOT NULL,
	`property_id` text NOT NULL,
	`external_unit_id` text,
	`external_unit_index` integer,
	`name` text NOT NULL,
	`description` text,
	`capacity` integer,
	`type` text,
	`category` text,
	`external_calendar_link` text,
	`default_check_in_time` text,
	`default_check_out_time` text,
	`wifi_name` text,
	`wifi_password` text,
	`wifi_encryption_type` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accommodation_units_code_unique` ON `accommodation_units` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `accommodation_units_external_idx` ON `accommodation_units` (`property_id`,`external_unit_id`,`external_unit_index`);--> statement-breakpoint
CREATE INDEX `accommodation_units_user_idx` ON `accommodation_units` (`user_id`);--> statement-breakpoint
CREATE TABLE `external_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` integer NOT NULL,
	`environment` text NOT NULL,
	`username` text NOT NULL,
	`password_sealed` text NOT NULL,
	`api_key_sealed` text,
	`email` text,
	`status` integer NOT NULL,
	`last_error` text,
	`last_synced_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `external_accounts_login_idx` ON `external_accounts` (`environment`,`username`);--> statement-breakpoint
CREATE INDEX `external_accounts_user_idx` ON `external_accounts` (`user_id`);--> statement-breakpoint
CREATE TABLE `properties` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`external_account_id` text NOT NULL,
	`facility_id` text NOT NULL,
	`facility_code` text NOT NULL,
	`name` text NOT NULL,
	`address` text,
	`facility_type` text,
	`category` text,
	`default_check_in_time` text,
	`default_check_out_time` text,
	`max_number_of_guests` integer,
	`default_number_of_nights` integer,
	`automatic_check_in` integer DEFAULT false NOT NULL,
	`automatic_check_out` integer DEFAULT false NOT NULL,
	`wifi_name` text,
	`wifi_password` text,
	`wifi_encryption_type` integer DEFAULT 0 NOT NULL,
	`deactivated_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`external_account_id`) REFERENCES `external_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `properties_facility_idx` ON `properties` (`external_account_id`,`facility_id`);--> statement-breakpoint
CREATE INDEX `properties_user_idx` ON `properties` (`user_id`,`name`);