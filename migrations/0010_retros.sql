CREATE TABLE `retro_action_items` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`retro_id` text NOT NULL,
	`team_id` text NOT NULL,
	`group_id` text,
	`text` text NOT NULL,
	`owner_id` text,
	`due_on` text,
	`status` text DEFAULT 'OPEN' NOT NULL,
	`done_at` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`retro_id`) REFERENCES `retros`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `retro_action_items_team_idx` ON `retro_action_items` (`organization_id`,`team_id`,`status`);--> statement-breakpoint
CREATE INDEX `retro_action_items_owner_idx` ON `retro_action_items` (`owner_id`,`status`);--> statement-breakpoint
CREATE TABLE `retro_automation_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`team_id` text NOT NULL,
	`trigger` text NOT NULL,
	`every_weeks` integer DEFAULT 2 NOT NULL,
	`anchor_at` text,
	`template_id` text NOT NULL,
	`health_check_id` text,
	`facilitator_id` text,
	`anonymous` integer DEFAULT true NOT NULL,
	`max_votes` integer DEFAULT 5 NOT NULL,
	`max_votes_per_group` integer DEFAULT 3 NOT NULL,
	`reflect_hours` integer,
	`vote_hours` integer,
	`paused_at` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`facilitator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `retro_automation_rules_org_idx` ON `retro_automation_rules` (`organization_id`);--> statement-breakpoint
CREATE TABLE `retro_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`retro_id` text NOT NULL,
	`title` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`votes` integer DEFAULT 0 NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`discussed_seconds` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`retro_id`) REFERENCES `retros`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `retro_groups_retro_idx` ON `retro_groups` (`retro_id`);--> statement-breakpoint
CREATE TABLE `retro_health_answers` (
	`id` text PRIMARY KEY NOT NULL,
	`retro_id` text NOT NULL,
	`statement_index` integer NOT NULL,
	`voter_token` text,
	`score` integer NOT NULL,
	FOREIGN KEY (`retro_id`) REFERENCES `retros`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `retro_health_answers_one_idx` ON `retro_health_answers` (`retro_id`,`statement_index`,`voter_token`);--> statement-breakpoint
CREATE TABLE `retro_health_checks` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`statements` text NOT NULL,
	`archived_at` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `retro_health_checks_org_idx` ON `retro_health_checks` (`organization_id`);--> statement-breakpoint
CREATE TABLE `retro_participants` (
	`retro_id` text NOT NULL,
	`user_id` text NOT NULL,
	`check_in` text,
	`joined_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`retro_id`, `user_id`),
	FOREIGN KEY (`retro_id`) REFERENCES `retros`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `retro_reflections` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`retro_id` text NOT NULL,
	`prompt_id` text NOT NULL,
	`text` text NOT NULL,
	`author_id` text,
	`author_token` text,
	`group_id` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`retro_id`) REFERENCES `retros`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `retro_reflections_retro_idx` ON `retro_reflections` (`retro_id`);--> statement-breakpoint
CREATE INDEX `retro_reflections_group_idx` ON `retro_reflections` (`group_id`);--> statement-breakpoint
CREATE TABLE `retro_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`prompts` text NOT NULL,
	`archived_at` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `retro_templates_org_idx` ON `retro_templates` (`organization_id`);--> statement-breakpoint
CREATE TABLE `retro_votes` (
	`id` text PRIMARY KEY NOT NULL,
	`retro_id` text NOT NULL,
	`group_id` text NOT NULL,
	`voter_token` text NOT NULL,
	FOREIGN KEY (`retro_id`) REFERENCES `retros`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`group_id`) REFERENCES `retro_groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `retro_votes_retro_voter_idx` ON `retro_votes` (`retro_id`,`voter_token`);--> statement-breakpoint
CREATE TABLE `retros` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`team_id` text NOT NULL,
	`sprint_id` text,
	`title` text NOT NULL,
	`template_id` text NOT NULL,
	`template_name` text NOT NULL,
	`prompts` text NOT NULL,
	`facilitator_id` text,
	`anonymous` integer DEFAULT true NOT NULL,
	`max_votes` integer DEFAULT 5 NOT NULL,
	`max_votes_per_group` integer DEFAULT 3 NOT NULL,
	`check_in_question` text,
	`health_statements` text,
	`phase` text DEFAULT 'SCHEDULED' NOT NULL,
	`scheduled_at` text NOT NULL,
	`reflect_deadline` text,
	`vote_deadline` text,
	`topic_group_id` text,
	`topic_started_at` text,
	`topic_minutes` integer DEFAULT 5 NOT NULL,
	`started_at` text,
	`ended_at` text,
	`version` integer DEFAULT 1 NOT NULL,
	`author_key` text,
	`automation_rule_id` text,
	`period_key` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sprint_id`) REFERENCES `review_sprints`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`facilitator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `retros_org_team_idx` ON `retros` (`organization_id`,`team_id`,`scheduled_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `retros_rule_period_idx` ON `retros` (`automation_rule_id`,`period_key`);