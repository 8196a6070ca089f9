import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FeedbackAutomationRuleInput } from '../../../shared/feedback.js';
import type { Db } from '../../db/connection.js';
import { prepared } from '../../db/prepared.js';
import { newId } from '../../lib/tokens.js';
import { users, type UserRow } from '../users/users.repo.js';
import { feedbackAutomationRules, feedbackRequestAsks, feedbackRequests } from './feedback.tables.js';
import { statement } from '../../db/sqlite.js';

/** SQL of feedback automation: rules, the people and responders of their runs, and reminders (docs/decisions/0048). */

export type FeedbackAutomationRuleRow = typeof feedbackAutomationRules.$inferSelect;

const inOrg = (orgId: string) => eq(feedbackAutomationRules.organization_id, orgId);

const ruleValues = (data: FeedbackAutomationRuleInput) => ({
  team_id: data.team_id ?? null,
  trigger: data.trigger,
  days_after_start: data.trigger === 'START_DATE' ? (data.days_after_start ?? null) : null,
  template_id: data.template_id,
  responders: data.responders,
  responder_count: data.responder_count,
});

/** Rules of the organization; of the given teams only unless `teamIds` is null (organization-wide rules then left out). */
export function listFeedbackAutomationRules(db: Db, orgId: string, teamIds: readonly string[] | null): FeedbackAutomationRuleRow[] {
  if (teamIds && !teamIds.length) return [];
  return db
    .select()
    .from(feedbackAutomationRules)
    .where(and(inOrg(orgId), teamIds ? inArray(feedbackAutomationRules.team_id, [...teamIds]) : undefined))
    .orderBy(asc(feedbackAutomationRules.created_at), asc(feedbackAutomationRules.id))
    .all();
}

export function findFeedbackAutomationRule(db: Db, orgId: string, id: string): FeedbackAutomationRuleRow | undefined {
  return db
    .select()
    .from(feedbackAutomationRules)
    .where(and(inOrg(orgId), eq(feedbackAutomationRules.id, id)))
    .get();
}

/** Every rule not paused, of every organization (the scheduler's pass). */
export function listActiveFeedbackAutomationRules(db: Db): FeedbackAutomationRuleRow[] {
  return db
    .select()
    .from(feedbackAutomationRules)
    .where(isNull(feedbackAutomationRules.paused_at))
    .orderBy(asc(feedbackAutomationRules.created_at), asc(feedbackAutomationRules.id))
    .all();
}

/** `at` is the scheduler's clock, so tests move time for rules and runs alike. */
export function insertFeedbackAutomationRule(
  db: Db,
  orgId: string,
  data: FeedbackAutomationRuleInput,
  createdBy: string,
  at: string,
): FeedbackAutomationRuleRow {
  return db
    .insert(feedbackAutomationRules)
    .values({ id: newId(), organization_id: orgId, ...ruleValues(data), created_by: createdBy, created_at: at, updated_at: at })
    .returning()
    .get();
}

export function updateFeedbackAutomationRule(
  db: Db,
  rule: FeedbackAutomationRuleRow,
  data: FeedbackAutomationRuleInput,
  at: string,
): FeedbackAutomationRuleRow {
  return db
    .update(feedbackAutomationRules)
    .set({ ...ruleValues(data), updated_at: at })
    .where(and(inOrg(rule.organization_id), eq(feedbackAutomationRules.id, rule.id)))
    .returning()
    .get()!;
}

export function setFeedbackAutomationRulePaused(db: Db, rule: FeedbackAutomationRuleRow, paused: boolean, at: string): FeedbackAutomationRuleRow {
  return db
    .update(feedbackAutomationRules)
    .set({ paused_at: paused ? at : null, updated_at: at })
    .where(and(inOrg(rule.organization_id), eq(feedbackAutomationRules.id, rule.id)))
    .returning()
    .get()!;
}

export function markFeedbackAutomationRuleRun(db: Db, ruleId: string, at: string): void {
  db.update(feedbackAutomationRules).set({ last_run_at: at }).where(eq(feedbackAutomationRules.id, ruleId)).run();
}

/** The requests a rule created stay (their period stays taken); only the rule goes. */
export function deleteFeedbackAutomationRule(db: Db, orgId: string, id: string): void {
  db.delete(feedbackAutomationRules)
    .where(and(inOrg(orgId), eq(feedbackAutomationRules.id, id)))
    .run();
}

