import type { GoalSummary, KeyResult } from './goal.types.js';
import { formatNumber } from '../../../shared/format.js';
import { utcDayOf } from '../../../shared/dates.days.js';

/** Shared wording of the goals screens: owner, key-result values (dates and numbers: shared/format.ts). */
export function ownerLabel(goal: Pick<GoalSummary, 'owner_kind' | 'owner' | 'team'>): string {
  if (goal.owner_kind === 'TEAM') return goal.team ? `Team ${goal.team.name}` : 'A team';
  if (goal.owner_kind === 'COMPANY') return 'Company goal';
  return goal.owner?.full_name ?? 'A former member';
}

/** Today's UTC day, as the server counts due dates. */
export const todayIso = () => utcDayOf(Date.now());

/** Open and past its due date. */
export const isOverdue = (goal: Pick<GoalSummary, 'due_date' | 'status'>) =>
  !!goal.due_date && goal.due_date < todayIso() && goal.status !== 'DONE' && goal.status !== 'DROPPED';

export function valueText(kr: KeyResult, value: number): string {
  if (kr.kind === 'BINARY') return value >= 1 ? 'Done' : 'Not done';
  // A value someone entered is written as entered (99.8%), not rounded like a computed percentage.
  if (kr.kind === 'PERCENTAGE') return `${formatNumber(value)}%`;
  if (kr.kind === 'CURRENCY') return `${formatNumber(value)} ${kr.currency ?? ''}`.trim();
  return formatNumber(value);
}

export const keyResultLine = (kr: KeyResult) =>
  kr.kind === 'BINARY'
    ? valueText(kr, kr.current_value)
    : `${valueText(kr, kr.current_value)} of ${valueText(kr, kr.target_value)} (from ${valueText(kr, kr.start_value)})`;
