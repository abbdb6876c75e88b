ALTER TABLE `guests` ADD `registration_retry_at` integer;--> statement-breakpoint
ALTER TABLE `guests` ADD `registration_retries` integer DEFAULT 0 NOT NULL;