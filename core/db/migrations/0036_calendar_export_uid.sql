ALTER TABLE `reservations` ADD `export_uid` text;--> statement-breakpoint
-- Issue 30, N1: the exported calendar named each stay by its code, which opens the guests'
-- check-in page. Every existing stay gets a random version 4 UUID instead, once, so the feed's
-- events keep one UID from now on (a platform sees each of them change UID once, on this upgrade).
UPDATE `reservations` SET `export_uid` = lower(
  hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' ||
  substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' ||
  hex(randomblob(6))
) WHERE `export_uid` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `reservations_exportUid_unique` ON `reservations` (`export_uid`);
