DROP INDEX `goals_parent_idx`;--> statement-breakpoint
CREATE INDEX `goals_parent_visibility_idx` ON `goals` (`parent_id`,`organization_id`,`visibility`,`owner_kind`,`owner_user_id`,`owner_team_id`);