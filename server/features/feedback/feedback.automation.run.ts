import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../shared/app-error.js';
import type { Db } from '../../db/connection.js';
import type { JobContext } from '../../jobs/jobs.scheduler.js';
import type { Services } from '../../services.js';
import { isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import { endedSprints, nextSprintEnd, sprintEndsAt } from '../reviews/reviews.sprints.repo.js';
import { findTeamById, findTeamsByIds, type TeamRow } from '../teams/teams.repo.js';
import type { UserRow } from '../users/users.repo.js';
import {
  activePeople, askLoadOfRule, claimedRulePeriods, listActiveFeedbackAutomationRules, markFeedbackAutomationRuleRun,
  type FeedbackAutomationRuleRow,
} from './feedback.automation.repo.js';
import { insertFeedbackRequest, notifyFeedbackRequest } from './feedback.requests.repo.js';
import { findFeedbackTemplateView } from './feedback.templates.repo.js';

/**
 * How automation rules create feedback requests (docs/decisions/0048), on the persisted scheduler:
 * one hourly pass (`feedback.automation`, catch-up 'latest': the pass itself looks back) creates, for
 * each active person in a rule's scope, a request about themself asked of teammates (the fewest asked
 * by this rule first) and/or their manager, once per period:
 * - SPRINT_END: each sprint of the rule's team that ended since the rule was made and at most
 *   LOOKBACK_DAYS ago; period `sprint:<id>`;
 * - MONTHLY: each calendar month (UTC) that started after the rule was made, from its first day;
 *   period `YYYY-MM`;
 * - START_DATE: `days_after_start` days after the person's start (their account's creation), when
 *   that day is at most LOOKBACK_DAYS ago and not before the rule was made; period the day.
 * The pass is a transactional job and each request is written in its own savepoint through
 * insertFeedbackRequest; the unique index feedback_requests(automation_rule_id, subject_id,
 * period_key) makes a second request for a period impossible, whatever runs twice. A follow-up job
 * keyed by the request (`feedback.automation.notify`) tells the responders after the commit.
 */
export const AUTOMATION_PASS_KIND = 'feedback.automation';
export const AUTOMATION_NOTIFY_KIND = 'feedback.automation.notify';
export const LOOKBACK_DAYS = 7;
const DAY_MS = 86_400_000;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS);
const monthKey = (ms: number) => new Date(ms).toISOString().slice(0, 7);
const monthStart = (ms: number) => { const d = new Date(ms); return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1); };
const nextMonthStart = (ms: number) => { const d = new Date(ms); return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1); };
const nextHour = (ms: number) => Math.floor(ms / 3_600_000) * 3_600_000 + 3_600_000;
export const sprintPeriodKey = (sprintId: string) => `sprint:${sprintId}`;

/** The START_DATE day of a person: `days` days after the day their account was made. */
export const startDueDay = (person: Pick<UserRow, 'created_at'>, days: number) => addDays(person.created_at.slice(0, 10), days);

/** Why a rule cannot create requests now (nothing is written; the next pass tries again), or null. */
function blocker(db: Db, rule: FeedbackAutomationRuleRow): string | null {
  if (rule.paused_at) return 'paused';
  if (!isFeatureAreaOn(db, rule.organization_id, 'CONTINUOUS_FEEDBACK')) return 'area off';
  if (rule.team_id) {
    const team = findTeamById(db, rule.organization_id, rule.team_id);
    if (!team || team.deleted_at) return 'team deleted';
  }
  const template = findFeedbackTemplateView(db, rule.organization_id, rule.template_id);
  if (!template || template.archived) return 'template archived or deleted';
  return null;
}

type Due = { person: UserRow; key: string };

