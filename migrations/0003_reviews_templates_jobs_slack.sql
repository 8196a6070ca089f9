CREATE TABLE `slack_webhooks` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`webhook_url` text NOT NULL,
	`channel_label` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`last_success_at` text,
	`last_error` text,
	`last_error_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `review_template_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`template_id` text NOT NULL,
	`section_id` text NOT NULL,
	`position` integer NOT NULL,
	`kind` text NOT NULL,
	`prompt` text NOT NULL,
	`help_text` text,
	`options` text DEFAULT '[]' NOT NULL,
	`competency` text,
	`perspectives` text NOT NULL,
	`required` integer DEFAULT true NOT NULL,
	`private` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `review_templates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`section_id`) REFERENCES `review_template_sections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_template_questions_order` ON `review_template_questions` (`section_id`,`position`);--> statement-breakpoint
CREATE INDEX `review_template_questions_template` ON `review_template_questions` (`template_id`);--> statement-breakpoint
CREATE TABLE `review_template_sections` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`template_id` text NOT NULL,
	`position` integer NOT NULL,
	`title` text NOT NULL,
	`description` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `review_templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_template_sections_order` ON `review_template_sections` (`template_id`,`position`);--> statement-breakpoint
CREATE TABLE `review_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`review_type` text NOT NULL,
	`built_in_key` text,
	`archived_at` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `review_templates_org` ON `review_templates` (`organization_id`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `review_templates_org_builtin` ON `review_templates` (`organization_id`,`built_in_key`) WHERE "review_templates"."built_in_key" is not null;--> statement-breakpoint
CREATE TABLE `job_schedules` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`every_unit` text NOT NULL,
	`every_count` integer NOT NULL,
	`anchor_at` text NOT NULL,
	`ends_at` text,
	`catch_up` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`next_index` integer NOT NULL,
	`next_run_at` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_schedules_key` ON `job_schedules` (`key`);--> statement-breakpoint
CREATE INDEX `job_schedules_due` ON `job_schedules` (`active`,`next_run_at`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text,
	`kind` text NOT NULL,
	`unique_key` text NOT NULL,
	`schedule_id` text,
	`period` text,
	`payload` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer NOT NULL,
	`run_at` text NOT NULL,
	`last_error` text,
	`locked_until` text,
	`locked_by` text,
	`started_at` text,
	`finished_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`schedule_id`) REFERENCES `job_schedules`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_kind_unique_key` ON `jobs` (`kind`,`unique_key`);--> statement-breakpoint
CREATE INDEX `jobs_status_run_at` ON `jobs` (`status`,`run_at`);--> statement-breakpoint
CREATE INDEX `jobs_org_run_at` ON `jobs` (`organization_id`,`run_at`);--> statement-breakpoint
CREATE INDEX `jobs_schedule` ON `jobs` (`schedule_id`);