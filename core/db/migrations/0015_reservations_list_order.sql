DROP INDEX `reservations_user_dates_idx`;--> statement-breakpoint
CREATE INDEX `reservations_user_dates_idx` ON `reservations` (`user_id`,`start_date`,`id`,`end_date`,`kind`,`canceled_at`);