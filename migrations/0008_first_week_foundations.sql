CREATE TABLE `demo_records` (
	`organization_id` text NOT NULL,
	`table_name` text NOT NULL,
	`row_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`table_name`, `row_id`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `demo_records_org` ON `demo_records` (`organization_id`,`table_name`);--> statement-breakpoint
CREATE TABLE `install_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`operator_organization_id` text,
	`sign_up` text,
	`updated_by` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`operator_organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "install_settings_one_row" CHECK("install_settings"."id" = 1),
	CONSTRAINT "install_settings_sign_up" CHECK("install_settings"."sign_up" IN ('OPEN', 'CLOSED'))
);
--> statement-breakpoint
ALTER TABLE `review_participants` ADD `results_opened_at` text;--> statement-breakpoint
ALTER TABLE `review_participants` ADD `nomination_requested_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `invited_at` text;--> statement-breakpoint
UPDATE `users` SET `invited_at` = (SELECT max(`created_at`) FROM `one_time_tokens` WHERE `one_time_tokens`.`user_id` = `users`.`id` AND `one_time_tokens`.`purpose` = 'invite') WHERE `status` = 'INVITED';--> statement-breakpoint
-- An install that already has organizations records its first one as the operator organization, once, here.
INSERT INTO `install_settings` (`id`, `operator_organization_id`) SELECT 1, `id` FROM `organizations` ORDER BY `created_at`, `rowid` LIMIT 1;
