import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { bumpRetroVersions, markActionItemsDone, retroActionItems, runningRetroIdsOfTeam } from '../retros/retros.actions.repo.js';
import { integrationConnections, integrationScopes, retroActionIssues } from './integrations.tables.js';

/** Retro action items sent to a tracker: their issues (integrations.retro-actions.ts). */

export type IssueRow = typeof retroActionIssues.$inferSelect;

/**
 * In one transaction: marks these issues closed and their action items DONE (those not DONE or
 * DROPPED already), and moves on the version of the running retros of those items' teams. Returns
 * how many action items changed and the retros' new versions (to publish after the commit).
 */
export function closeActionIssues(
  db: Db,
  connectionId: string,
  shut: ReadonlyArray<{ externalId: string; closedAt: string | null }>,
): { changed: number; bumped: Array<{ id: string; version: number }> } {
  const teams = new Map<string, string>();
  const bumped: Array<{ id: string; version: number }> = [];
  const changed = db.transaction(() => {
    let changed = 0;
    for (const c of shut) {
      const issues = db
        .update(retroActionIssues)
        .set({ closed_at: c.closedAt })
        .where(and(eq(retroActionIssues.connection_id, connectionId), eq(retroActionIssues.external_id, c.externalId), isNull(retroActionIssues.closed_at)))
        .returning({ id: retroActionIssues.action_item_id })
        .all();
      if (!issues.length) continue;
      const at = new Date().toISOString();
      const done = markActionItemsDone(
        db,
        issues.map((i) => i.id),
        c.closedAt ?? at,
        at,
      );
      for (const d of done) teams.set(d.team_id, d.organization_id);
      changed += done.length;
    }
    for (const [teamId, orgId] of teams) {
      const running = runningRetroIdsOfTeam(db, orgId, teamId);
      if (running.length) bumped.push(...bumpRetroVersions(db, running, new Date().toISOString()));
    }
    return changed;
  });
  return { changed, bumped };
}

/** The connection's issues not closed yet, with their scope. */
export function openActionIssues(db: Db, connectionId: string) {
  return db
    .select({
      external_id: retroActionIssues.external_id,
      scope_id: retroActionIssues.scope_id,
      kind: integrationScopes.kind,
      scope_external_id: integrationScopes.external_id,
      name: integrationScopes.name,
    })
    .from(retroActionIssues)
    .innerJoin(integrationScopes, eq(integrationScopes.id, retroActionIssues.scope_id))
    .where(and(eq(retroActionIssues.connection_id, connectionId), isNull(retroActionIssues.closed_at)))
    .all();
}

/** The organization's included repositories and projects, with their connection's provider. */
export function includedIssueScopes(db: Db, orgId: string) {
  return db
    .select({ scope: integrationScopes, provider: integrationConnections.provider, sample: integrationConnections.is_sample })
    .from(integrationScopes)
    .innerJoin(integrationConnections, eq(integrationConnections.id, integrationScopes.connection_id))
    .where(and(eq(integrationScopes.organization_id, orgId), eq(integrationScopes.included, true), inArray(integrationScopes.kind, ['REPOSITORY', 'PROJECT'])))
    .all();
}

/** The issues of a retro's action items, with their connection's provider. */
export function issuesOfRetro(db: Db, orgId: string, retroId: string) {
  return db
    .select({ issue: retroActionIssues, provider: integrationConnections.provider, sample: integrationConnections.is_sample })
    .from(retroActionIssues)
    .innerJoin(retroActionItems, eq(retroActionItems.id, retroActionIssues.action_item_id))
    .innerJoin(integrationConnections, eq(integrationConnections.id, retroActionIssues.connection_id))
    .where(and(eq(retroActionIssues.organization_id, orgId), eq(retroActionItems.retro_id, retroId)))
    .all();
}

export function findIssueOfActionItem(db: Db, actionItemId: string): IssueRow | undefined {
  return db.select().from(retroActionIssues).where(eq(retroActionIssues.action_item_id, actionItemId)).get();
}

export function insertActionIssue(db: Db, values: typeof retroActionIssues.$inferInsert): IssueRow {
  return db.insert(retroActionIssues).values(values).returning().get();
}
