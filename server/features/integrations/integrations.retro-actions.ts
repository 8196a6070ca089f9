import type { MercuriusContext } from 'mercurius';
import { badInput, conflict, notFound } from '../../../shared/app-error.js';
import type { Db } from '../../db/connection.js';
import { requireViewer } from '../../graphql/context.js';
import { topics } from '../../graphql/pubsub.js';
import type { Services } from '../../services.js';
import { retroAccess, takesPart, teamRelation } from '../retros/retros.access.js';
import { retroPath } from '../retros/retros.actions.js';
import { findActionItem, managerOf } from '../retros/retros.actions.repo.js';
import type { FeaturePart } from '../feature-part.js';
import { adapterOf } from './integrations.adapters.js';
import { shownFailure } from './integrations.errors.js';
import { findConnectionById, findScope } from './integrations.connections.repo.js';
import type { OpenConnection } from './integrations.provider.js';
import { openConnection, scrubSecrets } from './integrations.secrets.js';
import {
  closeActionIssues,
  findIssueOfActionItem,
  includedIssueScopes,
  insertActionIssue,
  issuesOfRetro,
  openActionIssues,
  type IssueRow,
} from './integrations.retro-actions.repo.js';
import { httpUrlOrNull } from './integrations.urls.js';

/**
 * Retro action items sent to an issue tracker or repository (docs/decisions/0051). Who may send
 * one: whoever may change the action item's status (its team, its owner, the owner's manager, admins;
 * retros.actions.ts); where: included repositories of a code host whose adapter opens issues, and
 * included projects; the retro's team's scopes first. Closing the issue there marks the action item
 * DONE: after every sync (checkActionIssues) and on a webhook delivery that says so (markClosedActionIssues).
 */

const present = (row: IssueRow & { provider: string; sample: boolean }) => ({
  action_item_id: row.action_item_id,
  provider: row.provider,
  key: row.key,
  url: row.url,
  closed_at: row.closed_at,
  sample: row.sample,
});

/**
 * Marks issues closed and their action items DONE (those not DONE or DROPPED already), and tells the
 * running retros of their teams (their action item lists update live). Returns how many action items changed.
 */
export function markClosedActionIssues(
  services: Pick<Services, 'db' | 'pubsub'>,
  connectionId: string,
  closed: ReadonlyArray<{ externalId: string; closedAt: string | null }>,
): number {
  const { db } = services;
  const shut = closed.filter((c) => c.closedAt);
  if (!shut.length) return 0;
  const { changed: total, bumped } = closeActionIssues(db, connectionId, shut);
  for (const b of bumped) services.pubsub.publish(topics.retroChanged(b.id), { version: b.version });
  return total;
}

/** Asks the service about this connection's open action-item issues (per scope) and closes the ones closed there. */
export async function checkActionIssues(services: Services, connection: OpenConnection, signal: AbortSignal): Promise<number> {
  const { db } = services;
  const adapter = adapterOf(db, connection);
  if (!adapter.issueStates) return 0;
  const open = openActionIssues(db, connection.id);
  const byScope = new Map<string, typeof open>();
  for (const o of open) byScope.set(o.scope_id, [...(byScope.get(o.scope_id) ?? []), o]);
  let changed = 0;
  for (const list of byScope.values()) {
    const s = list[0]!;
    const states = await adapter.issueStates(
      connection,
      { kind: s.kind, externalId: s.scope_external_id, name: s.name },
      list.map((o) => o.external_id),
      signal,
    );
    changed += markClosedActionIssues(services, connection.id, states);
  }
  return changed;
}

/** The action item as the viewer may send it: NOT_FOUND unless they may change its status. */
function requireSendableItem(ctx: MercuriusContext, id: string) {
  const viewer = requireViewer(ctx);
  const { db } = ctx.services;
  const item = findActionItem(db, viewer.organizationId, id);
  if (!item) throw notFound('Action item');
  const mayStatus =
    takesPart(teamRelation(db, viewer, item.team_id)) ||
    item.owner_id === viewer.userId ||
    (!!item.owner_id && managerOf(db, viewer.organizationId, item.owner_id) === viewer.userId);
  if (!mayStatus) throw notFound('Action item');
  return { viewer, item };
}