/** The (person, period) pairs of a rule that are due by `now` and not created yet. */
function duePeriods(db: Db, rule: FeedbackAutomationRuleRow, people: readonly UserRow[], now: number): Due[] {
  const lookback = dayOf(now - LOOKBACK_DAYS * DAY_MS);
  const ruleDay = rule.created_at.slice(0, 10);
  let due: Due[] = [];
  if (rule.trigger === 'MONTHLY') {
    if (new Date(monthStart(now)).toISOString() > rule.created_at) due = people.map((person) => ({ person, key: monthKey(now) }));
  } else if (rule.trigger === 'SPRINT_END') {
    if (!rule.team_id) return [];
    const from = [ruleDay, lookback].sort()[1]!;
    for (const sprint of endedSprints(db, rule.organization_id, rule.team_id, from, new Date(now).toISOString())) {
      for (const person of people) due.push({ person, key: sprintPeriodKey(sprint.id) });
    }
  } else {
    const today = dayOf(now);
    const from = [ruleDay, lookback].sort()[1]!;
    for (const person of people) {
      const day = startDueDay(person, rule.days_after_start ?? 0);
      if (day >= from && day <= today) due.push({ person, key: day });
    }
  }
  const claimed = claimedRulePeriods(db, rule.id, due.map((d) => d.key));
  return due.filter((d) => !claimed.has(`${d.person.id}\u0000${d.key}`));
}

type Load = Map<string, { asks: number; last: string }>;

/** The person's manager to ask: direct manager, else their team's manager, else its lead; active and not themself. */
function managerOf(person: UserRow, team: TeamRow | undefined, active: ReadonlyMap<string, UserRow>): string | null {
  return [person.manager_id, team?.manager_id, team?.team_lead_id].find((id): id is string => !!id && id !== person.id && active.has(id)) ?? null;
}

/**
 * Teammates with the fewest asks of this rule first; among equals, those still to be asked about in
 * this pass first (so the last ones are not left with only the already asked), then the longest
 * since asked, then by id. Counts the picks.
 */
function pickTeammates(pool: readonly UserRow[], count: number, load: Load, upcoming: ReadonlySet<string>, at: string): string[] {
  const ranked = [...pool].sort((a, b) => {
    const la = load.get(a.id) ?? { asks: 0, last: '' };
    const lb = load.get(b.id) ?? { asks: 0, last: '' };
    return la.asks - lb.asks || Number(upcoming.has(b.id)) - Number(upcoming.has(a.id)) || la.last.localeCompare(lb.last) || a.id.localeCompare(b.id);
  });
  const picked = ranked.slice(0, count).map((u) => u.id);
  for (const id of picked) load.set(id, { asks: (load.get(id)?.asks ?? 0) + 1, last: at });
  return picked;
}

/** One pass over every active rule; returns the ids of the requests created. */
export function runAutomationPass(services: Services, ctx: Pick<JobContext, 'now' | 'enqueue'>): string[] {
  const { db, log } = services;
  const now = ctx.now.getTime();
  const at = ctx.now.toISOString();
  const created: string[] = [];
  const peopleOf = new Map<string, UserRow[]>();
  for (const rule of listActiveFeedbackAutomationRules(db)) {
    let everyone = peopleOf.get(rule.organization_id);
    if (!everyone) peopleOf.set(rule.organization_id, (everyone = activePeople(db, rule.organization_id, null)));
    const people = rule.team_id ? everyone.filter((p) => p.team_id === rule.team_id) : everyone;
    const due = duePeriods(db, rule, people, now);
    if (!due.length) continue;
    const why = blocker(db, rule);
    if (why) {
      log.debug({ ruleId: rule.id, why }, 'feedback automation: rule skipped');
      continue;
    }
    const active = new Map(everyone.map((p) => [p.id, p]));
    const teams = new Map(findTeamsByIds(db, rule.organization_id, [...new Set(everyone.map((p) => p.team_id).filter((id): id is string => !!id))]).map((t) => [t.id, t]));
    const members = new Map<string, UserRow[]>();
    for (const p of everyone) {
      if (!p.team_id) continue;
      const list = members.get(p.team_id);
      if (list) list.push(p);
      else members.set(p.team_id, [p]);
    }
    const load = askLoadOfRule(db, rule.id);
    const upcoming = new Set(due.map((d) => d.person.id));
    let made = 0;
    for (const { person, key } of due) {
      upcoming.delete(person.id);
      const team = person.team_id ? teams.get(person.team_id) : undefined;
      const manager = rule.responders === 'TEAMMATES' ? null : managerOf(person, team, active);
      const pool = (person.team_id ? members.get(person.team_id) ?? [] : []).filter((p) => p.id !== person.id && p.id !== manager);
      const teammates = rule.responders === 'MANAGER' ? [] : pickTeammates(pool, rule.responder_count, load, upcoming, at);
      const responderIds = [...(manager ? [manager] : []), ...teammates];
      if (!responderIds.length) continue;
      try {
        const requestId = db.transaction(() => {
          const { requestId: id } = insertFeedbackRequest(db, {
            organizationId: rule.organization_id, requesterId: person.id, subjectId: person.id, responderIds,
            templateId: rule.template_id, automationRuleId: rule.id, periodKey: key,
          });
          ctx.enqueue({ kind: AUTOMATION_NOTIFY_KIND, uniqueKey: id, organizationId: rule.organization_id, payload: { requestId: id } });
          return id;
        });
        created.push(requestId);
        made += 1;
      } catch (err) {
        // Another runner made it meanwhile (the unique period), or the people changed: nothing is written.
        if (err instanceof Error && /UNIQUE constraint failed: feedback_requests\./.test(err.message)) continue;
        if (err instanceof AppError) {
          log.warn({ ruleId: rule.id, userId: person.id, err: err.message }, 'feedback automation: request not created');
          continue;
        }
        throw err;
      }
    }
    if (made) markFeedbackAutomationRuleRun(db, rule.id, at);
  }
  return created;
}