/** Requests created per rule (all periods), one statement for a list of rules. */
export function countRequestsByRuleIds(db: Db, orgId: string, ruleIds: readonly string[]): Map<string, number> {
  const out = new Map<string, number>(ruleIds.map((id) => [id, 0]));
  if (!ruleIds.length) return out;
  const rows = db
    .select({ id: feedbackRequests.automation_rule_id, n: sql<number>`count(*)` })
    .from(feedbackRequests)
    .where(and(eq(feedbackRequests.organization_id, orgId), inArray(feedbackRequests.automation_rule_id, [...ruleIds])))
    .groupBy(feedbackRequests.automation_rule_id)
    .all();
  for (const r of rows) if (r.id) out.set(r.id, r.n);
  return out;
}

/** `subject_id` + NUL + `period_key` of every request the rule created for these periods. */
export function claimedRulePeriods(db: Db, ruleId: string, periodKeys: readonly string[]): Set<string> {
  if (!periodKeys.length) return new Set();
  return new Set(
    db
      .select({ s: feedbackRequests.subject_id, p: feedbackRequests.period_key })
      .from(feedbackRequests)
      .where(and(eq(feedbackRequests.automation_rule_id, ruleId), inArray(feedbackRequests.period_key, [...new Set(periodKeys)])))
      .all()
      .map((r) => `${r.s}\u0000${r.p}`),
  );
}

/** Active people (not invited, deactivated or deleted) of a team, or of the whole organization when `teamId` is null. */
export function activePeople(db: Db, orgId: string, teamId: string | null): UserRow[] {
  return db
    .select()
    .from(users)
    .where(and(eq(users.organization_id, orgId), isNull(users.deleted_at), eq(users.status, 'ACTIVE'), teamId ? eq(users.team_id, teamId) : undefined))
    .orderBy(asc(users.created_at), asc(users.id))
    .all();
}

/** How often each person was asked in this rule's requests (fair rotation: fewest first). */
export function askLoadOfRule(db: Db, ruleId: string): Map<string, { asks: number; last: string }> {
  const rows = db
    .select({ id: feedbackRequestAsks.responder_id, n: sql<number>`count(*)`, last: sql<string>`max(${feedbackRequestAsks.created_at})` })
    .from(feedbackRequestAsks)
    .innerJoin(feedbackRequests, eq(feedbackRequests.id, feedbackRequestAsks.request_id))
    .where(eq(feedbackRequests.automation_rule_id, ruleId))
    .groupBy(feedbackRequestAsks.responder_id)
    .all();
  return new Map(rows.map((r) => [r.id, { asks: r.n, last: r.last }]));
}

export type ReminderCandidate = {
  ask_id: string;
  organization_id: string;
  responder_id: string;
  created_at: string;
  request_id: string;
  requester_name: string | null;
  subject_id: string;
  subject_name: string;
  requester_id: string | null;
};

/** Pending asks of live requests, never reminded, asked at or before `before`, whose responder is active (every organization). */
export function reminderCandidates(db: Db, before: string): ReminderCandidate[] {
  const stmt = prepared(db, 'feedback.reminders.candidates', () =>
    statement(
      db,
      `
    SELECT a.id AS ask_id, a.organization_id, a.responder_id, a.created_at, r.id AS request_id, q.full_name AS requester_name, r.requester_id,
      r.subject_id, s.full_name AS subject_name
    FROM feedback_request_asks a
    JOIN feedback_requests r ON r.id = a.request_id AND r.cancelled_at IS NULL
    JOIN users p ON p.id = a.responder_id AND p.deleted_at IS NULL AND p.status = 'ACTIVE'
    JOIN users s ON s.id = r.subject_id
    LEFT JOIN users q ON q.id = r.requester_id
    WHERE a.status = 'PENDING' AND a.reminded_at IS NULL AND a.created_at <= @before
    ORDER BY a.created_at, a.id`,
    ),
  );
  return stmt.all({ before }) as ReminderCandidate[];
}

/** Marks the ask reminded, if it still waits and was not reminded; true when this call decided to remind. */
export function markAskReminded(db: Db, askId: string, at: string): boolean {
  const stmt = prepared(db, 'feedback.reminders.mark', () =>
    statement(
      db,
      `UPDATE feedback_request_asks SET reminded_at = @at
    WHERE id = @askId AND status = 'PENDING' AND reminded_at IS NULL`,
    ),
  );
  return stmt.run({ askId, at }).changes === 1;
}

/** The ask, if it still waits for an answer (the reminder's send job). */
export function pendingAsk(db: Db, askId: string): { id: string; responder_id: string } | undefined {
  return db
    .select({ id: feedbackRequestAsks.id, responder_id: feedbackRequestAsks.responder_id })
    .from(feedbackRequestAsks)
    .innerJoin(feedbackRequests, eq(feedbackRequests.id, feedbackRequestAsks.request_id))
    .where(and(eq(feedbackRequestAsks.id, askId), eq(feedbackRequestAsks.status, 'PENDING'), isNull(feedbackRequests.cancelled_at)))
    .get();
}