function targetsFor(db: Db, orgId: string, teamId: string) {
  const rows = includedIssueScopes(db, orgId);
  return rows
    .filter((r) => !!adapterOf(db, r).createIssue)
    .map((r) => ({
      connection_id: r.scope.connection_id,
      scope_id: r.scope.id,
      provider: r.provider,
      name: r.scope.name,
      team_owned: r.scope.team_id === teamId,
      sample: r.sample,
    }))
    .sort((a, b) => Number(b.team_owned) - Number(a.team_owned) || a.name.localeCompare(b.name));
}

export const integrationsRetroActionsPart: FeaturePart = {
  resolvers: {
    Query: {
      trackerTargets: (_: unknown, args: { retro_id: string }, ctx: MercuriusContext) => {
        const viewer = requireViewer(ctx);
        const { retro } = retroAccess(ctx.services.db, viewer, args.retro_id);
        return targetsFor(ctx.services.db, viewer.organizationId, retro.team_id);
      },
      retroActionIssues: (_: unknown, args: { retro_id: string }, ctx: MercuriusContext) => {
        const viewer = requireViewer(ctx);
        const { db } = ctx.services;
        retroAccess(db, viewer, args.retro_id);
        return issuesOfRetro(db, viewer.organizationId, args.retro_id).map((r) => present({ ...r.issue, provider: r.provider, sample: r.sample }));
      },
    },
    Mutation: {
      sendRetroActionToTracker: async (_: unknown, args: { action_item_id: string; scope_id: string }, ctx: MercuriusContext) => {
        const { viewer, item } = requireSendableItem(ctx, args.action_item_id);
        const { db, config, log } = ctx.services;
        const sent = () => findIssueOfActionItem(db, item.id);
        if (sent()) throw conflict('This action item was sent already.');
        const scope = findScope(db, viewer.organizationId, args.scope_id);
        const row = scope && findConnectionById(db, scope.connection_id);
        if (!scope || !row || !scope.included || (scope.kind !== 'REPOSITORY' && scope.kind !== 'PROJECT'))
          throw badInput('scope_id: not a repository or project you can send action items to.', { fields: { scope_id: 'Choose a repository or project.' } });
        const adapter = adapterOf(db, row);
        if (!adapter.createIssue)
          throw badInput(`scope_id: ${row.provider} does not take issues.`, { fields: { scope_id: 'Choose another repository or project.' } });
        const connection = openConnection(ctx.services, row);
        const link = `${config.baseUrl}${retroPath(item.retro_id)}`;
        const body = `Action item from the retro “${item.retro_title}”.\n\n${item.text}\n\nIn Teamlens: ${link}\n\nClosing this issue marks the action item done.`;
        let created;
        try {
          created = await adapter.createIssue(
            connection,
            { kind: scope.kind, externalId: scope.external_id, name: scope.name },
            { title: item.text.slice(0, 250), body },
            AbortSignal.timeout(30_000),
          );
        } catch (err) {
          log.warn(
            { connectionId: row.id, error: scrubSecrets(err instanceof Error ? err.message : String(err), connection.credentials) },
            'retro action issue could not be created',
          );
          throw badInput(`The issue could not be created: ${scrubSecrets(shownFailure(row.provider, err), connection.credentials)}`);
        }
        if (sent()) throw conflict('This action item was sent already.');
        const stored = insertActionIssue(db, {
          action_item_id: item.id,
          organization_id: viewer.organizationId,
          connection_id: row.id,
          scope_id: scope.id,
          external_id: created.externalId,
          key: created.key,
          url: httpUrlOrNull(created.url),
          created_by: viewer.userId,
        });
        return present({ ...stored, provider: row.provider, sample: row.is_sample });
      },
    },
  },
};
