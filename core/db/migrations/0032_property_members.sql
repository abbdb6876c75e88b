CREATE TABLE `property_members` (
	`id` text PRIMARY KEY NOT NULL,
	`property_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`user_id` text,
	`invited_by` text,
	`token_hash` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `property_members_tokenHash_unique` ON `property_members` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `property_members_email_idx` ON `property_members` (`property_id`,`email`);--> statement-breakpoint
CREATE INDEX `property_members_user_idx` ON `property_members` (`user_id`);