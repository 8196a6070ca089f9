import type { RetroAutomationRule } from './retro-automation.api.js';
import { formatWeekdayTime } from '../../../shared/format.js';

/** A rule's trigger in words: "After every sprint of Core", "Every 2 weeks on Monday 10:00". */
export function describeTrigger(rule: Pick<RetroAutomationRule, 'trigger' | 'every_weeks' | 'anchor_at' | 'team'>): string {
  if (rule.trigger === 'SPRINT_END') return `After every sprint of ${rule.team.name}`;
  const every = rule.every_weeks === 1 ? 'Every week' : `Every ${rule.every_weeks} weeks`;
  return rule.anchor_at ? `${every} on ${formatWeekdayTime(rule.anchor_at)}` : every;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the local YYYY-MM-DD and HH:MM of the date and time inputs. */
export function localParts(iso: string | null): { day: string; time: string } {
  if (!iso) return { day: '', time: '10:00' };
  const d = new Date(iso);
  return { day: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: `${pad(d.getHours())}:${pad(d.getMinutes())}` };
}

/** The local date and time inputs as an instant (ISO), or the text as typed when it is no date (the schema says why). */
export function instantOf(day: string, time: string): string {
  const d = new Date(`${day}T${time || '10:00'}`);
  return Number.isNaN(d.getTime()) ? day : d.toISOString();
}
