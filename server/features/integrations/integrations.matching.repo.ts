import type { IntegrationProvider, MatchKind } from '../../../shared/integrations.js';
import type { Db } from '../../db/connection.js';
import { sqliteTransaction, statement } from '../../db/sqlite.js';

/**
 * Matching accounts of connected services to people (docs/decisions/0051):
 * first by the person's account field for the provider (GitHub login = `github_user` whatever its case,
 * Bitbucket account id = `bitbucket_account_id`, Jira accountId = `jira_account_id`, Azure Boards id
 * = `azure_boards_user_id` or email = `azure_email`, Slack member = `slack_id` of the same team), then
 * by email against the people's primary and secondary emails (a GitHub noreply address
 * `<id>+<login>@users.noreply.github.com` is matched by its login). Exactly one active or invited
 * person of the same organization: FIELD / EMAIL; several: AMBIGUOUS; none: NONE. Accounts an admin
 * matched (MANUAL) and bots are left alone. A match writes the person's account field unless it already
 * holds another value, so the next sync matches by field.
 */

export type MatchCounts = { matched: number; ambiguous: number; unmatched: number };

type AccountRow = {
  id: string;
  connection_id: string;
  external_id: string;
  login: string | null;
  email: string | null;
  user_id: string | null;
  match_kind: MatchKind;
};
type ConnectionInfo = { provider: IntegrationProvider; teamId: string | null };

const ACTIVE = `u.organization_id = @org and u.deleted_at is null and u.status in ('ACTIVE', 'INVITED')`;

/** The login inside a GitHub noreply address (`123+login@users.noreply.github.com` or `login@users.noreply.github.com`). */
export function noreplyLogin(email: string | null | undefined): string | null {
  const m = /^(?:\d+\+)?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\[bot\])?)@users\.noreply\.github\.com$/i.exec(email?.trim() ?? '');
  return m ? m[1]!.toLowerCase() : null;
}

function connectionInfo(db: Db, connectionId: string): ConnectionInfo | null {
  const row = statement(db, `select provider, external_info from integration_connections where id = ?`).get(connectionId) as
    { provider: IntegrationProvider; external_info: string } | undefined;
  if (!row) return null;
  let info: Record<string, string> = {};
  try {
    info = JSON.parse(row.external_info || '{}') as Record<string, string>;
  } catch {
    /* keep empty */
  }
  return { provider: row.provider, teamId: info.team_id ?? null };
}

/** People who fit an account: by the provider's field first, then by email. */
export function candidatesFor(
  db: Db,
  organizationId: string,
  conn: ConnectionInfo,
  account: Pick<AccountRow, 'external_id' | 'login' | 'email'>,
): { kind: 'FIELD' | 'EMAIL' | null; userIds: string[] } {
  const ids = (sql: string, params: Record<string, unknown>) => [
    ...new Set(
      statement(db, sql)
        .pluck()
        .all({ org: organizationId, ...params }) as string[],
    ),
  ];
  let byField: string[] = [];
  const ext = account.external_id;
  const email = account.email?.trim().toLowerCase() || null;
  switch (conn.provider) {
    case 'GITHUB':
      if (account.login) byField = ids(`select u.id from users u where ${ACTIVE} and lower(u.github_user) = lower(@v)`, { v: account.login });
      break;
    case 'BITBUCKET':
      byField = ids(`select u.id from users u where ${ACTIVE} and u.bitbucket_account_id = @v`, { v: ext });
      break;
    case 'JIRA':
      byField = ids(`select u.id from users u where ${ACTIVE} and u.jira_account_id = @v`, { v: ext });
      break;
    case 'AZURE_BOARDS':
      byField = ids(`select u.id from users u where ${ACTIVE} and (u.azure_boards_user_id = @v or (@e is not null and lower(u.azure_email) = @e))`, {
        v: ext,
        e: email,
      });
      break;
    case 'SLACK':
      byField = ids(`select u.id from users u where ${ACTIVE} and u.slack_id = @v and (u.slack_team_id is null or @t is null or u.slack_team_id = @t)`, {
        v: ext,
        t: conn.teamId,
      });
      break;
  }
  if (byField.length) return { kind: 'FIELD', userIds: byField };
  if (!email) return { kind: null, userIds: [] };
  const login = noreplyLogin(email);
  if (login) {
    const viaLogin = ids(`select u.id from users u where ${ACTIVE} and lower(u.github_user) = @v`, { v: login });
    if (viaLogin.length) return { kind: 'EMAIL', userIds: viaLogin };
  }
  const byEmail = ids(
    `select u.id from users u where ${ACTIVE} and lower(u.email) = @e
    union select u.id from users u join user_secondary_emails s on s.user_id = u.id where ${ACTIVE} and lower(s.email) = @e`,
    { e: email },
  );
  return { kind: byEmail.length ? 'EMAIL' : null, userIds: byEmail };
}

