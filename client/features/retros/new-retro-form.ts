import { z } from 'zod';
import { createRetroSchema, retroSettingsSchema } from '../../../shared/retros.js';
import type { FieldErrors, SubmitOutcome } from '../../lib/forms.js';
import { GraphqlError } from '../../lib/graphql.js';
import type { PickablePerson } from '../teams/api.js';
import { fromLocalInput, toLocalInput } from './retro-format.js';
import type { RetroTeam } from './retros.api.js';

/** What the "new retro" and "edit retro" dialogs send and how they read the server's refusals (pure, no React). */
export type Mode = 'create' | 'edit';
type Raw = Record<string, FormDataEntryValue | undefined>;
/** The edit dialog's health check choice that changes nothing. */
export const KEEP = '__keep__';

/** The inputs the form sends, by name; a server error about one of them is shown at it. */
const FIELD_NAMES = new Set([
  'team_id',
  'sprint_id',
  'template_id',
  'title',
  'facilitator_id',
  'anonymous',
  'max_votes',
  'max_votes_per_group',
  'check_in_question',
  'health_check_id',
  'scheduled_at',
  'reflect_deadline',
  'vote_deadline',
]);

/** FormData of the dialog -> the API input (create: empty means the server's default; edit: empty clears what may be cleared). */
export function inputOfForm(raw: Raw, mode: Mode): Record<string, unknown> {
  const text = (name: string) => (typeof raw[name] === 'string' ? (raw[name] as string).trim() : '');
  const number = (name: string) => (text(name) === '' ? undefined : Number(text(name)));
  const instant = (name: string) => (text(name) ? fromLocalInput(text(name)) : undefined);
  const isAsync = raw.async === 'on';
  const health = text('health_check_id');
  const input: Record<string, unknown> = {
    title: text('title') || undefined,
    facilitator_id: text('facilitator_id') || undefined,
    anonymous: raw.anonymous === 'on',
    max_votes: number('max_votes'),
    max_votes_per_group: number('max_votes_per_group'),
    check_in_question: text('check_in_question') || (mode === 'edit' ? null : undefined),
    health_check_id: health === KEEP ? undefined : health || (mode === 'edit' ? null : undefined),
    scheduled_at: instant('scheduled_at'),
    reflect_deadline: isAsync ? instant('reflect_deadline') : mode === 'edit' ? null : undefined,
    vote_deadline: isAsync ? instant('vote_deadline') : mode === 'edit' ? null : undefined,
  };
  if (mode === 'create') Object.assign(input, { team_id: text('team_id'), sprint_id: text('sprint_id') || undefined, template_id: text('template_id') });
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}

/** Checks the form with the shared schema, plus what only the form asks (a start time; both deadlines of an async retro), all at once. */
export function formSchema(mode: Mode) {
  return z.any().transform((raw: Raw, ctx) => {
    const input = inputOfForm(raw, mode);
    const issues: Array<[string, string]> = [];
    if (!input.scheduled_at) issues.push(['scheduled_at', 'Choose when the retro starts.']);
    if (raw.async === 'on') {
      if (!input.reflect_deadline) issues.push(['reflect_deadline', 'Choose when reflecting closes.']);
      if (!input.vote_deadline) issues.push(['vote_deadline', 'Choose when voting closes.']);
      if (
        typeof input.reflect_deadline === 'string' &&
        typeof input.scheduled_at === 'string' &&
        Date.parse(input.reflect_deadline) <= Date.parse(input.scheduled_at)
      ) {
        issues.push(['reflect_deadline', 'Reflecting must close after the retro starts.']);
      }
    }
    for (const name of ['max_votes', 'max_votes_per_group'] as const) {
      if (input[name] !== undefined && !Number.isInteger(input[name])) issues.push([name, 'A whole number.']);
    }
    const parsed = (mode === 'create' ? createRetroSchema : retroSettingsSchema).safeParse(input);
    for (const [path, message] of issues) ctx.addIssue({ code: 'custom', path: [path], message });
    if (!parsed.success)
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path as Array<string | number>, message: issue.message });
    return issues.length || !parsed.success ? z.NEVER : (parsed.data as Record<string, unknown>);
  });
}

/** A refusal of the server shown at its fields ("facilitator_id: …" messages too), the rest above the buttons. */
export function outcomeOfError(err: unknown): SubmitOutcome {
  if (!(err instanceof GraphqlError)) return { formError: err instanceof Error ? err.message : 'Something went wrong. Try again.' };
  let fields: FieldErrors = { ...err.fields };
  const prefixed = /^([a-z_]+): (.+)$/s.exec(err.message);
  if (!Object.keys(fields).length && prefixed && FIELD_NAMES.has(prefixed[1]!)) fields = { [prefixed[1]!]: capitalized(prefixed[2]!) };
  const atFields = Object.fromEntries(Object.entries(fields).filter(([name]) => FIELD_NAMES.has(name)));
  const elsewhere = Object.keys(fields).length > Object.keys(atFields).length;
  return {
    fieldErrors: atFields,
    formError: !Object.keys(atFields).length || elsewhere ? err.message : 'The retro was not saved: see the messages at the fields.',
  };
}
const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The next full hour, as a datetime-local value. */
export function nextFullHour(now = new Date()): string {
  const d = new Date(now);
  d.setMinutes(0, 0, 0);
  d.setHours(d.getHours() + 1);
  return toLocalInput(d.toISOString());
}

/** Members, manager and lead of a team, as the person picker lists them. */
export function peopleOfTeam(team: RetroTeam | undefined, except: string | null = null): PickablePerson[] {
  if (!team) return [];
  const byId = new Map<string, PickablePerson>();
  for (const p of [...team.users, team.manager, team.team_lead]) {
    if (p && p.id !== except && !byId.has(p.id)) byId.set(p.id, { ...p, status: 'ACTIVE', team: { id: team.id, name: team.name } });
  }
  return [...byId.values()].sort((a, b) => a.full_name.localeCompare(b.full_name));
}
