PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_mass_creation_batches` (
	`id` text NOT NULL,
	`organization_id` text NOT NULL,
	`created_by` text NOT NULL,
	`status` text NOT NULL,
	`dry_run` integer DEFAULT false NOT NULL,
	`total` integer NOT NULL,
	`created` integer DEFAULT 0 NOT NULL,
	`result` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`finished_at` text,
	PRIMARY KEY(`organization_id`, `id`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_mass_creation_batches`("id", "organization_id", "created_by", "status", "dry_run", "total", "created", "result", "created_at", "finished_at") SELECT "id", "organization_id", "created_by", "status", "dry_run", "total", "created", "result", "created_at", "finished_at" FROM `mass_creation_batches`;--> statement-breakpoint
DROP TABLE `mass_creation_batches`;--> statement-breakpoint
ALTER TABLE `__new_mass_creation_batches` RENAME TO `mass_creation_batches`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `mass_creation_batches_org` ON `mass_creation_batches` (`organization_id`);