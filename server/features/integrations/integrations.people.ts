import type { MercuriusContext } from 'mercurius';
import { notFound } from '../../../shared/app-error.js';
import { INTEGRATION_PROVIDERS, type IntegrationProvider, type MatchKind } from '../../../shared/integrations.js';
import type { Db } from '../../db/connection.js';
import { requireAdmin } from '../../graphql/context.js';
import { findUserById } from '../users/users.repo.js';
import { loadUser } from '../users/users.loaders.js';
import type { FeaturePart } from '../feature-part.js';
import { recomputeForAccount } from './integrations.ingest.js';
import {
  candidatesFor, clearPersonFields, connectionInfo, matchAccountIds, matchAccounts, personFields, writePersonFields,
} from './integrations.matching.js';

/**
 * People of the connected services (docs/decisions/0051, /admin/integrations): the accounts, who they
 * are matched to and how, the people who fit an ambiguous one; an admin matches an account by hand
 * (the person's account field follows, and is cleared again when unmatched), marks bots, or matches
 * every account again. Admin-only (integrations.rules.ts).
 */

type Ctx = MercuriusContext;
export type ExternalAccountRow = {
  id: string; organization_id: string; connection_id: string; provider: IntegrationProvider; external_id: string; login: string | null; display_name: string | null;
  email: string | null; is_bot: boolean; user_id: string | null; match_kind: MatchKind;
};

const FILTERS = {
  ALL: '1 = 1',
  UNMATCHED: `a.is_bot = 0 and a.user_id is null and a.match_kind <> 'AMBIGUOUS'`,
  AMBIGUOUS: `a.is_bot = 0 and a.match_kind = 'AMBIGUOUS'`,
  MATCHED: 'a.is_bot = 0 and a.user_id is not null',
  BOTS: 'a.is_bot = 1',
} as const;
type Filter = keyof typeof FILTERS;

const SELECT = `select a.id, a.organization_id, a.connection_id, c.provider, a.external_id, a.login, a.display_name, a.email, a.is_bot, a.user_id, a.match_kind
  from ext_accounts a join integration_connections c on c.id = a.connection_id`;
const toRow = (r: Record<string, unknown>): ExternalAccountRow => ({ ...(r as unknown as ExternalAccountRow), is_bot: !!r.is_bot });

export function listExternalAccounts(db: Db, organizationId: string, args: { provider?: IntegrationProvider | null; filter?: Filter | null; search?: string | null; limit?: number | null; offset?: number | null }) {
  const where = [`a.organization_id = @org`, FILTERS[args.filter ?? 'ALL'] ?? FILTERS.ALL];
  const params: Record<string, unknown> = { org: organizationId };
  if (args.provider && INTEGRATION_PROVIDERS.includes(args.provider)) { where.push('c.provider = @provider'); params.provider = args.provider; }
  const search = args.search?.trim().toLowerCase();
  if (search) {
    where.push(`(lower(coalesce(a.login, '')) like @q escape '\\' or lower(coalesce(a.display_name, '')) like @q escape '\\' or lower(coalesce(a.email, '')) like @q escape '\\' or lower(a.external_id) like @q escape '\\')`);
    params.q = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  }
  const limit = Math.min(Math.max(args.limit ?? 50, 1), 200);
  const offset = Math.max(args.offset ?? 0, 0);
  const clause = where.join(' and ');
  const total = db.$client.prepare(`select count(*) from ext_accounts a join integration_connections c on c.id = a.connection_id where ${clause}`).pluck().get(params) as number;
  const items = (db.$client.prepare(`${SELECT} where ${clause}
    order by case when a.is_bot = 0 and a.user_id is null then 0 else 1 end, lower(coalesce(a.display_name, a.login, a.email, a.external_id)), a.id limit @limit offset @offset`)
    .all({ ...params, limit, offset }) as Array<Record<string, unknown>>).map(toRow);
  return { items, total };
}

