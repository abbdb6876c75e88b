CREATE TABLE `calendar_sync_leases` (
	`accommodation_unit_id` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `calendar_feeds` ADD `body_digest` text;--> statement-breakpoint
ALTER TABLE `calendar_feeds` ADD `events_digest` text;--> statement-breakpoint
ALTER TABLE `calendar_feeds` ADD `stays_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `calendar_feeds` ADD `applied_stays_version` integer;--> statement-breakpoint
ALTER TABLE `calendar_feeds` ADD `next_sync_at` integer;--> statement-breakpoint
CREATE INDEX `calendar_feeds_next_sync_idx` ON `calendar_feeds` (`next_sync_at`);--> statement-breakpoint
-- Existing feeds: due again within 15 minutes of their last fetch, each at its own moment, so the
-- first round after the upgrade is already spread (the worker then keeps each unit's moment).
UPDATE `calendar_feeds` SET `next_sync_at` = `last_fetch_at` + abs(random() % 900000)
  WHERE `last_fetch_at` IS NOT NULL;--> statement-breakpoint
-- Any change to a unit's stays that a sync reads makes its feeds reconcile in full next time.
CREATE TRIGGER `reservations_calendar_insert` AFTER INSERT ON `reservations` BEGIN
  UPDATE `calendar_feeds` SET `stays_version` = `stays_version` + 1
    WHERE `accommodation_unit_id` = NEW.`accommodation_unit_id`;
END;--> statement-breakpoint
CREATE TRIGGER `reservations_calendar_delete` AFTER DELETE ON `reservations` BEGIN
  UPDATE `calendar_feeds` SET `stays_version` = `stays_version` + 1
    WHERE `accommodation_unit_id` = OLD.`accommodation_unit_id`;
END;--> statement-breakpoint
CREATE TRIGGER `reservations_calendar_update` AFTER UPDATE OF `accommodation_unit_id`, `start_date`,
  `end_date`, `kind`, `type`, `description`, `source_feed_id`, `source_uid`, `source_recurrence_id`,
  `platform_start_date`, `platform_end_date`, `canceled_at`, `code` ON `reservations` BEGIN
  UPDATE `calendar_feeds` SET `stays_version` = `stays_version` + 1
    WHERE `accommodation_unit_id` IN (OLD.`accommodation_unit_id`, NEW.`accommodation_unit_id`);
END;
