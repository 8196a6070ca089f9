import { INTEGRATION_PROVIDERS, type IntegrationProvider, type MatchKind } from '../../../shared/integrations.js';
import type { Db } from '../../db/connection.js';
import { sqliteTransaction, statement } from '../../db/sqlite.js';
import { recomputeForAccount } from './integrations.ingest.repo.js';
import { clearPersonFields, connectionInfo, matchAccountIds, personFields, writePersonFields } from './integrations.matching.repo.js';

/** The accounts of the connected services and an admin's changes to them (integrations.people.ts). */

export type ExternalAccountRow = {
  id: string;
  organization_id: string;
  connection_id: string;
  provider: IntegrationProvider;
  external_id: string;
  login: string | null;
  display_name: string | null;
  email: string | null;
  is_bot: boolean;
  user_id: string | null;
  match_kind: MatchKind;
};

const FILTERS = {
  ALL: '1 = 1',
  UNMATCHED: `a.is_bot = 0 and a.user_id is null and a.match_kind <> 'AMBIGUOUS'`,
  AMBIGUOUS: `a.is_bot = 0 and a.match_kind = 'AMBIGUOUS'`,
  MATCHED: 'a.is_bot = 0 and a.user_id is not null',
  BOTS: 'a.is_bot = 1',
} as const;
export type Filter = keyof typeof FILTERS;

const SELECT = `select a.id, a.organization_id, a.connection_id, c.provider, a.external_id, a.login, a.display_name, a.email, a.is_bot, a.user_id, a.match_kind
  from ext_accounts a join integration_connections c on c.id = a.connection_id`;
const toRow = (r: Record<string, unknown>): ExternalAccountRow => ({ ...(r as unknown as ExternalAccountRow), is_bot: !!r.is_bot });

export function listExternalAccounts(
  db: Db,
  organizationId: string,
  args: { provider?: IntegrationProvider | null; filter?: Filter | null; search?: string | null; limit?: number | null; offset?: number | null },
) {
  const where = [`a.organization_id = @org`, FILTERS[args.filter ?? 'ALL'] ?? FILTERS.ALL];
  const params: Record<string, unknown> = { org: organizationId };
  if (args.provider && INTEGRATION_PROVIDERS.includes(args.provider)) {
    where.push('c.provider = @provider');
    params.provider = args.provider;
  }
  const search = args.search?.trim().toLowerCase();
  if (search) {
    where.push(
      `(lower(coalesce(a.login, '')) like @q escape '\\' or lower(coalesce(a.display_name, '')) like @q escape '\\' or lower(coalesce(a.email, '')) like @q escape '\\' or lower(a.external_id) like @q escape '\\')`,
    );
    params.q = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  }
  const limit = Math.min(Math.max(args.limit ?? 50, 1), 200);
  const offset = Math.max(args.offset ?? 0, 0);
  const clause = where.join(' and ');
  const total = statement(db, `select count(*) from ext_accounts a join integration_connections c on c.id = a.connection_id where ${clause}`)
    .pluck()
    .get(params) as number;
  const items = (
    statement(
      db,
      `${SELECT} where ${clause}
    order by case when a.is_bot = 0 and a.user_id is null then 0 else 1 end, lower(coalesce(a.display_name, a.login, a.email, a.external_id)), a.id limit @limit offset @offset`,
    ).all({ ...params, limit, offset }) as Array<Record<string, unknown>>
  ).map(toRow);
  return { items, total };
}

export function findExternalAccount(db: Db, organizationId: string, id: string): ExternalAccountRow | undefined {
  const row = statement(db, `${SELECT} where a.organization_id = ? and a.id = ?`).get(organizationId, id) as Record<string, unknown> | undefined;
  return row ? toRow(row) : undefined;
}

/** An admin's match (user null: no one): MANUAL, so automatic matching leaves it; the person's account field follows. */
export function matchExternalAccountManually(db: Db, account: ExternalAccountRow, userId: string | null): void {
  const conn = connectionInfo(db, account.connection_id);
  const fields = conn ? personFields(conn, account) : {};
  sqliteTransaction(db, () => {
    if (account.user_id && account.user_id !== userId) clearPersonFields(db, account.organization_id, account.user_id, fields);
    statement(db, `update ext_accounts set user_id = ?, match_kind = 'MANUAL' where id = ?`).run(userId, account.id);
    if (userId) writePersonFields(db, account.organization_id, userId, fields, true);
  })();
}

/** Marks an account a bot or not, in one transaction: an account no longer a bot is matched again (unless matched by hand), and its pull requests' derived columns follow. */
export function setExternalAccountBot(db: Db, organizationId: string, account: ExternalAccountRow, isBot: boolean): void {
  sqliteTransaction(db, () => {
    statement(db, `update ext_accounts set is_bot = ? where id = ?`).run(isBot ? 1 : 0, account.id);
    if (!isBot && account.match_kind !== 'MANUAL') matchAccountIds(db, organizationId, account.connection_id, [account.id]);
    // Reviews by bots do not count: the pull requests' boundaries move.
    recomputeForAccount(db, organizationId, account.id);
  })();
}
