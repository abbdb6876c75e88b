CREATE TABLE `stay_approval_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`reservation_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`reservation_id`) REFERENCES `reservations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stay_approval_tokens_tokenHash_unique` ON `stay_approval_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `stay_approval_tokens_reservation_idx` ON `stay_approval_tokens` (`reservation_id`);--> statement-breakpoint
ALTER TABLE `guests` ADD `approval_requested_at` integer;--> statement-breakpoint
ALTER TABLE `guests` ADD `approved_at` integer;--> statement-breakpoint
-- Before approval existed, guests entered at the door were registered from the arrival day whatever
-- the switch said; keep that for the properties that exist, so no host misses a registration
-- because guests now wait for an approval they do not know about. New properties start off.
UPDATE `properties` SET `automatic_check_in` = 1;