/** The account fields of a person that an account of this provider sets: column -> value. */
export function personFields(conn: ConnectionInfo, account: Pick<AccountRow, 'external_id' | 'login' | 'email'>): Record<string, string> {
  switch (conn.provider) {
    case 'GITHUB':
      return account.login ? { github_user: account.login } : {};
    case 'BITBUCKET':
      return { bitbucket_account_id: account.external_id };
    case 'JIRA':
      return { jira_account_id: account.external_id };
    case 'AZURE_BOARDS':
      return { azure_boards_user_id: account.external_id, ...(account.email ? { azure_email: account.email } : {}) };
    case 'SLACK':
      return { slack_id: account.external_id, ...(conn.teamId ? { slack_team_id: conn.teamId } : {}) };
  }
}

const FIELD_COLUMNS = new Set(['github_user', 'bitbucket_account_id', 'jira_account_id', 'azure_boards_user_id', 'azure_email', 'slack_id', 'slack_team_id']);

/** Writes the person's fields for an account: only empty ones (automatic), or all of them (an admin's choice, `force`). */
export function writePersonFields(db: Db, organizationId: string, userId: string, fields: Record<string, string>, force: boolean): void {
  for (const [column, value] of Object.entries(fields)) {
    if (!FIELD_COLUMNS.has(column)) continue;
    if (force) {
      // The value belongs to one person: another who held it loses it (the slack team goes with the id).
      if (column !== 'slack_team_id' && column !== 'azure_email') {
        statement(db, `update users set ${column} = null where organization_id = ? and id <> ? and ${column} = ?`).run(organizationId, userId, value);
      }
      statement(db, `update users set ${column} = ? where organization_id = ? and id = ?`).run(value, organizationId, userId);
    } else {
      statement(db, `update users set ${column} = ? where organization_id = ? and id = ? and (${column} is null or ${column} = '')`).run(
        value,
        organizationId,
        userId,
      );
    }
  }
}

/** Clears a person's fields that still hold an account's values (an admin unmatched it). */
export function clearPersonFields(db: Db, organizationId: string, userId: string, fields: Record<string, string>): void {
  for (const [column, value] of Object.entries(fields)) {
    if (!FIELD_COLUMNS.has(column)) continue;
    const cmp = column === 'github_user' || column === 'azure_email' ? `lower(${column}) = lower(?)` : `${column} = ?`;
    statement(db, `update users set ${column} = null where organization_id = ? and id = ? and ${cmp}`).run(organizationId, userId, value);
  }
}

function matchRows(db: Db, organizationId: string, rows: AccountRow[]): MatchCounts {
  const counts: MatchCounts = { matched: 0, ambiguous: 0, unmatched: 0 };
  const conns = new Map<string, ConnectionInfo | null>();
  const update = statement(db, `update ext_accounts set user_id = ?, match_kind = ? where id = ?`);
  sqliteTransaction(db, () => {
    for (const a of rows) {
      if (!conns.has(a.connection_id)) conns.set(a.connection_id, connectionInfo(db, a.connection_id));
      const conn = conns.get(a.connection_id);
      if (!conn) continue;
      const found = candidatesFor(db, organizationId, conn, a);
      if (found.userIds.length === 1 && found.kind) {
        const userId = found.userIds[0]!;
        update.run(userId, found.kind, a.id);
        writePersonFields(db, organizationId, userId, personFields(conn, a), false);
        counts.matched += 1;
      } else if (found.userIds.length > 1) {
        update.run(null, 'AMBIGUOUS', a.id);
        counts.ambiguous += 1;
      } else {
        update.run(null, 'NONE', a.id);
        counts.unmatched += 1;
      }
    }
  })();
  return counts;
}

const SELECT_ACCOUNTS = `select id, connection_id, external_id, login, email, user_id, match_kind from ext_accounts`;

/** Matches every account of the organization (of one connection) that is neither a bot nor matched by an admin. */
export function matchAccounts(db: Db, organizationId: string, connectionId?: string | null): MatchCounts {
  const rows = (
    connectionId
      ? statement(db, `${SELECT_ACCOUNTS} where organization_id = ? and connection_id = ? and is_bot = 0 and match_kind <> 'MANUAL'`).all(
          organizationId,
          connectionId,
        )
      : statement(db, `${SELECT_ACCOUNTS} where organization_id = ? and is_bot = 0 and match_kind <> 'MANUAL'`).all(organizationId)
  ) as AccountRow[];
  return matchRows(db, organizationId, rows);
}

/** Matches these accounts (the ingest writer's new ones). */
export function matchAccountIds(db: Db, organizationId: string, connectionId: string, ids: readonly string[]): MatchCounts {
  const rows: AccountRow[] = [];
  const st = statement(db, `${SELECT_ACCOUNTS} where id = ? and organization_id = ? and connection_id = ? and is_bot = 0 and match_kind <> 'MANUAL'`);
  for (const id of ids) {
    const row = st.get(id, organizationId, connectionId) as AccountRow | undefined;
    if (row) rows.push(row);
  }
  return matchRows(db, organizationId, rows);
}

export { connectionInfo };
