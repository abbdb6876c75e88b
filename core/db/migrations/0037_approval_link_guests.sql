ALTER TABLE `stay_approval_tokens` ADD `guest_ids` text;--> statement-breakpoint
-- Issue 30, N7: an e-mailed "approve guests" link approved every guest held at its stay when it
-- was tapped, named in its e-mail or not. Links now carry the guests they approve; the ones already
-- sent name nobody, so they end here (the host approves in the app, beside the notification).
UPDATE `stay_approval_tokens` SET `expires_at` = `created_at` WHERE `used_at` IS NULL;
