import type { RetroPhase } from '../../../shared/retros.js';

/** How the retro screens sort retros into running, upcoming and past, and read their date inputs (shared/format.ts writes dates and times). */

/** Today in the viewer's time zone, as 'YYYY-MM-DD'. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A due day before today (the whole due day still counts as in time). */
export const isDayOverdue = (day: string | null, today = localToday()): boolean => !!day && day < today;

export type RetroListSection = 'RUNNING' | 'UPCOMING' | 'PAST';
export function sectionOf(retro: { phase: RetroPhase; ended_at: string | null }): RetroListSection {
  if (retro.phase === 'SUMMARY' || retro.ended_at) return 'PAST';
  return retro.phase === 'SCHEDULED' ? 'UPCOMING' : 'RUNNING';
}

/** An <input type="datetime-local"> value ('YYYY-MM-DDTHH:mm', local time) for an instant. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an ISO instant; what is not a date stays as typed (the shared schema then says what is wrong). */
export function fromLocalInput(value: string): string {
  const d = new Date(value);
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(d.getTime()) ? d.toISOString() : value;
}