/** When the rule creates its next requests (null when paused or nothing is ahead). */
export function nextRunAt(db: Db, rule: FeedbackAutomationRuleRow, now: number): string | null {
  if (rule.paused_at) return null;
  const iso = (ms: number) => new Date(ms).toISOString();
  if (rule.trigger === 'MONTHLY') {
    const current = monthStart(now);
    const dueNow = iso(current) > rule.created_at && (!rule.last_run_at || rule.last_run_at < iso(current));
    return iso(dueNow ? nextHour(now) : nextMonthStart(now));
  }
  if (rule.trigger === 'SPRINT_END') {
    if (!rule.team_id) return null;
    let after = iso(now);
    for (let i = 0; i < 20; i += 1) {
      const sprint = nextSprintEnd(db, rule.organization_id, rule.team_id, after);
      if (!sprint) return null;
      const endsAt = sprintEndsAt(sprint);
      if (!claimedRulePeriods(db, rule.id, [sprintPeriodKey(sprint.id)]).size) return iso(Date.parse(endsAt) + 1);
      after = endsAt;
    }
    return null;
  }
  const people = activePeople(db, rule.organization_id, rule.team_id);
  const from = [rule.created_at.slice(0, 10), dayOf(now - LOOKBACK_DAYS * DAY_MS)].sort()[1]!;
  const days = people.map((p) => ({ p, day: startDueDay(p, rule.days_after_start ?? 0) })).filter((d) => d.day >= from);
  const claimed = claimedRulePeriods(db, rule.id, days.map((d) => d.day));
  const next = days.filter((d) => !claimed.has(`${d.p.id}\u0000${d.day}`)).map((d) => d.day).sort()[0];
  if (!next) return null;
  return next <= dayOf(now) ? iso(nextHour(now)) : `${next}T00:00:00.000Z`;
}

/** (Re)creates the hourly pass; tests toggle it to restart its periods from a fake clock. */
export function scheduleFeedbackAutomation(app: FastifyInstance, active = true): void {
  app.services.scheduler.schedule({ key: AUTOMATION_PASS_KIND, kind: AUTOMATION_PASS_KIND, every: { unit: 'hours', count: 1 }, startAt: '2026-01-01T00:00:00.000Z', catchUp: 'latest', active });
}

export function registerFeedbackAutomation(app: FastifyInstance): void {
  const { scheduler } = app.services;
  scheduler.register(AUTOMATION_PASS_KIND, (_payload, ctx) => {
    runAutomationPass(app.services, ctx);
  }, { transactional: true });
  scheduler.register<{ requestId: string }>(AUTOMATION_NOTIFY_KIND, async (payload, ctx) => {
    if (!isFeatureAreaOn(app.services.db, ctx.organizationId ?? '', 'CONTINUOUS_FEEDBACK')) return;
    await notifyFeedbackRequest(app.services, payload.requestId);
  });
  scheduleFeedbackAutomation(app);
}
