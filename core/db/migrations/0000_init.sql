CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`message` text NOT NULL,
	`language` text DEFAULT 'hr' NOT NULL,
	`created_at` integer NOT NULL,
	`emailed_at` integer
);
--> statement-breakpoint
CREATE TABLE `outbox` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`subject` text NOT NULL,
	`version` integer NOT NULL,
	`payload` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`published_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_id_unique` ON `outbox` (`id`);--> statement-breakpoint
CREATE INDEX `outbox_unpublished_idx` ON `outbox` (`published_at`,`seq`);--> statement-breakpoint
CREATE TABLE `processed_events` (
	`consumer` text NOT NULL,
	`event_id` text NOT NULL,
	`processed_at` integer NOT NULL,
	PRIMARY KEY(`consumer`, `event_id`)
);
