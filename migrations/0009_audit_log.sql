CREATE TABLE `audit_events` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`actor_user_id` text,
	`actor_label` text,
	`action` text NOT NULL,
	`subject_user_id` text,
	`subject_label` text,
	`ip` text,
	`details` text
);
--> statement-breakpoint
CREATE INDEX `audit_events_org_at` ON `audit_events` (`organization_id`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_events_org_action_at` ON `audit_events` (`organization_id`,`action`,`at`);--> statement-breakpoint
CREATE INDEX `audit_events_org_actor_at` ON `audit_events` (`organization_id`,`actor_user_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_events_org_subject_at` ON `audit_events` (`organization_id`,`subject_user_id`,`at`);--> statement-breakpoint
CREATE TABLE `audit_settings` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`retention_days` integer DEFAULT 365 NOT NULL,
	`updated_by` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Append-only (docs/decisions/0042): no UPDATE ever; a DELETE only of an event older than its organization's retention.
CREATE TRIGGER `audit_events_no_update` BEFORE UPDATE ON `audit_events`
BEGIN
	SELECT RAISE(ABORT, 'audit_events is append-only: events cannot be changed');
END;--> statement-breakpoint
CREATE TRIGGER `audit_events_no_early_delete` BEFORE DELETE ON `audit_events`
WHEN OLD.`at` >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || COALESCE((SELECT `retention_days` FROM `audit_settings` WHERE `organization_id` = OLD.`organization_id`), 365) || ' days')
BEGIN
	SELECT RAISE(ABORT, 'audit_events is append-only: only events older than the retention can be deleted');
END;
