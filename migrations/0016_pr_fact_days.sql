CREATE TABLE `ext_pr_fact_days` (
	`organization_id` text NOT NULL,
	`scope_id` text NOT NULL,
	`day` integer NOT NULL,
	`count` integer NOT NULL,
	`facts` blob NOT NULL,
	PRIMARY KEY(`organization_id`, `scope_id`, `day`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`scope_id`) REFERENCES `integration_scopes`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `ext_pr_fact_stale` (
	`organization_id` text NOT NULL,
	`day` integer NOT NULL,
	PRIMARY KEY(`organization_id`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
-- Hand-written (docs/decisions/0052): a day of ext_pr_fact_days goes stale whenever a pull request merged that day is written or removed.
-- NOT EXISTS rather than OR IGNORE: an outer statement's conflict policy (an upsert's) would override the trigger's.
CREATE TRIGGER `ext_pr_fact_stale_insert` AFTER INSERT ON `ext_pull_requests` WHEN unixepoch(new.merged_at) IS NOT NULL BEGIN
	INSERT INTO `ext_pr_fact_stale` (`organization_id`, `day`) SELECT new.organization_id, unixepoch(new.merged_at) / 86400
		WHERE NOT EXISTS (SELECT 1 FROM `ext_pr_fact_stale` WHERE `organization_id` = new.organization_id AND `day` = unixepoch(new.merged_at) / 86400);
END;--> statement-breakpoint
CREATE TRIGGER `ext_pr_fact_stale_update` AFTER UPDATE ON `ext_pull_requests` BEGIN
	INSERT INTO `ext_pr_fact_stale` (`organization_id`, `day`) SELECT old.organization_id, unixepoch(old.merged_at) / 86400
		WHERE unixepoch(old.merged_at) IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `ext_pr_fact_stale` WHERE `organization_id` = old.organization_id AND `day` = unixepoch(old.merged_at) / 86400);
	INSERT INTO `ext_pr_fact_stale` (`organization_id`, `day`) SELECT new.organization_id, unixepoch(new.merged_at) / 86400
		WHERE unixepoch(new.merged_at) IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `ext_pr_fact_stale` WHERE `organization_id` = new.organization_id AND `day` = unixepoch(new.merged_at) / 86400);
END;--> statement-breakpoint
CREATE TRIGGER `ext_pr_fact_stale_delete` AFTER DELETE ON `ext_pull_requests` WHEN unixepoch(old.merged_at) IS NOT NULL BEGIN
	INSERT INTO `ext_pr_fact_stale` (`organization_id`, `day`) SELECT old.organization_id, unixepoch(old.merged_at) / 86400
		WHERE NOT EXISTS (SELECT 1 FROM `ext_pr_fact_stale` WHERE `organization_id` = old.organization_id AND `day` = unixepoch(old.merged_at) / 86400);
END;--> statement-breakpoint
CREATE TRIGGER `ext_pr_fact_stale_bot` AFTER UPDATE OF `is_bot` ON `ext_accounts` WHEN new.is_bot IS NOT old.is_bot BEGIN
	INSERT INTO `ext_pr_fact_stale` (`organization_id`, `day`)
		SELECT DISTINCT p.`organization_id`, unixepoch(p.`merged_at`) / 86400 FROM `ext_pull_requests` p
		WHERE p.`author_account_id` = new.id AND unixepoch(p.`merged_at`) IS NOT NULL
			AND NOT EXISTS (SELECT 1 FROM `ext_pr_fact_stale` s WHERE s.`organization_id` = p.`organization_id` AND s.`day` = unixepoch(p.`merged_at`) / 86400);
END;--> statement-breakpoint
INSERT OR IGNORE INTO `ext_pr_fact_stale` (`organization_id`, `day`)
	SELECT `organization_id`, unixepoch(`merged_at`) / 86400 FROM `ext_pull_requests` WHERE unixepoch(`merged_at`) IS NOT NULL;
