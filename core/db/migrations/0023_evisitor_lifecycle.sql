ALTER TABLE `evisitor_login_guards` ADD `refused_api_key` text;--> statement-breakpoint
ALTER TABLE `evisitor_login_guards` ADD `refused_api_key_until` integer;--> statement-breakpoint
ALTER TABLE `guests` ADD `cancel_requested_at` integer;--> statement-breakpoint
ALTER TABLE `guests` ADD `cancel_reason` text;--> statement-breakpoint
ALTER TABLE `guests` ADD `cancelled_at` integer;--> statement-breakpoint
ALTER TABLE `guests` ADD `undo_check_out_requested_at` integer;--> statement-breakpoint
ALTER TABLE `guests` ADD `check_out_undone_at` integer;