CREATE TABLE `guests` (
	`id` text PRIMARY KEY NOT NULL,
	`guid` text NOT NULL,
	`user_id` text NOT NULL,
	`reservation_id` text NOT NULL,
	`property_id` text NOT NULL,
	`accommodation_unit_id` text NOT NULL,
	`name` text NOT NULL,
	`middle_name` text,
	`surname` text NOT NULL,
	`gender` integer NOT NULL,
	`date_of_birth` text NOT NULL,
	`citizenship` text NOT NULL,
	`country_of_birth` text NOT NULL,
	`city_of_birth` text,
	`country_of_residence` text NOT NULL,
	`city_of_residence` text NOT NULL,
	`residence_address` text,
	`document_type` integer NOT NULL,
	`document_number_sealed` text NOT NULL,
	`document_key` text NOT NULL,
	`email` text,
	`telephone` text,
	`border_crossing` text,
	`passage_date` text,
	`status` text NOT NULL,
	`registration_state` text NOT NULL,
	`registration_error` text,
	`registered_at` integer,
	`checked_out_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reservation_id`) REFERENCES `reservations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`accommodation_unit_id`) REFERENCES `accommodation_units`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guests_guid_unique` ON `guests` (`guid`);--> statement-breakpoint
CREATE INDEX `guests_reservation_idx` ON `guests` (`reservation_id`);--> statement-breakpoint
CREATE INDEX `guests_property_idx` ON `guests` (`property_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `guests_user_state_idx` ON `guests` (`user_id`,`registration_state`);--> statement-breakpoint
CREATE UNIQUE INDEX `guests_reservation_document_idx` ON `guests` (`reservation_id`,`document_key`);