PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`year` integer NOT NULL,
	`sequence` integer NOT NULL,
	`purchase_request_id` text,
	`user_id` text,
	`user_email` text,
	`buyer` text,
	`reference_code` text,
	`package_name` text NOT NULL,
	`months` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`period_start` integer NOT NULL,
	`period_end` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`purchase_request_id`) REFERENCES `purchase_requests`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_receipts`("id", "year", "sequence", "purchase_request_id", "user_id", "user_email", "package_name", "months", "amount_cents", "period_start", "period_end", "created_at") SELECT "id", "year", "sequence", "purchase_request_id", "user_id", "user_email", "package_name", "months", "amount_cents", "period_start", "period_end", "created_at" FROM `receipts`;--> statement-breakpoint
DROP TABLE `receipts`;--> statement-breakpoint
ALTER TABLE `__new_receipts` RENAME TO `receipts`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_purchaseRequestId_unique` ON `receipts` (`purchase_request_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_number_idx` ON `receipts` (`year`,`sequence`);--> statement-breakpoint
CREATE INDEX `receipts_user_idx` ON `receipts` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `full_name` text;--> statement-breakpoint
ALTER TABLE `users` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `users` ADD `company_name` text;--> statement-breakpoint
ALTER TABLE `users` ADD `oib` text;--> statement-breakpoint
ALTER TABLE `users` ADD `street` text;--> statement-breakpoint
ALTER TABLE `users` ADD `postal_code` text;--> statement-breakpoint
ALTER TABLE `users` ADD `city` text;--> statement-breakpoint
ALTER TABLE `users` ADD `in_vat_system` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `theme` text;--> statement-breakpoint
ALTER TABLE `users` ADD `default_check_in_time` text;--> statement-breakpoint
ALTER TABLE `users` ADD `default_check_out_time` text;--> statement-breakpoint
ALTER TABLE `users` ADD `deletion_requested_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `deletion_due_at` integer;--> statement-breakpoint
CREATE INDEX `users_deletion_due_idx` ON `users` (`deletion_due_at`);--> statement-breakpoint
UPDATE `receipts` SET `reference_code` = (SELECT `reference_code` FROM `purchase_requests` WHERE `purchase_requests`.`id` = `receipts`.`purchase_request_id`);
