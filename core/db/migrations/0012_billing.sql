CREATE TABLE `purchase_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`number` integer NOT NULL,
	`reference_code` text NOT NULL,
	`user_id` text NOT NULL,
	`package_id` text NOT NULL,
	`package_name` text NOT NULL,
	`months` integer NOT NULL,
	`base_monthly_cents` integer NOT NULL,
	`discount_percent` integer NOT NULL,
	`undiscounted_cents` integer NOT NULL,
	`discount_cents` integer NOT NULL,
	`final_cents` integer NOT NULL,
	`status` integer NOT NULL,
	`handled_by` text,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`package_id`) REFERENCES `subscription_packages`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_requests_number_unique` ON `purchase_requests` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_requests_referenceCode_unique` ON `purchase_requests` (`reference_code`);--> statement-breakpoint
CREATE INDEX `purchase_requests_user_idx` ON `purchase_requests` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `purchase_requests_status_idx` ON `purchase_requests` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`year` integer NOT NULL,
	`sequence` integer NOT NULL,
	`purchase_request_id` text NOT NULL,
	`user_id` text NOT NULL,
	`user_email` text NOT NULL,
	`package_name` text NOT NULL,
	`months` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`period_start` integer NOT NULL,
	`period_end` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`purchase_request_id`) REFERENCES `purchase_requests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_purchaseRequestId_unique` ON `receipts` (`purchase_request_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_number_idx` ON `receipts` (`year`,`sequence`);--> statement-breakpoint
CREATE INDEX `receipts_user_idx` ON `receipts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `subscription_packages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`base_price_cents` integer NOT NULL,
	`periods` text NOT NULL,
	`policy` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`package_id` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`status` integer NOT NULL,
	`is_trial` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`package_id`) REFERENCES `subscription_packages`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_userId_unique` ON `subscriptions` (`user_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_status_end_idx` ON `subscriptions` (`status`,`end_at`);--> statement-breakpoint
-- The plans (spec section 9). Prices, periods and policies are data: update these rows to change them.
INSERT INTO `subscription_packages` (`id`, `name`, `description`, `base_price_cents`, `periods`, `policy`, `sort_order`, `is_active`, `created_at`, `updated_at`) VALUES
('basic', 'Basic', 'Za male iznajmljivače: jedan objekt s jednom smještajnom jedinicom i jedan eVisitor račun. QR prijava gostiju, automatska prijava i odjava, sinkronizacija kalendara.', 990, '[{"months":1,"discountPercent":0},{"months":6,"discountPercent":10},{"months":12,"discountPercent":20}]', '{"maxExternalAccounts":1,"maxProperties":1,"allowBulkImport":false,"allowDataExport":false,"allowApiAccess":false,"maxUsersPerProperty":1,"maxBookingsPerMonth":30,"maxUnitsPerProperty":1}', 1, 1, CAST(strftime('%s','now') AS INTEGER) * 1000, CAST(strftime('%s','now') AS INTEGER) * 1000),
('pro', 'Pro', 'Za ozbiljne iznajmljivače: do 5 objekata s više smještajnih jedinica i jedan eVisitor račun. Sve iz paketa Basic te izvoz podataka.', 1990, '[{"months":1,"discountPercent":0},{"months":6,"discountPercent":10},{"months":12,"discountPercent":20}]', '{"maxExternalAccounts":1,"maxProperties":5,"allowBulkImport":false,"allowDataExport":true,"allowApiAccess":false,"maxUsersPerProperty":1,"maxBookingsPerMonth":null,"maxUnitsPerProperty":null}', 2, 1, CAST(strftime('%s','now') AS INTEGER) * 1000, CAST(strftime('%s','now') AS INTEGER) * 1000),
('premium', 'Premium', 'Za profesionalne upravitelje: neograničen broj objekata i do 10 eVisitor računa. Sve iz paketa Pro te skupni uvoz i pristup API-ju.', 3990, '[{"months":1,"discountPercent":0},{"months":6,"discountPercent":10},{"months":12,"discountPercent":20}]', '{"maxExternalAccounts":10,"maxProperties":null,"allowBulkImport":true,"allowDataExport":true,"allowApiAccess":true,"maxUsersPerProperty":5,"maxBookingsPerMonth":null,"maxUnitsPerProperty":null}', 3, 1, CAST(strftime('%s','now') AS INTEGER) * 1000, CAST(strftime('%s','now') AS INTEGER) * 1000);
--> statement-breakpoint
-- Everyone registered before billing gets the 3-month trial (Pro's limits) from today.
INSERT INTO `subscriptions` (`id`, `user_id`, `package_id`, `start_at`, `end_at`, `status`, `is_trial`, `created_at`, `updated_at`)
SELECT lower(hex(randomblob(16))), `id`, 'pro', CAST(strftime('%s','now') AS INTEGER) * 1000, CAST(strftime('%s','now','+3 months') AS INTEGER) * 1000, 0, 1, CAST(strftime('%s','now') AS INTEGER) * 1000, CAST(strftime('%s','now') AS INTEGER) * 1000 FROM `users`;
