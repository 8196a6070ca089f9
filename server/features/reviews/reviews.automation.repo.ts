import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/tokens.js';
import type { ReviewAutomationRuleData } from '../../../shared/review-automation.schemas.js';
import { users, type UserRow } from '../users/users.repo.js';
import { reviewAutomationRules, reviewAutomationRuns } from './reviews.automation.tables.js';

export type ReviewAutomationRuleRow = typeof reviewAutomationRules.$inferSelect;
export type ReviewAutomationRunRow = typeof reviewAutomationRuns.$inferSelect;

const inOrg = (orgId: string) => eq(reviewAutomationRules.organization_id, orgId);

const ruleValues = (data: ReviewAutomationRuleData) => ({
  name: data.name,
  type: data.type,
  template_id: data.template_id,
  every_count: data.type === 'SPRINT_END' ? 1 : (data.every_count ?? 1),
  anchor_at: data.type === 'REPEAT' && data.anchor_on ? `${data.anchor_on}T00:00:00.000Z` : null,
  user_ids: data.type === 'REPEAT' ? data.user_ids : [],
  team_ids: data.team_ids,
  perspectives: data.perspectives,
  min_peers: data.min_peers,
  max_peers: data.max_peers,
  anonymity_threshold: data.anonymity_threshold,
  nomination_days: data.nomination_days,
  review_days: data.review_days,
  release_days: data.release_days,
});

export function listAutomationRules(db: Db, orgId: string): ReviewAutomationRuleRow[] {
  return db
    .select()
    .from(reviewAutomationRules)
    .where(inOrg(orgId))
    .orderBy(asc(sql`lower(${reviewAutomationRules.name})`), asc(reviewAutomationRules.created_at))
    .all();
}

export function findAutomationRule(db: Db, orgId: string, id: string): ReviewAutomationRuleRow | undefined {
  return db
    .select()
    .from(reviewAutomationRules)
    .where(and(inOrg(orgId), eq(reviewAutomationRules.id, id)))
    .get();
}

/** Every active rule of every organization (the hourly pass). */
export function listActiveAutomationRules(db: Db): ReviewAutomationRuleRow[] {
  return db.select().from(reviewAutomationRules).where(eq(reviewAutomationRules.active, true)).orderBy(asc(reviewAutomationRules.created_at)).all();
}

/** `createdAt` comes from the scheduler's clock, so "periods from the rule's creation on" follows the same time as the runs. */
export function insertAutomationRule(db: Db, orgId: string, data: ReviewAutomationRuleData, createdBy: string, createdAt: string): string {
  const id = newId();
  db.insert(reviewAutomationRules)
    .values({ id, organization_id: orgId, ...ruleValues(data), created_by: createdBy, created_at: createdAt, updated_at: createdAt, periods_from: createdAt })
    .run();
  return id;
}

export function updateAutomationRule(db: Db, orgId: string, id: string, data: ReviewAutomationRuleData, at: string): void {
  db.update(reviewAutomationRules)
    .set({ ...ruleValues(data), updated_at: at })
    .where(and(inOrg(orgId), eq(reviewAutomationRules.id, id)))
    .run();
}

/** Resuming restarts the count: what fell due while paused is skipped. */
export function setAutomationRuleActive(db: Db, orgId: string, id: string, active: boolean, at: string): void {
  db.update(reviewAutomationRules)
    .set(active ? { active, updated_at: at, periods_from: at } : { active, updated_at: at })
    .where(and(inOrg(orgId), eq(reviewAutomationRules.id, id)))
    .run();
}

export function deleteAutomationRule(db: Db, orgId: string, id: string): void {
  db.delete(reviewAutomationRules)
    .where(and(inOrg(orgId), eq(reviewAutomationRules.id, id)))
    .run();
}

/** Claims a rule's period: true only for the first caller (the unique index on rule + period decides). */
export function claimAutomationPeriod(db: Db, rule: Pick<ReviewAutomationRuleRow, 'id' | 'organization_id'>, periodKey: string, at: string): string | null {
  const id = newId();
  const changes = db
    .insert(reviewAutomationRuns)
    .values({ id, organization_id: rule.organization_id, rule_id: rule.id, period_key: periodKey, created_at: at })
    .onConflictDoNothing()
    .run().changes;
  return changes ? id : null;
}

export function finishAutomationRun(db: Db, runId: string, outcome: { cycleId: string } | { skipped: string }): void {
  db.update(reviewAutomationRuns)
    .set('cycleId' in outcome ? { cycle_id: outcome.cycleId } : { skipped_reason: outcome.skipped.slice(0, 500) })
    .where(eq(reviewAutomationRuns.id, runId))
    .run();
}

export function claimedPeriodKeys(db: Db, ruleId: string): Set<string> {
  return new Set(
    db
      .select({ key: reviewAutomationRuns.period_key })
      .from(reviewAutomationRuns)
      .where(eq(reviewAutomationRuns.rule_id, ruleId))
      .all()
      .map((r) => r.key),
  );
}

export function listAutomationRuns(db: Db, orgId: string, ruleId: string, limit = 100): ReviewAutomationRunRow[] {
  return db
    .select()
    .from(reviewAutomationRuns)
    .where(and(eq(reviewAutomationRuns.organization_id, orgId), eq(reviewAutomationRuns.rule_id, ruleId)))
    .orderBy(desc(reviewAutomationRuns.created_at), desc(reviewAutomationRuns.period_key))
    .limit(limit)
    .all();
}

/** People who can be reviewed automatically: live, not deactivated, not excluded from review automation. */
export const isAutomatable = (u: Pick<UserRow, 'status' | 'deleted_at' | 'excluded_review_automation'>): boolean =>
  u.status !== 'DEACTIVATED' && !u.deleted_at && !u.excluded_review_automation;

/** AFTER_START candidates: automatable people of the organization (of the teams, when given) who started in [from, to). */
export function peopleStartedBetween(db: Db, orgId: string, teamIds: readonly string[], from: string, to: string): UserRow[] {
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.organization_id, orgId),
        isNull(users.deleted_at),
        sql`${users.status} <> 'DEACTIVATED'`,
        eq(users.excluded_review_automation, false),
        sql`${users.created_at} >= ${from}`,
        sql`${users.created_at} < ${to}`,
        teamIds.length ? sql`${users.team_id} in (select value from json_each(${JSON.stringify(teamIds)}))` : undefined,
      ),
    )
    .orderBy(asc(users.created_at))
    .all();
}

export function admins(db: Db, orgId: string): UserRow[] {
  return db
    .select()
    .from(users)
    .where(and(eq(users.organization_id, orgId), eq(users.permission_level, 'ADMIN'), isNull(users.deleted_at), sql`${users.status} <> 'DEACTIVATED'`))
    .all();
}

/** How many cycles each rule created (runs with a cycle). */
export function countCyclesByRuleIds(db: Db, orgId: string, ruleIds: readonly string[]): Map<string, number> {
  const rows = db
    .select({ rule: reviewAutomationRuns.rule_id, n: sql<number>`count(${reviewAutomationRuns.cycle_id})` })
    .from(reviewAutomationRuns)
    .where(
      and(eq(reviewAutomationRuns.organization_id, orgId), sql`${reviewAutomationRuns.rule_id} in (select value from json_each(${JSON.stringify(ruleIds)}))`),
    )
    .groupBy(reviewAutomationRuns.rule_id)
    .all();
  return new Map(rows.map((r) => [r.rule, r.n]));
}
