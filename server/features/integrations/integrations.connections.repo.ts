import { and, asc, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { IntegrationProvider } from '../../../shared/integrations.js';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/tokens.js';
import type { ScopeInfo } from './integrations.provider.js';
import type { ConnectionRow } from './integrations.secrets.js';
import { extAccounts, integrationConnections, integrationScopes, retroActionIssues, webhookDeliveries } from './integrations.tables.js';
import { httpUrlOrNull } from './integrations.urls.js';

/** Storage of connections and their scopes (docs/decisions/0051). Every read is scoped by organization. */
export type ScopeRow = typeof integrationScopes.$inferSelect;

export function listConnections(db: Db, orgId: string): ConnectionRow[] {
  return db
    .select()
    .from(integrationConnections)
    .where(eq(integrationConnections.organization_id, orgId))
    .orderBy(asc(integrationConnections.created_at), asc(integrationConnections.provider))
    .all();
}

export function findConnection(db: Db, orgId: string, id: string): ConnectionRow | undefined {
  return db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.organization_id, orgId), eq(integrationConnections.id, id)))
    .get();
}

/** Any organization's: the webhook route and the jobs know a connection by its id only. */
export function findConnectionById(db: Db, id: string): ConnectionRow | undefined {
  return db.select().from(integrationConnections).where(eq(integrationConnections.id, id)).get();
}

export function findConnectionOfProvider(db: Db, orgId: string, provider: IntegrationProvider): ConnectionRow | undefined {
  return db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.organization_id, orgId), eq(integrationConnections.provider, provider)))
    .get();
}

/** The organization's connection of this provider when it is CONNECTED (not paused, not in error). */
export function findConnectedOfProvider(db: Db, orgId: string, provider: IntegrationProvider): ConnectionRow | undefined {
  return db
    .select()
    .from(integrationConnections)
    .where(
      and(eq(integrationConnections.organization_id, orgId), eq(integrationConnections.provider, provider), eq(integrationConnections.status, 'CONNECTED')),
    )
    .get();
}

export function insertConnection(db: Db, row: typeof integrationConnections.$inferInsert): ConnectionRow {
  return db.insert(integrationConnections).values(row).returning().get();
}

export function patchConnection(db: Db, id: string, patch: Partial<typeof integrationConnections.$inferInsert>): ConnectionRow | undefined {
  return db
    .update(integrationConnections)
    .set({ ...patch, updated_at: new Date().toISOString() })
    .where(eq(integrationConnections.id, id))
    .returning()
    .get();
}

export function deleteConnection(db: Db, orgId: string, id: string): boolean {
  return (
    db
      .delete(integrationConnections)
      .where(and(eq(integrationConnections.organization_id, orgId), eq(integrationConnections.id, id)))
      .run().changes > 0
  );
}

export function listScopes(db: Db, connectionId: string, opts: { includedOnly?: boolean } = {}): ScopeRow[] {
  const where = opts.includedOnly
    ? and(eq(integrationScopes.connection_id, connectionId), eq(integrationScopes.included, true))
    : eq(integrationScopes.connection_id, connectionId);
  return db.select().from(integrationScopes).where(where).orderBy(asc(integrationScopes.kind), asc(integrationScopes.name)).all();
}

export function findScope(db: Db, orgId: string, id: string): ScopeRow | undefined {
  return db
    .select()
    .from(integrationScopes)
    .where(and(eq(integrationScopes.organization_id, orgId), eq(integrationScopes.id, id)))
    .get();
}

/** Stores what the service lists (new scopes start included; a known scope keeps its choice and team). */
export function upsertScopes(db: Db, orgId: string, connectionId: string, list: readonly ScopeInfo[]): void {
  db.transaction(() => {
    for (const s of list) {
      db.insert(integrationScopes)
        .values({
          id: newId(),
          organization_id: orgId,
          connection_id: connectionId,
          kind: s.kind,
          external_id: s.externalId,
          name: s.name,
          url: httpUrlOrNull(s.url),
          default_branch: s.defaultBranch ?? null,
          included: true,
        })
        .onConflictDoUpdate({
          target: [integrationScopes.connection_id, integrationScopes.kind, integrationScopes.external_id],
          set: { name: s.name, url: httpUrlOrNull(s.url), default_branch: s.defaultBranch ?? null },
        })
        .run();
    }
  });
}

export function setScopeChoices(db: Db, connectionId: string, choices: ReadonlyArray<{ id: string; included: boolean; team_id: string | null }>): void {
  db.transaction(() => {
    for (const c of choices) {
      db.update(integrationScopes)
        .set({ included: c.included, team_id: c.team_id })
        .where(and(eq(integrationScopes.connection_id, connectionId), eq(integrationScopes.id, c.id)))
        .run();
    }
  });
}

/** Accounts of each connection nobody is matched to (bots left out). */
export function countUnmatchedAccounts(db: Db, connectionIds: readonly string[]): Map<string, number> {
  if (!connectionIds.length) return new Map();
  const rows = db
    .select({ id: extAccounts.connection_id, n: count() })
    .from(extAccounts)
    .where(and(inArray(extAccounts.connection_id, [...connectionIds]), isNull(extAccounts.user_id), eq(extAccounts.is_bot, false)))
    .groupBy(extAccounts.connection_id)
    .all();
  return new Map(rows.map((r) => [r.id, r.n]));
}

export function touchSynced(db: Db, id: string, at: string): void {
  db.update(integrationConnections)
    .set({
      last_synced_at: at,
      status: sql`case when ${integrationConnections.status} = 'ERROR' then 'CONNECTED' else ${integrationConnections.status} end`,
      last_error: null,
    })
    .where(eq(integrationConnections.id, id))
    .run();
}

/** How many retro action items a connection opened as issues in a scope (by the scope's external id). */
export function countActionIssues(db: Db, connectionId: string, scopeExternalId: string): number {
  return (
    db
      .select({ n: count() })
      .from(retroActionIssues)
      .innerJoin(integrationScopes, eq(integrationScopes.id, retroActionIssues.scope_id))
      .where(and(eq(retroActionIssues.connection_id, connectionId), eq(integrationScopes.external_id, scopeExternalId)))
      .get()?.n ?? 0
  );
}

/** Records a webhook delivery; false when this delivery id was recorded already (a duplicate). */
export function recordWebhookDelivery(db: Db, d: { connectionId: string; deliveryId: string; event: string; at: string }): boolean {
  return (
    db
      .insert(webhookDeliveries)
      .values({ connection_id: d.connectionId, delivery_id: d.deliveryId, event: d.event, received_at: d.at })
      .onConflictDoNothing()
      .run().changes > 0
  );
}

/** Forgets the connection's deliveries received before `before`. */
export function pruneWebhookDeliveries(db: Db, connectionId: string, before: string): void {
  db.delete(webhookDeliveries)
    .where(and(eq(webhookDeliveries.connection_id, connectionId), lt(webhookDeliveries.received_at, before)))
    .run();
}
