CREATE TABLE `evisitor_login_guards` (
	`account_key` text PRIMARY KEY NOT NULL,
	`refused_password` text,
	`refused_until` integer,
	`locked_until` integer
);
