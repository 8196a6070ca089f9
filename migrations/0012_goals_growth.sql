CREATE TABLE `goal_check_in_values` (
	`check_in_id` text NOT NULL,
	`key_result_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`before_value` real NOT NULL,
	`after_value` real NOT NULL,
	PRIMARY KEY(`check_in_id`, `key_result_id`),
	FOREIGN KEY (`check_in_id`) REFERENCES `goal_check_ins`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`key_result_id`) REFERENCES `goal_key_results`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `goal_check_ins` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`goal_id` text NOT NULL,
	`author_id` text,
	`comment` text DEFAULT '' NOT NULL,
	`confidence` integer,
	`status` text NOT NULL,
	`progress` real NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`goal_id`) REFERENCES `goals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `goal_check_ins_goal_idx` ON `goal_check_ins` (`goal_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `goal_key_results` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`goal_id` text NOT NULL,
	`title` text NOT NULL,
	`kind` text NOT NULL,
	`start_value` real DEFAULT 0 NOT NULL,
	`target_value` real DEFAULT 1 NOT NULL,
	`current_value` real DEFAULT 0 NOT NULL,
	`currency` text,
	`weight` real DEFAULT 1 NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`goal_id`) REFERENCES `goals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `goal_key_results_goal_idx` ON `goal_key_results` (`goal_id`,`position`);--> statement-breakpoint
CREATE TABLE `goal_settings` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`check_in_cadence` text DEFAULT 'WEEKLY' NOT NULL,
	`check_in_weekday` integer DEFAULT 1 NOT NULL,
	`due_reminder_days` integer DEFAULT 7 NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `goals` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`owner_kind` text NOT NULL,
	`owner_user_id` text,
	`owner_team_id` text,
	`parent_id` text,
	`kind` text DEFAULT 'OBJECTIVE' NOT NULL,
	`competency_id` text,
	`start_date` text,
	`due_date` text,
	`visibility` text NOT NULL,
	`status` text DEFAULT 'ON_TRACK' NOT NULL,
	`progress` real DEFAULT 0 NOT NULL,
	`last_check_in_at` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `goals`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `goals_org_owner_user_idx` ON `goals` (`organization_id`,`owner_user_id`,`due_date`);--> statement-breakpoint
CREATE INDEX `goals_org_owner_team_idx` ON `goals` (`organization_id`,`owner_team_id`);--> statement-breakpoint
CREATE INDEX `goals_org_kind_idx` ON `goals` (`organization_id`,`owner_kind`);--> statement-breakpoint
CREATE INDEX `goals_parent_idx` ON `goals` (`parent_id`);--> statement-breakpoint
CREATE TABLE `assessment_ratings` (
	`assessment_id` text NOT NULL,
	`competency_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`rating` integer,
	`comment` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`assessment_id`, `competency_id`),
	FOREIGN KEY (`assessment_id`) REFERENCES `assessments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`competency_id`) REFERENCES `competencies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `assessments` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`subject_id` text NOT NULL,
	`assessor_id` text,
	`kind` text NOT NULL,
	`status` text DEFAULT 'DRAFT' NOT NULL,
	`track_id` text NOT NULL,
	`level_id` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`submitted_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subject_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assessor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`track_id`) REFERENCES `competency_tracks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`level_id`) REFERENCES `competency_levels`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `assessments_org_subject_idx` ON `assessments` (`organization_id`,`subject_id`,`kind`,`submitted_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `assessments_one_draft_idx` ON `assessments` (`subject_id`,`kind`) WHERE "assessments"."status" = 'DRAFT';--> statement-breakpoint
CREATE TABLE `competencies` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`track_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`track_id`) REFERENCES `competency_tracks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `competencies_track_idx` ON `competencies` (`track_id`,`position`);--> statement-breakpoint
CREATE TABLE `competency_expectations` (
	`competency_id` text NOT NULL,
	`level_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`competency_id`, `level_id`),
	FOREIGN KEY (`competency_id`) REFERENCES `competencies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`level_id`) REFERENCES `competency_levels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `competency_levels` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`track_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`track_id`) REFERENCES `competency_tracks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `competency_levels_track_idx` ON `competency_levels` (`track_id`,`position`);--> statement-breakpoint
CREATE TABLE `competency_placements` (
	`user_id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`track_id` text NOT NULL,
	`level_id` text NOT NULL,
	`placed_by` text,
	`placed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`track_id`) REFERENCES `competency_tracks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`level_id`) REFERENCES `competency_levels`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`placed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `competency_placements_track_idx` ON `competency_placements` (`organization_id`,`track_id`);--> statement-breakpoint
CREATE TABLE `competency_tracks` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`builtin_key` text,
	`position` integer DEFAULT 0 NOT NULL,
	`archived_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `competency_tracks_org_name_idx` ON `competency_tracks` (`organization_id`,lower("name"));--> statement-breakpoint
CREATE TABLE `development_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`due_date` text,
	`competency_id` text,
	`goal_id` text,
	`done_at` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`competency_id`) REFERENCES `competencies`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`goal_id`) REFERENCES `goals`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `development_actions_user_idx` ON `development_actions` (`organization_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `development_plans` (
	`user_id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`mentor_id` text,
	`focus` text DEFAULT '' NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`mentor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
