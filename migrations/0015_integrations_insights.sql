CREATE TABLE `code_process_settings` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`settings` text NOT NULL,
	`updated_by` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `ext_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`external_id` text NOT NULL,
	`login` text,
	`display_name` text,
	`email` text,
	`is_bot` integer DEFAULT false NOT NULL,
	`user_id` text,
	`match_kind` text DEFAULT 'NONE' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `integration_connections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ext_accounts_natural` ON `ext_accounts` (`connection_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `ext_accounts_user` ON `ext_accounts` (`organization_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `ext_deployments` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`scope_id` text NOT NULL,
	`external_id` text NOT NULL,
	`environment` text NOT NULL,
	`result` text NOT NULL,
	`sha` text,
	`started_at` text,
	`finished_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`scope_id`) REFERENCES `integration_scopes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ext_deployments_natural` ON `ext_deployments` (`scope_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `ext_deployments_finished` ON `ext_deployments` (`organization_id`,`finished_at`);--> statement-breakpoint
CREATE TABLE `ext_issue_transitions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`issue_id` text NOT NULL,
	`external_id` text NOT NULL,
	`at` text NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`from_category` text,
	`to_category` text NOT NULL,
	FOREIGN KEY (`issue_id`) REFERENCES `ext_issues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ext_issue_transitions_natural` ON `ext_issue_transitions` (`issue_id`,`external_id`);--> statement-breakpoint
CREATE TABLE `ext_issues` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`scope_id` text NOT NULL,
	`external_id` text NOT NULL,
	`key` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`url` text,
	`issue_type` text DEFAULT '' NOT NULL,
	`is_bug` integer DEFAULT false NOT NULL,
	`is_incident` integer DEFAULT false NOT NULL,
	`status` text DEFAULT '' NOT NULL,
	`status_category` text NOT NULL,
	`story_points` real,
	`assignee_account_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`resolved_at` text,
	`first_in_progress_at` text,
	`cycle_minutes` integer,
	`caused_by_deployment_id` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `integration_connections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`scope_id`) REFERENCES `integration_scopes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assignee_account_id`) REFERENCES `ext_accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ext_issues_natural` ON `ext_issues` (`connection_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `ext_issues_resolved` ON `ext_issues` (`organization_id`,`resolved_at`);--> statement-breakpoint
CREATE INDEX `ext_issues_scope` ON `ext_issues` (`scope_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `ext_pr_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pull_request_id` text NOT NULL,
	`external_id` text NOT NULL,
	`kind` text NOT NULL,
	`actor_account_id` text,
	`target_account_id` text,
	`state` text,
	`at` text NOT NULL,
	FOREIGN KEY (`pull_request_id`) REFERENCES `ext_pull_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_account_id`) REFERENCES `ext_accounts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`target_account_id`) REFERENCES `ext_accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ext_pr_events_natural` ON `ext_pr_events` (`pull_request_id`,`kind`,`external_id`);--> statement-breakpoint
CREATE INDEX `ext_pr_events_actor` ON `ext_pr_events` (`actor_account_id`,`at`);--> statement-breakpoint
CREATE TABLE `ext_pull_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`scope_id` text NOT NULL,
	`external_id` text NOT NULL,
	`number` integer NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`url` text,
	`author_account_id` text,
	`state` text NOT NULL,
	`is_draft` integer DEFAULT false NOT NULL,
	`base_ref` text,
	`merge_commit_sha` text,
	`additions` integer,
	`deletions` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`merged_at` text,
	`closed_at` text,
	`first_commit_at` text,
	`ready_at` text,
	`first_review_at` text,
	`first_approval_at` text,
	`last_approval_at` text,
	`deployment_id` text,
	`deployed_at` text,
	`review_comments` integer DEFAULT 0 NOT NULL,
	`all_comments` integer DEFAULT 0 NOT NULL,
	`review_rounds` integer DEFAULT 0 NOT NULL,
	`ingested_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `integration_connections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`scope_id`) REFERENCES `integration_scopes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_account_id`) REFERENCES `ext_accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ext_pull_requests_natural` ON `ext_pull_requests` (`scope_id`,`number`);--> statement-breakpoint
