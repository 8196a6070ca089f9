CREATE TABLE `billing_accounts` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`plan_id` text,
	`status` text DEFAULT 'NONE' NOT NULL,
	`seat_limit` integer,
	`trial_ends_at` text,
	`current_period_end` text,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`past_due_since` text,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`stripe_item_id` text,
	`stripe_quantity` integer,
	`stripe_event_created` integer,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "billing_accounts_status" CHECK("billing_accounts"."status" IN ('NONE', 'TRIALING', 'ACTIVE', 'PAST_DUE', 'READ_ONLY', 'CANCELLED'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_accounts_customer` ON `billing_accounts` (`stripe_customer_id`);--> statement-breakpoint
CREATE TABLE `billing_seat_history` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`day` text NOT NULL,
	`seats` integer NOT NULL,
	`active` integer NOT NULL,
	`invited` integer NOT NULL,
	`recorded_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_seat_history_org_day` ON `billing_seat_history` (`organization_id`,`day`);--> statement-breakpoint
CREATE TABLE `billing_stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`organization_id` text,
	`received_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `billing_stripe_events_org` ON `billing_stripe_events` (`organization_id`);