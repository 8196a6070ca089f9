ALTER TABLE `users` ADD `invited_at` text;--> statement-breakpoint
UPDATE `users` SET `invited_at` = (SELECT max(`created_at`) FROM `one_time_tokens` WHERE `one_time_tokens`.`user_id` = `users`.`id` AND `one_time_tokens`.`purpose` = 'invite') WHERE `status` = 'INVITED';
