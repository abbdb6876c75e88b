CREATE TABLE `schedule_marks` (
	`name` text PRIMARY KEY NOT NULL,
	`last_run_on` text NOT NULL
);
