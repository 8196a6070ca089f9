CREATE TABLE `demo_records` (
	`organization_id` text NOT NULL,
	`table_name` text NOT NULL,
	`row_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`table_name`, `row_id`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `demo_records_org` ON `demo_records` (`organization_id`,`table_name`);