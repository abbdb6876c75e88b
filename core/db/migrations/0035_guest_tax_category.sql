ALTER TABLE `guests` ADD `tax_category` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `tax_categories` text;