CREATE TABLE `feedback` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`category` text NOT NULL,
	`rating` integer NOT NULL,
	`text` text NOT NULL,
	`language` text DEFAULT 'hr' NOT NULL,
	`created_at` integer NOT NULL,
	`emailed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `feedback_created_idx` ON `feedback` (`created_at`);--> statement-breakpoint
CREATE INDEX `feedback_category_created_idx` ON `feedback` (`category`,`created_at`);--> statement-breakpoint
CREATE TABLE `legal_acceptances` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`document` text NOT NULL,
	`version` text NOT NULL,
	`accepted_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `legal_acceptances_user_document_version_idx` ON `legal_acceptances` (`user_id`,`document`,`version`);--> statement-breakpoint
CREATE INDEX `legal_acceptances_user_idx` ON `legal_acceptances` (`user_id`,`accepted_at`);