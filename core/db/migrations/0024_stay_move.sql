ALTER TABLE `guests` ADD `registered_stay_from` text;--> statement-breakpoint
ALTER TABLE `guests` ADD `registered_time_stay_from` text;--> statement-breakpoint
ALTER TABLE `guests` ADD `re_register_requested_at` integer;--> statement-breakpoint
ALTER TABLE `guests` ADD `departure_update_requested_at` integer;