CREATE TABLE `evisitor_code_lists` (
	`environment` text NOT NULL,
	`list` text NOT NULL,
	`rows` text NOT NULL,
	`fetched_at` integer NOT NULL,
	PRIMARY KEY(`environment`, `list`)
);
