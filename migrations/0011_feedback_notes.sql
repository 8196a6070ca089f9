CREATE TABLE `feedback` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`giver_id` text,
	`recipient_id` text NOT NULL,
	`body` text NOT NULL,
	`visibility` text NOT NULL,
	`request_id` text,
	`answers` text,
	`slack_shared_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`giver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`request_id`) REFERENCES `feedback_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `feedback_org_recipient_idx` ON `feedback` (`organization_id`,`recipient_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `feedback_org_giver_idx` ON `feedback` (`organization_id`,`giver_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `feedback_org_visibility_idx` ON `feedback` (`organization_id`,`visibility`,`created_at`);--> statement-breakpoint
CREATE INDEX `feedback_request_idx` ON `feedback` (`request_id`);--> statement-breakpoint
CREATE TABLE `feedback_automation_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`team_id` text,
	`trigger` text NOT NULL,
	`days_after_start` integer,
	`template_id` text NOT NULL,
	`responders` text DEFAULT 'TEAMMATES' NOT NULL,
	`responder_count` integer DEFAULT 3 NOT NULL,
	`paused_at` text,
	`last_run_at` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `feedback_automation_rules_org_idx` ON `feedback_automation_rules` (`organization_id`);--> statement-breakpoint
CREATE TABLE `feedback_nudges` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`manager_id` text,
	`since` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`manager_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feedback_nudges_user_since_idx` ON `feedback_nudges` (`user_id`,`since`);--> statement-breakpoint
CREATE TABLE `feedback_reactions` (
	`feedback_id` text NOT NULL,
	`user_id` text NOT NULL,
	`reaction` text NOT NULL,
	`organization_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`feedback_id`, `user_id`, `reaction`),
	FOREIGN KEY (`feedback_id`) REFERENCES `feedback`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `feedback_request_asks` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`request_id` text NOT NULL,
	`responder_id` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`decline_reason` text,
	`feedback_id` text,
	`answered_at` text,
	`reminded_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`request_id`) REFERENCES `feedback_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`responder_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`feedback_id`) REFERENCES `feedback`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feedback_request_asks_request_responder_idx` ON `feedback_request_asks` (`request_id`,`responder_id`);--> statement-breakpoint
CREATE INDEX `feedback_request_asks_org_responder_idx` ON `feedback_request_asks` (`organization_id`,`responder_id`,`status`);--> statement-breakpoint
CREATE TABLE `feedback_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`requester_id` text,
	`subject_id` text NOT NULL,
	`template_id` text,
	`template_name` text,
	`questions` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`due_on` text,
	`shared_at` text,
	`cancelled_at` text,
	`automation_rule_id` text,
	`period_key` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requester_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`subject_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `feedback_requests_org_requester_idx` ON `feedback_requests` (`organization_id`,`requester_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `feedback_requests_org_subject_idx` ON `feedback_requests` (`organization_id`,`subject_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `feedback_requests_rule_period_idx` ON `feedback_requests` (`automation_rule_id`,`subject_id`,`period_key`);--> statement-breakpoint
CREATE TABLE `feedback_tag_links` (
	`feedback_id` text NOT NULL,
	`tag_id` text NOT NULL,
	`organization_id` text NOT NULL,
	PRIMARY KEY(`feedback_id`, `tag_id`),
	FOREIGN KEY (`feedback_id`) REFERENCES `feedback`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `feedback_tags`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `feedback_tag_links_tag_idx` ON `feedback_tag_links` (`tag_id`);--> statement-breakpoint
CREATE TABLE `feedback_tags` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`archived_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feedback_tags_org_name_idx` ON `feedback_tags` (`organization_id`,lower("name"));--> statement-breakpoint
CREATE TABLE `feedback_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`questions` text NOT NULL,
	`archived_at` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `feedback_templates_org_idx` ON `feedback_templates` (`organization_id`);--> statement-breakpoint
CREATE TABLE `note_agenda_items` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`note_id` text NOT NULL,
	`text` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`done_at` text,
	`done_by` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`note_id`) REFERENCES `notes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`done_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `note_agenda_items_note_idx` ON `note_agenda_items` (`note_id`);--> statement-breakpoint
CREATE TABLE `notes` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`author_id` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`pinned` integer DEFAULT false NOT NULL,
	`about_user_id` text,
	`shared_at` text,
	`next_one_on_one` text,
	`version` integer DEFAULT 1 NOT NULL,
	`readers` text GENERATED ALWAYS AS (('u' || hex(author_id) || case when shared_at is not null and about_user_id is not null then ' u' || hex(about_user_id) else '' end)) VIRTUAL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`about_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `notes_org_author_idx` ON `notes` (`organization_id`,`author_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `notes_org_about_idx` ON `notes` (`organization_id`,`about_user_id`);--> statement-breakpoint
-- Full-text search over notes (docs/decisions/0048): an external-content FTS5 table over notes'
-- rowid, kept by triggers. Porter stemming over unicode61 (diacritics folded); prefix indexes for
-- 1 to 8 characters (the last word of a search is a prefix: without them a prefix reads every
-- matching term's whole doclist). `readers` (generated in notes: who reads the note) restricts every search to
-- the viewer's notes inside FTS5.
CREATE VIRTUAL TABLE `notes_fts` USING fts5(title, body, readers, content='notes', content_rowid='rowid', tokenize='porter unicode61 remove_diacritics 2', prefix='1 2 3 4 5 6 7 8');
--> statement-breakpoint
CREATE TRIGGER `notes_fts_ai` AFTER INSERT ON `notes` BEGIN
  INSERT INTO notes_fts(rowid, title, body, readers) VALUES (new.rowid, new.title, new.body, new.readers);
END;
--> statement-breakpoint
CREATE TRIGGER `notes_fts_ad` AFTER DELETE ON `notes` BEGIN
  INSERT INTO notes_fts(notes_fts, rowid, title, body, readers) VALUES ('delete', old.rowid, old.title, old.body, old.readers);
END;
--> statement-breakpoint
CREATE TRIGGER `notes_fts_au` AFTER UPDATE OF title, body, author_id, about_user_id, shared_at ON `notes` BEGIN
  INSERT INTO notes_fts(notes_fts, rowid, title, body, readers) VALUES ('delete', old.rowid, old.title, old.body, old.readers);
  INSERT INTO notes_fts(rowid, title, body, readers) VALUES (new.rowid, new.title, new.body, new.readers);
END;
