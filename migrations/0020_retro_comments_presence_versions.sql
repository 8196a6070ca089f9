CREATE TABLE `retro_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`retro_id` text NOT NULL,
	`group_id` text NOT NULL,
	`text` text NOT NULL,
	`author_id` text,
	`author_token` text,
	`from_notes` integer DEFAULT false NOT NULL,
	`position` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`retro_id`) REFERENCES `retros`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`group_id`) REFERENCES `retro_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `retro_comments_retro_idx` ON `retro_comments` (`retro_id`);--> statement-breakpoint
CREATE INDEX `retro_comments_group_idx` ON `retro_comments` (`group_id`,`position`);--> statement-breakpoint
ALTER TABLE `feedback_templates` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `competency_tracks` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `retro_health_checks` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `retro_templates` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `retros` ADD `participants_at_end` integer;--> statement-breakpoint
ALTER TABLE `retros` ADD `team_size_at_end` integer;--> statement-breakpoint
ALTER TABLE `review_templates` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Hand-written (docs/decisions/0059): each topic's shared notes become one comment of that topic, by
-- nobody in particular (the notes box kept no author), before the column goes.
INSERT INTO `retro_comments` (`id`, `organization_id`, `retro_id`, `group_id`, `text`, `author_id`, `author_token`, `from_notes`, `position`, `created_at`, `updated_at`)
	SELECT lower(substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(h, 18, 3) || '-' || substr(h, 21, 12)),
		g.`organization_id`, g.`retro_id`, g.`id`, g.`notes`, NULL, NULL, 1, 0, g.`created_at`, g.`created_at`
	FROM (SELECT *, hex(randomblob(16)) AS h FROM `retro_groups` WHERE trim(`notes`) != '') g;
--> statement-breakpoint
-- Hand-written (docs/decisions/0059): retros that ended before participation was recorded at the end get
-- a best-effort record: who took part as stored, and the team's members that existed then (created
-- before the end, not deleted before it, not deactivated now: when someone was deactivated is not kept).
UPDATE `retros` SET
	`participants_at_end` = (SELECT count(*) FROM `retro_participants` p WHERE p.`retro_id` = `retros`.`id`),
	`team_size_at_end` = (SELECT count(*) FROM `users` u WHERE u.`organization_id` = `retros`.`organization_id` AND u.`team_id` = `retros`.`team_id`
		AND u.`created_at` <= `retros`.`ended_at` AND (u.`deleted_at` IS NULL OR u.`deleted_at` > `retros`.`ended_at`) AND u.`status` != 'DEACTIVATED')
	WHERE `ended_at` IS NOT NULL;
--> statement-breakpoint
ALTER TABLE `retro_groups` DROP COLUMN `notes`;