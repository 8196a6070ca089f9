import type { RetroPhase } from '../../../shared/retros.js';
import { formatDay } from '../../../shared/format.js';

/** How the retro screens write times and sort retros into running, upcoming and past. */
const sameYear = new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const otherYear = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "Mon, Dec 7, 10:00" in the viewer's own time zone (people meet at their local time); the year when it is not this one. */
export function formatWhen(iso: string, now = new Date()): string {
  const date = new Date(iso);
  return (date.getFullYear() === now.getFullYear() ? sameYear : otherYear).format(date);
}

/** A day ('YYYY-MM-DD') as people read it. */
export const formatDueDay = (day: string): string => formatDay(`${day}T00:00:00Z`);

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
