ALTER TABLE `review_participants` ADD `results_opened_at` text;--> statement-breakpoint
ALTER TABLE `review_participants` ADD `nomination_requested_at` text;