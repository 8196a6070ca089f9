CREATE TABLE `review_automation_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`template_id` text,
	`every_count` integer DEFAULT 1 NOT NULL,
	`anchor_at` text,
	`user_ids` text NOT NULL,
	`team_ids` text NOT NULL,
	`perspectives` text NOT NULL,
	`min_peers` integer NOT NULL,
	`max_peers` integer NOT NULL,
	`anonymity_threshold` integer NOT NULL,
	`nomination_days` integer NOT NULL,
	`review_days` integer NOT NULL,
	`release_days` integer,
	`active` integer DEFAULT true NOT NULL,
	`periods_from` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `review_templates`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `review_automation_rules_org` ON `review_automation_rules` (`organization_id`,`active`);--> statement-breakpoint
CREATE TABLE `review_automation_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`rule_id` text NOT NULL,
	`period_key` text NOT NULL,
	`cycle_id` text,
	`skipped_reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rule_id`) REFERENCES `review_automation_rules`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cycle_id`) REFERENCES `review_cycles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_automation_runs_once` ON `review_automation_runs` (`rule_id`,`period_key`);--> statement-breakpoint
CREATE INDEX `review_automation_runs_org` ON `review_automation_runs` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `review_sprints` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`team_id` text NOT NULL,
	`name` text NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `review_sprints_team` ON `review_sprints` (`organization_id`,`team_id`,`ends_on`);