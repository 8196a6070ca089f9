import type { Db } from '../../db/connection.js';
import type { Every } from '../../jobs/jobs.periods.js';
import { iso, nextPeriodStart, nextSprintEnd, sprintEndPeriods, startedPeriods } from '../automation/automation.periods.js';
import type { SprintRow } from '../sprints/sprints.repo.js';
import type { UserRow } from '../users/users.repo.js';
import { claimedPeriodKeys, peopleStartedBetween, type ReviewAutomationRuleRow } from './reviews.automation.repo.js';

import { addDays, dayOf, startOfDay } from '../../../shared/dates.js';

/**
 * What each rule has due (docs/decisions/0021), on the automation module's arithmetic (0073). Periods
 * count from the day the rule was created or last resumed: a new rule never back-fills the past and
 * a paused rule skips what fell due while paused, but a server that was down catches up on every
 * period since. The key of each period is unique per rule (the runs table's unique index).
 */
export type DuePeriod = { key: string; label: string; person?: UserRow; sprint?: SprintRow };

const monthsOf = (rule: ReviewAutomationRuleRow): Every => ({ unit: 'months', count: rule.every_count });

export function duePeriods(db: Db, rule: ReviewAutomationRuleRow, now: number): DuePeriod[] {
  if (rule.type === 'REPEAT') {
    if (!rule.anchor_at) return [];
    return startedPeriods(Date.parse(rule.anchor_at), monthsOf(rule), startOfDay(rule.periods_from).getTime(), now, 'all').map((start) => {
      const month = iso(start).slice(0, 7);
      return { key: month, label: month };
    });
  }
  if (rule.type === 'AFTER_START') {
    // Started N days before now at the latest, and whose Nth day is on or after the rule's creation day.
    const from = addDays(startOfDay(rule.periods_from), -rule.every_count).toISOString();
    const to = iso(addDays(now, -rule.every_count).getTime() + 1);
    return peopleStartedBetween(db, rule.organization_id, rule.team_ids, from, to).map((person) => ({
      key: `user:${person.id}`,
      label: person.full_name,
      person,
    }));
  }
  const teamId = rule.team_ids[0];
  if (!teamId) return [];
  return sprintEndPeriods(db, rule.organization_id, teamId, dayOf(rule.periods_from), now).map(({ key, sprint }) => ({ key, label: sprint.name, sprint }));
}

/** When the rule next creates a cycle (the hourly pass after this moment); null when nothing is planned yet. */
export function nextRunAt(db: Db, rule: ReviewAutomationRuleRow, now: number): string | null {
  if (!rule.active) return null;
  if (rule.type === 'REPEAT') {
    return rule.anchor_at ? iso(nextPeriodStart(Date.parse(rule.anchor_at), monthsOf(rule), startOfDay(rule.periods_from).getTime(), now)) : null;
  }
  if (rule.type === 'AFTER_START') {
    const [next] = peopleStartedBetween(db, rule.organization_id, rule.team_ids, iso(addDays(now, -rule.every_count).getTime() + 1), '9999');
    return next ? addDays(next.created_at, rule.every_count).toISOString() : null;
  }
  const teamId = rule.team_ids[0];
  const next = teamId ? nextSprintEnd(db, rule.organization_id, teamId, now, () => claimedPeriodKeys(db, rule.id)) : null;
  return next ? iso(next.endsAt) : null;
}
