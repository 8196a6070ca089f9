CREATE TABLE `review_answers` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`request_id` text NOT NULL,
	`question_id` text NOT NULL,
	`rating` integer,
	`text` text,
	`choices` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`request_id`) REFERENCES `review_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `review_cycle_questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_answers_once` ON `review_answers` (`request_id`,`question_id`);--> statement-breakpoint
CREATE TABLE `review_cycle_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`cycle_id` text NOT NULL,
	`source_question_id` text,
	`section_position` integer NOT NULL,
	`section_title` text NOT NULL,
	`section_description` text,
	`position` integer NOT NULL,
	`kind` text NOT NULL,
	`prompt` text NOT NULL,
	`help_text` text,
	`options` text NOT NULL,
	`competency` text,
	`perspectives` text NOT NULL,
	`required` integer NOT NULL,
	`private` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cycle_id`) REFERENCES `review_cycles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_cycle_questions_order` ON `review_cycle_questions` (`cycle_id`,`section_position`,`position`);--> statement-breakpoint
CREATE TABLE `review_cycles` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`template_id` text,
	`status` text DEFAULT 'DRAFT' NOT NULL,
	`nomination_end` text,
	`review_end` text NOT NULL,
	`results_release` text,
	`perspectives` text NOT NULL,
	`min_peers` integer NOT NULL,
	`max_peers` integer NOT NULL,
	`anonymity_threshold` integer DEFAULT 5 NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`launched_at` text,
	`closed_at` text,
	`released_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `review_templates`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `review_cycles_org` ON `review_cycles` (`organization_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `review_cycles_creator` ON `review_cycles` (`created_by`);--> statement-breakpoint
CREATE TABLE `review_participants` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`cycle_id` text NOT NULL,
	`reviewee_id` text NOT NULL,
	`manager_id` text,
	`results_released_at` text,
	`released_by` text,
	`acknowledged_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cycle_id`) REFERENCES `review_cycles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`manager_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`released_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_participants_person` ON `review_participants` (`cycle_id`,`reviewee_id`);--> statement-breakpoint
CREATE INDEX `review_participants_reviewee` ON `review_participants` (`reviewee_id`);--> statement-breakpoint
CREATE INDEX `review_participants_manager` ON `review_participants` (`manager_id`);--> statement-breakpoint
CREATE TABLE `review_peer_nominations` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`participant_id` text NOT NULL,
	`reviewer_id` text NOT NULL,
	`nominated_by` text,
	`status` text DEFAULT 'PROPOSED' NOT NULL,
	`decided_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `review_participants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`nominated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_peer_nominations_pair` ON `review_peer_nominations` (`participant_id`,`reviewer_id`);--> statement-breakpoint
CREATE TABLE `review_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`cycle_id` text NOT NULL,
	`participant_id` text NOT NULL,
	`reviewee_id` text NOT NULL,
	`reviewer_id` text NOT NULL,
	`perspective` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`decline_reason` text,
	`due_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`declined_at` text,
	`submitted_at` text,
	`reopened_by` text,
	`reopened_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cycle_id`) REFERENCES `review_cycles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `review_participants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reopened_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_requests_once` ON `review_requests` (`cycle_id`,`reviewee_id`,`reviewer_id`,`perspective`);--> statement-breakpoint
CREATE INDEX `review_requests_reviewer` ON `review_requests` (`reviewer_id`,`status`,`due_at`);--> statement-breakpoint
CREATE INDEX `review_requests_participant` ON `review_requests` (`participant_id`);