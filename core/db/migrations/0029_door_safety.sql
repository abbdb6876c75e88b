CREATE TABLE `checkin_receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`reservation_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`reservation_id`) REFERENCES `reservations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checkin_receipts_tokenHash_unique` ON `checkin_receipts` (`token_hash`);--> statement-breakpoint
CREATE INDEX `checkin_receipts_reservation_idx` ON `checkin_receipts` (`reservation_id`);--> statement-breakpoint
CREATE TABLE `guest_disown_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`guest_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`guest_id`) REFERENCES `guests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guest_disown_tokens_tokenHash_unique` ON `guest_disown_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `guest_disown_tokens_guest_idx` ON `guest_disown_tokens` (`guest_id`);--> statement-breakpoint
ALTER TABLE `guests` ADD `entrance` text;--> statement-breakpoint
ALTER TABLE `guests` ADD `checkin_receipt_id` text;--> statement-breakpoint
ALTER TABLE `guests` ADD `disowned_at` integer;--> statement-breakpoint
ALTER TABLE `properties` ADD `guest_contact_phone` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `guest_contact_whats_app` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `guest_contact_email` text;