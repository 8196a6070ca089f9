import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { IntegrationProvider } from '../../../shared/integrations.js';
import type { Db } from '../../db/connection.js';
import type { ConnectionRow } from './integrations.secrets.js';
import { extAccounts, integrationConnections, integrationScopes } from './integrations.tables.js';
import { statement } from '../../db/sqlite.js';

/** Storage the sample data set needs (integrations.sample.ts): its connections, the teams it can go to, and its assignments. */

export function sampleConnections(db: Db, orgId: string): ConnectionRow[] {
  return db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.organization_id, orgId), eq(integrationConnections.is_sample, true)))
    .all();
}

export type TeamForSample = { id: string; name: string; members: string[] };

/**
 * The organization's active teams with active members, biggest first: each one's members with its
 * tech lead first, then by name, its manager last (the sample's people write code; a manager reviews
 * little and is the first left out when the team is smaller than the sample's).
 */
export function teamsForSample(db: Db, orgId: string): TeamForSample[] {
  const rows = statement(
    db,
    `select t.id as team_id, t.name as team_name, u.id as user_id from teams t
      join users u on u.team_id = t.id and u.deleted_at is null and u.status = 'ACTIVE'
    where t.organization_id = ? and t.deleted_at is null
    order by (u.id = t.team_lead_id) desc, (u.id = t.manager_id), u.full_name collate nocase, u.id`,
  ).all(orgId) as Array<{ team_id: string; team_name: string; user_id: string }>;
  const byTeam = new Map<string, TeamForSample>();
  for (const r of rows) {
    const team = byTeam.get(r.team_id) ?? { id: r.team_id, name: r.team_name, members: [] };
    team.members.push(r.user_id);
    byTeam.set(r.team_id, team);
  }
  return [...byTeam.values()].sort((a, b) => b.members.length - a.members.length || a.name.localeCompare(b.name));
}

/** Gives a scope of a connection its team, unless an admin gave it one already. */
export function setScopeTeamIfNone(db: Db, connectionId: string, scopeId: string, teamId: string): void {
  db.update(integrationScopes)
    .set({ team_id: teamId })
    .where(and(eq(integrationScopes.connection_id, connectionId), eq(integrationScopes.id, scopeId), isNull(integrationScopes.team_id)))
    .run();
}

/** Matches an account of a connection to a person as an admin would (MANUAL: the automatic matching leaves it alone). */
export function matchAccountManually(db: Db, connectionId: string, externalId: string, userId: string): void {
  db.update(extAccounts)
    .set({ user_id: userId, match_kind: 'MANUAL' })
    .where(and(eq(extAccounts.connection_id, connectionId), eq(extAccounts.external_id, externalId)))
    .run();
}

export function markBot(db: Db, connectionId: string, externalId: string): void {
  db.update(extAccounts)
    .set({ is_bot: true, user_id: null, match_kind: 'NONE' })
    .where(and(eq(extAccounts.connection_id, connectionId), eq(extAccounts.external_id, externalId)))
    .run();
}

/** The organization's connections of these providers, sample or not. */
export function connectionsOfProviders(
  db: Db,
  orgId: string,
  providers: readonly IntegrationProvider[],
): Array<{ provider: IntegrationProvider; is_sample: boolean }> {
  return db
    .select({ provider: integrationConnections.provider, is_sample: integrationConnections.is_sample })
    .from(integrationConnections)
    .where(and(eq(integrationConnections.organization_id, orgId), inArray(integrationConnections.provider, [...providers])))
    .all();
}

export function insertSampleConnection(db: Db, row: typeof integrationConnections.$inferInsert): void {
  db.insert(integrationConnections).values(row).run();
}

/** Removes the organization's sample connections (their rows go with them); whether there were any. */
export function deleteSampleConnections(db: Db, orgId: string): boolean {
  return (
    db
      .delete(integrationConnections)
      .where(and(eq(integrationConnections.organization_id, orgId), eq(integrationConnections.is_sample, true)))
      .run().changes > 0
  );
}
