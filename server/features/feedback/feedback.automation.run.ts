import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../shared/app-error.js';
import type { Db } from '../../db/connection.js';
import {
  CALENDAR_MONTHS,
  iso,
  laterDay,
  lookbackDay,
  nextHour,
  nextPeriodStart,
  nextSprintEnd,
  sprintEndPeriods,
  startedPeriods,
} from '../automation/automation.periods.js';
import { registerAutomation } from '../automation/automation.run.js';
import type { Automation } from '../automation/automation.types.js';
import { isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import { findTeamById, findTeamsByIds, type TeamRow } from '../teams/teams.repo.js';
import type { UserRow } from '../users/users.repo.js';
import {
  activePeople,
  askLoadOfRule,
  claimedRulePeriods,
  listActiveFeedbackAutomationRules,
  markFeedbackAutomationRuleRun,
  type FeedbackAutomationRuleRow,
} from './feedback.automation.repo.js';
import { insertFeedbackRequest, notifyFeedbackRequest } from './feedback.requests.repo.js';
import { findFeedbackTemplateView } from './feedback.templates.repo.js';

import { dayOf } from '../../../shared/dates.js';
import { addDaysToDay } from '../../../shared/dates.days.js';

/**
 * What feedback automation creates (docs/decisions/0048), plugged into the automation module's hourly
 * pass (docs/decisions/0073): for each active person in a rule's scope, a request about themself asked
 * of teammates (the fewest asked by this rule first) and/or their manager, once per period:
 * - SPRINT_END: each sprint of the rule's team that ended since the rule was made and at most
 *   LOOKBACK_DAYS ago; period `sprint:<id>`;
 * - MONTHLY: each calendar month (UTC) that started after the rule was made, from its first day;
 *   period `YYYY-MM`;
 * - START_DATE: `days_after_start` days after the person's start (their account's creation), when
 *   that day is at most LOOKBACK_DAYS ago and not before the rule was made; period the day.
 * The unique index feedback_requests(automation_rule_id, subject_id, period_key) makes a second
 * request for a period impossible. A follow-up job keyed by the request (`feedback.automation.notify`)
 * tells the responders after the commit.
 */
export const LOOKBACK_DAYS = 7;

/** The START_DATE day of a person: `days` days after the day their account was made. */
export const startDueDay = (person: Pick<UserRow, 'created_at'>, days: number) => addDaysToDay(dayOf(person.created_at), days);

/** One request due: about `person`, for `period`; `key` (person and period) is unique per rule. */
type Due = { key: string; person: UserRow; period: string };
const due = (person: UserRow, period: string): Due => ({ key: `${person.id}\u0000${period}`, person, period });
const periodOf = (key: string) => key.slice(key.indexOf('\u0000') + 1);

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

/** The (person, period) pairs of a rule that are due by `now`. */
function duePeriods(db: Db, rule: FeedbackAutomationRuleRow, now: number): Due[] {
  const people = activePeople(db, rule.organization_id, rule.team_id);
  const from = laterDay(dayOf(rule.created_at), lookbackDay(now, LOOKBACK_DAYS));
  if (rule.trigger === 'MONTHLY') {
    const [month] = startedPeriods(CALENDAR_MONTHS.anchor, CALENDAR_MONTHS.every, Date.parse(rule.created_at) + 1, now, 'latest');
    return month === undefined ? [] : people.map((person) => due(person, iso(month).slice(0, 7)));
  }
  if (rule.trigger === 'SPRINT_END') {
    if (!rule.team_id) return [];
    return sprintEndPeriods(db, rule.organization_id, rule.team_id, from, now).flatMap(({ key }) => people.map((person) => due(person, key)));
  }
  const today = dayOf(now);
  return people.map((person) => due(person, startDueDay(person, rule.days_after_start ?? 0))).filter((d) => d.period >= from && d.period <= today);
}

type Load = Map<string, { asks: number; last: string }>;
/** What a rule's requests of one pass share: the organization's active people, teams and members, who was asked how often. */
type Shared = { active: Map<string, UserRow>; teams: Map<string, TeamRow>; members: Map<string, UserRow[]>; load: Load; upcoming: Set<string> };

function prepare(db: Db, rule: FeedbackAutomationRuleRow, due: readonly Due[]): Shared {
  const everyone = activePeople(db, rule.organization_id, null);
  const teams = new Map(
    findTeamsByIds(db, rule.organization_id, [...new Set(everyone.map((p) => p.team_id).filter((id): id is string => !!id))]).map((t) => [t.id, t]),
  );
  const members = new Map<string, UserRow[]>();
  for (const p of everyone) {
    if (!p.team_id) continue;
    const list = members.get(p.team_id);
    if (list) list.push(p);
    else members.set(p.team_id, [p]);
  }
  return { active: new Map(everyone.map((p) => [p.id, p])), teams, members, load: askLoadOfRule(db, rule.id), upcoming: new Set(due.map((d) => d.person.id)) };
}

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

export const feedbackAutomation: Automation<FeedbackAutomationRuleRow, Due, Shared> = {
  name: 'feedback',
  claimIndex: 'feedback_requests.',
  formerSchedule: 'feedback.automation',
  activeRules: listActiveFeedbackAutomationRules,
  duePeriods,
  claimed: (db, rule, keys) => claimedRulePeriods(db, rule.id, keys.map(periodOf)),
  blocker,
  prepare,
  create: ({ db, log }, rule, { person, period }, ctx, s) => {
    s.upcoming.delete(person.id);
    const team = person.team_id ? s.teams.get(person.team_id) : undefined;
    const manager = rule.responders === 'TEAMMATES' ? null : managerOf(person, team, s.active);
    const pool = (person.team_id ? (s.members.get(person.team_id) ?? []) : []).filter((p) => p.id !== person.id && p.id !== manager);
    const teammates = rule.responders === 'MANAGER' ? [] : pickTeammates(pool, rule.responder_count, s.load, s.upcoming, ctx.now.toISOString());
    const responderIds = [...(manager ? [manager] : []), ...teammates];
    if (!responderIds.length) return null;
    try {
      const { requestId } = db.transaction(() =>
        insertFeedbackRequest(db, {
          organizationId: rule.organization_id,
          requesterId: person.id,
          subjectId: person.id,
          responderIds,
          templateId: rule.template_id,
          automationRuleId: rule.id,
          periodKey: period,
        }),
      );
      return { id: requestId, followUp: { requestId } };
    } catch (err) {
      // The people changed meanwhile: nothing is written for this person.
      if (!(err instanceof AppError)) throw err;
      log?.warn({ ruleId: rule.id, userId: person.id, err: err.message }, 'feedback automation: request not created');
      return null;
    }
  },
  finish: (db, rule, made, ctx) => {
    if (made.length) markFeedbackAutomationRuleRun(db, rule.id, ctx.now.toISOString());
  },
  followUp: {
    kind: 'feedback.automation.notify',
    run: async (services, payload: { requestId: string }, ctx) => {
      if (!isFeatureAreaOn(services.db, ctx.organizationId ?? '', 'CONTINUOUS_FEEDBACK')) return;
      await notifyFeedbackRequest(services, payload.requestId);
    },
  },
};

/** When the rule creates its next requests (null when paused or nothing is ahead). */
export function nextRunAt(db: Db, rule: FeedbackAutomationRuleRow, now: number): string | null {
  if (rule.paused_at) return null;
  if (rule.trigger === 'MONTHLY') {
    const month = startedPeriods(CALENDAR_MONTHS.anchor, CALENDAR_MONTHS.every, 0, now, 'latest')[0]!;
    const dueNow = iso(month) > rule.created_at && (!rule.last_run_at || rule.last_run_at < iso(month));
    return iso(dueNow ? nextHour(now) : nextPeriodStart(CALENDAR_MONTHS.anchor, CALENDAR_MONTHS.every, 0, now));
  }
  if (rule.trigger === 'SPRINT_END') {
    if (!rule.team_id) return null;
    const next = nextSprintEnd(db, rule.organization_id, rule.team_id, now, (keys) => new Set([...claimedRulePeriods(db, rule.id, keys)].map(periodOf)));
    return next ? iso(next.endsAt + 1) : null;
  }
  const people = activePeople(db, rule.organization_id, rule.team_id);
  const from = laterDay(dayOf(rule.created_at), lookbackDay(now, LOOKBACK_DAYS));
  const days = people.map((p) => due(p, startDueDay(p, rule.days_after_start ?? 0))).filter((d) => d.period >= from);
  const claimed = claimedRulePeriods(
    db,
    rule.id,
    days.map((d) => d.period),
  );
  const next = days
    .filter((d) => !claimed.has(d.key))
    .map((d) => d.period)
    .sort()[0];
  if (!next) return null;
  return next <= dayOf(now) ? iso(nextHour(now)) : `${next}T00:00:00.000Z`;
}

export const registerFeedbackAutomation = (app: FastifyInstance): void => registerAutomation(app, feedbackAutomation);