CREATE INDEX `ext_pull_requests_merged` ON `ext_pull_requests` (`organization_id`,`merged_at`);--> statement-breakpoint
CREATE INDEX `ext_pull_requests_author` ON `ext_pull_requests` (`author_account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `ext_sprint_issues` (
	`sprint_id` text NOT NULL,
	`issue_id` text NOT NULL,
	`added_at` text NOT NULL,
	`removed_at` text,
	PRIMARY KEY(`sprint_id`, `issue_id`),
	FOREIGN KEY (`sprint_id`) REFERENCES `ext_sprints`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`issue_id`) REFERENCES `ext_issues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `ext_sprints` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`scope_id` text NOT NULL,
	`external_id` text NOT NULL,
	`name` text NOT NULL,
	`state` text NOT NULL,
	`start_at` text,
	`end_at` text,
	`complete_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `integration_connections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`scope_id`) REFERENCES `integration_scopes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ext_sprints_natural` ON `ext_sprints` (`connection_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `ext_sprints_scope` ON `ext_sprints` (`scope_id`,`start_at`);--> statement-breakpoint
CREATE TABLE `integration_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`provider` text NOT NULL,
	`base_url` text NOT NULL,
	`account` text DEFAULT '' NOT NULL,
	`auth_kind` text DEFAULT 'TOKEN' NOT NULL,
	`secret_sealed` text NOT NULL,
	`secret_hint` text DEFAULT '' NOT NULL,
	`webhook_secret_sealed` text,
	`external_info` text DEFAULT '{}' NOT NULL,
	`backfill_months` integer DEFAULT 6 NOT NULL,
	`status` text DEFAULT 'CONNECTED' NOT NULL,
	`last_error` text,
	`last_synced_at` text,
	`is_sample` integer DEFAULT false NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `integration_connections_org_provider` ON `integration_connections` (`organization_id`,`provider`);--> statement-breakpoint
CREATE TABLE `integration_scopes` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`kind` text NOT NULL,
	`external_id` text NOT NULL,
	`name` text NOT NULL,
	`url` text,
	`default_branch` text,
	`included` integer DEFAULT true NOT NULL,
	`team_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `integration_connections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `integration_scopes_natural` ON `integration_scopes` (`connection_id`,`kind`,`external_id`);--> statement-breakpoint
CREATE INDEX `integration_scopes_team` ON `integration_scopes` (`organization_id`,`team_id`);--> statement-breakpoint
CREATE TABLE `retro_action_issues` (
	`action_item_id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`scope_id` text NOT NULL,
	`external_id` text NOT NULL,
	`key` text NOT NULL,
	`url` text,
	`closed_at` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`action_item_id`) REFERENCES `retro_action_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `integration_connections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`scope_id`) REFERENCES `integration_scopes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `retro_action_issues_external` ON `retro_action_issues` (`connection_id`,`scope_id`,`external_id`);--> statement-breakpoint
CREATE TABLE `sync_cursors` (
	`connection_id` text NOT NULL,
	`scope_key` text NOT NULL,
	`entity` text NOT NULL,
	`cursor` text,
	`etag` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`connection_id`, `scope_key`, `entity`),
	FOREIGN KEY (`connection_id`) REFERENCES `integration_connections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sync_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'QUEUED' NOT NULL,
	`job_id` text,
	`progress_done` integer DEFAULT 0 NOT NULL,
	`progress_total` integer,
	`progress_label` text,
	`items_written` integer DEFAULT 0 NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	`error` text,
	`resumes_at` text,
	`started_at` text,
	`finished_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `integration_connections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sync_runs_connection` ON `sync_runs` (`connection_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`connection_id` text NOT NULL,
	`delivery_id` text NOT NULL,
	`event` text NOT NULL,
	`received_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`connection_id`, `delivery_id`),
	FOREIGN KEY (`connection_id`) REFERENCES `integration_connections`(`id`) ON UPDATE no action ON DELETE cascade
);
