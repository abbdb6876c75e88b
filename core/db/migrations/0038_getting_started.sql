ALTER TABLE `users` ADD `qr_printed_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `getting_started_hidden_at` integer;
-- Issue 32 item 6: the first steps stay on the dashboard until each is done or the host hides
-- them. Nothing marked a printed QR sheet before; the product does not guess who printed one.
