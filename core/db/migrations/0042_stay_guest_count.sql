ALTER TABLE `reservations` ADD `guest_count` integer;--> statement-breakpoint
ALTER TABLE `reservations` ADD `lead_guest_name` text;