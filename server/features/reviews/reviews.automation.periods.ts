import type { Db } from '../../db/connection.js';
import { firstIndexFrom, lastStartedIndex, periodStart, type Every } from '../../jobs/jobs.periods.js';
import type { UserRow } from '../users/users.repo.js';
import { peopleStartedBetween, type ReviewAutomationRuleRow } from './reviews.automation.repo.js';
import { endedSprints, nextSprintEnd, type ReviewSprintRow } from './reviews.sprints.repo.js';

/**
 * What each rule has due (docs/decisions/0021). Periods count from the day the rule was created or
 * last resumed: a new rule never back-fills the past and a paused rule skips what fell due while
 * paused, but a server that was down catches up on every period since. The key of each period is unique per rule (the runs table's unique index).
 */
export type DuePeriod = { key: string; label: string; person?: UserRow; sprint?: ReviewSprintRow };

const DAY_MS = 86_400_000;
const dayStart = (iso: string) => `${iso.slice(0, 10)}T00:00:00.000Z`;
const monthsOf = (rule: ReviewAutomationRuleRow): Every => ({ unit: 'months', count: rule.every_count });
/** Guard against a rule with an anchor far in the past: at most this many periods a pass. */
const MAX_PERIODS = 240;

function repeatIndexes(rule: ReviewAutomationRuleRow, now: number): { first: number; last: number; anchor: number } | null {
  if (!rule.anchor_at) return null;
  const anchor = Date.parse(rule.anchor_at);
  const first = firstIndexFrom(anchor, monthsOf(rule), Date.parse(dayStart(rule.periods_from)));
  return { first, last: Math.min(lastStartedIndex(anchor, monthsOf(rule), now), first + MAX_PERIODS - 1), anchor };
}

export function duePeriods(db: Db, rule: ReviewAutomationRuleRow, now: number): DuePeriod[] {
  const nowIso = new Date(now).toISOString();
  if (rule.type === 'REPEAT') {
    const range = repeatIndexes(rule, now);
    if (!range) return [];
    const out: DuePeriod[] = [];
    for (let i = range.first; i <= range.last; i += 1) {
      const month = new Date(periodStart(range.anchor, monthsOf(rule), i)).toISOString().slice(0, 7);
      out.push({ key: month, label: month });
    }
    return out;
  }
  if (rule.type === 'AFTER_START') {
    // Started N days before now at the latest, and whose Nth day is on or after the rule's creation day.
    const from = new Date(Date.parse(dayStart(rule.periods_from)) - rule.every_count * DAY_MS).toISOString();
    const to = new Date(now - rule.every_count * DAY_MS + 1).toISOString();
    return peopleStartedBetween(db, rule.organization_id, rule.team_ids, from, to).map((person) => ({ key: `user:${person.id}`, label: person.full_name, person }));
  }
  const teamId = rule.team_ids[0];
  if (!teamId) return [];
  return endedSprints(db, rule.organization_id, teamId, rule.periods_from.slice(0, 10), nowIso).map((sprint) => ({ key: `sprint:${sprint.id}`, label: sprint.name, sprint }));
}

/** When the rule next creates a cycle (the hourly pass after this moment); null when nothing is planned yet. */
export function nextRunAt(db: Db, rule: ReviewAutomationRuleRow, now: number): string | null {
  if (!rule.active) return null;
  if (rule.type === 'REPEAT') {
    const range = repeatIndexes(rule, now);
    if (!range) return null;
    return new Date(periodStart(range.anchor, monthsOf(rule), Math.max(range.first, lastStartedIndex(range.anchor, monthsOf(rule), now) + 1))).toISOString();
  }
  if (rule.type === 'AFTER_START') {
    const [next] = peopleStartedBetween(db, rule.organization_id, rule.team_ids, new Date(now - rule.every_count * DAY_MS + 1).toISOString(), '9999');
    return next ? new Date(Date.parse(next.created_at) + rule.every_count * DAY_MS).toISOString() : null;
  }
  const sprint = rule.team_ids[0] ? nextSprintEnd(db, rule.organization_id, rule.team_ids[0], new Date(now).toISOString(), rule.id) : undefined;
  return sprint ? `${sprint.ends_on}T23:59:59.999Z` : null;
}
