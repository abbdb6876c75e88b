CREATE TABLE `evisitor_trial_claims` (
	`oib_key` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL
);
