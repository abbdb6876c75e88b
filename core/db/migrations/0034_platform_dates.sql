ALTER TABLE `reservations` ADD `platform_start_date` text;--> statement-breakpoint
ALTER TABLE `reservations` ADD `platform_end_date` text;