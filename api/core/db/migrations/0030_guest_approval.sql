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
ALTER TABLE `guests` ADD `approved_at` integer;