export function findExternalAccount(db: Db, organizationId: string, id: string): ExternalAccountRow | undefined {
  const row = db.$client.prepare(`${SELECT} where a.organization_id = ? and a.id = ?`).get(organizationId, id) as Record<string, unknown> | undefined;
  return row ? toRow(row) : undefined;
}

function requireAccount(ctx: Ctx, organizationId: string, id: string): ExternalAccountRow {
  const account = findExternalAccount(ctx.services.db, organizationId, id);
  if (!account) throw notFound('Account');
  return account;
}

/** An admin's match (user null: no one): MANUAL, so automatic matching leaves it; the person's account field follows. */
export function matchExternalAccountManually(db: Db, account: ExternalAccountRow, userId: string | null): void {
  const conn = connectionInfo(db, account.connection_id);
  const fields = conn ? personFields(conn, account) : {};
  db.$client.transaction(() => {
    if (account.user_id && account.user_id !== userId) clearPersonFields(db, account.organization_id, account.user_id, fields);
    db.$client.prepare(`update ext_accounts set user_id = ?, match_kind = 'MANUAL' where id = ?`).run(userId, account.id);
    if (userId) writePersonFields(db, account.organization_id, userId, fields, true);
  })();
}

export const integrationsPeoplePart: FeaturePart = {
  resolvers: {
    ExternalAccount: {
      user: (a: ExternalAccountRow, _: unknown, ctx: Ctx) => loadUser(ctx, a.user_id),
      candidates: async (a: ExternalAccountRow, _: unknown, ctx: Ctx) => {
        if (a.match_kind !== 'AMBIGUOUS') return [];
        const conn = connectionInfo(ctx.services.db, a.connection_id);
        if (!conn) return [];
        const ids = candidatesFor(ctx.services.db, a.organization_id, conn, a).userIds;
        return (await Promise.all(ids.map((id) => loadUser(ctx, id)))).filter((u) => u !== null);
      },
    },
    Query: {
      externalAccounts: (_: unknown, args: { provider?: IntegrationProvider | null; filter?: Filter | null; search?: string | null; limit?: number | null; offset?: number | null }, ctx: Ctx) =>
        listExternalAccounts(ctx.services.db, requireAdmin(ctx).organizationId, args),
    },
    Mutation: {
      matchExternalAccount: (_: unknown, args: { id: string; user_id?: string | null }, ctx: Ctx) => {
        const viewer = requireAdmin(ctx);
        const db = ctx.services.db;
        const account = requireAccount(ctx, viewer.organizationId, args.id);
        const userId = args.user_id ?? null;
        if (userId && !findUserById(db, viewer.organizationId, userId)) throw notFound('Person');
        matchExternalAccountManually(db, account, userId);
        return findExternalAccount(db, viewer.organizationId, account.id);
      },
      setExternalAccountBot: (_: unknown, args: { id: string; is_bot: boolean }, ctx: Ctx) => {
        const viewer = requireAdmin(ctx);
        const db = ctx.services.db;
        const account = requireAccount(ctx, viewer.organizationId, args.id);
        if (account.is_bot !== args.is_bot) {
          db.$client.transaction(() => {
            db.$client.prepare(`update ext_accounts set is_bot = ? where id = ?`).run(args.is_bot ? 1 : 0, account.id);
            if (!args.is_bot && account.match_kind !== 'MANUAL') matchAccountIds(db, viewer.organizationId, account.connection_id, [account.id]);
            // Reviews by bots do not count: the pull requests' boundaries move.
            recomputeForAccount(db, viewer.organizationId, account.id);
          })();
        }
        return findExternalAccount(db, viewer.organizationId, account.id);
      },
      rematchExternalAccounts: (_: unknown, __: unknown, ctx: Ctx) => matchAccounts(ctx.services.db, requireAdmin(ctx).organizationId).matched,
    },
  },
};
