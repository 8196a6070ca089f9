import type { GoalSummary, KeyResult } from './goal.types.js';

/** Shared wording of the goals screens: owner, dates, key-result values. */
export function ownerLabel(goal: Pick<GoalSummary, 'owner_kind' | 'owner' | 'team'>): string {
  if (goal.owner_kind === 'TEAM') return goal.team ? `Team ${goal.team.name}` : 'A team';
  if (goal.owner_kind === 'COMPANY') return 'Company goal';
  return goal.owner?.full_name ?? 'A former member';
}

export const todayIso = () => new Date().toISOString().slice(0, 10);

export function formatDay(iso: string): string {
  return new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

export const formatInstant = (iso: string) => new Date(iso).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric' });

/** Open and past its due date. */
export const isOverdue = (goal: Pick<GoalSummary, 'due_date' | 'status'>) =>
  !!goal.due_date && goal.due_date < todayIso() && goal.status !== 'DONE' && goal.status !== 'DROPPED';

export function valueText(kr: KeyResult, value: number): string {
  if (kr.kind === 'BINARY') return value >= 1 ? 'Done' : 'Not done';
  if (kr.kind === 'PERCENTAGE') return `${value}%`;
  if (kr.kind === 'CURRENCY') return `${value.toLocaleString('en')} ${kr.currency ?? ''}`.trim();
  return value.toLocaleString('en');
}

export const keyResultLine = (kr: KeyResult) =>
  kr.kind === 'BINARY' ? valueText(kr, kr.current_value) : `${valueText(kr, kr.current_value)} of ${valueText(kr, kr.target_value)} (from ${valueText(kr, kr.start_value)})`;
