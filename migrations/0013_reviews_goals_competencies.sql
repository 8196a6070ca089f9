ALTER TABLE `review_cycle_questions` ADD `competency_id` text;--> statement-breakpoint
ALTER TABLE `review_cycle_questions` ADD `show_goals` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `review_template_questions` ADD `competency_id` text;--> statement-breakpoint
ALTER TABLE `review_template_questions` ADD `show_goals` integer DEFAULT false NOT NULL;