CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`impersonator_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer,
	`ended_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_impersonator_idx` ON `sessions` (`impersonator_id`);--> statement-breakpoint
ALTER TABLE `login_throttle` ADD `last_failure_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `totp_last_step` integer;--> statement-breakpoint
INSERT INTO `sessions` (`id`, `user_id`, `impersonator_id`, `created_at`, `expires_at`, `ended_at`)
SELECT `family_id`, `user_id`, max(`impersonator_id`), min(`created_at`),
	CASE WHEN max(`impersonator_id`) IS NOT NULL THEN min(`created_at`) + 3600000 END,
	CASE WHEN sum(`revoked_at` IS NULL) = 0 THEN max(`revoked_at`) END
FROM `refresh_tokens` GROUP BY `family_id`, `user_id`;
