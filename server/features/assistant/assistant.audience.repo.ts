import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import type { Viewer } from '../auth/viewer.js';
import { belowViewer } from '../goals/goals.visibility.repo.js';
import { adminToken, publicToken, token } from './assistant.index.repo.js';

/**
 * The audience tokens of an asker (docs/decisions/0066): the documents whose tags hold one of them
 * are the ones the asker might read. Computed at each question from the people and teams as they
 * are now, so a reporting line or a team that changed counts at once. A superset: each passage is
 * checked by its area's rule afterwards.
 * - everyone: the public token and their own person token (p); admins the admin token;
 * - m: themself as someone's direct manager; l: the teams they manage or lead, deleted ones too (the
 *   feedback rule does not ask whether a team is live): feedback for managers, a handful of tokens
 *   whatever the size of their team;
 * - c: everyone below them at any depth (goals' manager chain, growth);
 * - t: their team and the teams they manage or lead; u: teams whose manager or lead is below them.
 * Each kind is searched with the classes its documents can hold (SourceKind.audience): a note never
 * with the hundreds of tokens of a manager's reports.
 */
/** The kinds of audience token (see assistant.index.repo.ts). */
export type AudienceClass = 'pub' | 'adm' | 'p' | 'm' | 'l' | 'c' | 't' | 'u';

/**
 * Above this many tokens for one kind, the kind is searched without narrowing by audience (only the
 * rules decide): an OR of that many terms costs FTS5 more than reading the candidates does.
 */
export const AUDIENCE_MAX = 600;

export type Audience = Record<AudienceClass, string[]>;

export function askerAudience(db: Db, viewer: Viewer): Audience {
  const v = viewer.userId;
  const org = viewer.organizationId;
  const ids = (query: ReturnType<typeof sql>) => db.all<{ id: string }>(query).map((r) => r.id);
  const led = ids(sql`select id from teams where organization_id = ${org} and (manager_id = ${v} or team_lead_id = ${v})`);
  const admin = viewer.permissionLevel === 'ADMIN';
  // Admins read every manager-chain goal and everyone's growth by being admins (the admin token): no list needed.
  // Otherwise enough to know whether there are too many to list (then every kind reading them is searched wide).
  const below = admin ? [] : ids(sql`select id from ${belowViewer(viewer)} limit ${AUDIENCE_MAX + 1}`);
  const teams = ids(sql`select id from teams where organization_id = ${org} and deleted_at is null and (manager_id = ${v} or team_lead_id = ${v})
    union select team_id as id from users where id = ${v} and team_id is not null`);
  const belowSet = new Set(below);
  const teamsBelow = below.length
    ? db
        .all<{ id: string; manager_id: string | null; team_lead_id: string | null }>(
          sql`select id, manager_id, team_lead_id from teams where organization_id = ${org} and deleted_at is null`,
        )
        .filter((t) => (t.manager_id && belowSet.has(t.manager_id)) || (t.team_lead_id && belowSet.has(t.team_lead_id)))
        .map((t) => t.id)
    : [];
  return {
    pub: [publicToken(org)],
    adm: admin ? [adminToken(org)] : [],
    p: [token('p', v)],
    m: [token('m', v)],
    l: led.map((id) => token('l', id)),
    c: below.map((id) => token('c', id)),
    t: teams.map((id) => token('t', id)),
    u: teamsBelow.map((id) => token('u', id)),
  };
}

/** The tokens a kind's documents may hold for this asker (its classes), or null when there are too many to list. */
export function audienceFor(audience: Audience, classes: readonly AudienceClass[]): string[] | null {
  const tokens = [...new Set(classes.flatMap((c) => audience[c]))];
  return tokens.length > AUDIENCE_MAX ? null : tokens;
}
