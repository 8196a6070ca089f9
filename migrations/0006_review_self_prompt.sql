ALTER TABLE `review_cycle_questions` ADD `self_prompt` text;--> statement-breakpoint
ALTER TABLE `review_template_questions` ADD `self_prompt` text;