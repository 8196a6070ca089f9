DROP INDEX `teams_org_name`;--> statement-breakpoint
CREATE UNIQUE INDEX `teams_org_name` ON `teams` (`organization_id`,lower("name")) WHERE "teams"."deleted_at" is null;