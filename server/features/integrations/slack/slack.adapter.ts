import type { WebClient } from '@slack/web-api';
import { isBotLogin, type CodeProcessSettings } from '../../../../shared/integrations.js';
import { IntegrationError, NotTheService } from '../integrations.errors.js';
import type { AccountInput, ConnectionTest, OpenConnection, ProviderAdapter, ScopeInfo, SyncContext } from '../integrations.provider.js';
import { classifySlackError, SLACK_REQUIRED_SCOPES, slackClient, slackErrorCode } from './slack.client.js';

/**
 * Slack with a bot token (docs/decisions/0051): the workspace (auth.test: team id, stored in the
 * connection's info as `team_id`, then on people as `slack_team_id`), its members as accounts
 * (users.list, cursor pagination), and users.lookupByEmail for people users.list did not name
 * (guests, Slack Connect). Matching accounts to people is the sync engine's (integrations.matching.repo.ts);
 * direct messages are slack.dm.ts.
 */
type SlackUser = {
  id?: string;
  name?: string;
  real_name?: string;
  deleted?: boolean;
  is_bot?: boolean;
  profile?: { email?: string; real_name?: string; display_name?: string };
};

export function slackAccount(u: SlackUser, settings: Pick<CodeProcessSettings, 'bot_logins'>): AccountInput | null {
  if (!u.id || u.deleted) return null;
  return {
    externalId: u.id,
    login: u.name ?? null,
    displayName: u.real_name || u.profile?.real_name || u.profile?.display_name || null,
    email: u.profile?.email?.toLowerCase() ?? null,
    isBot: !!u.is_bot || u.id === 'USLACKBOT' || isBotLogin(u.name, settings.bot_logins),
  };
}

function clientOf(connection: OpenConnection): Promise<WebClient> {
  return slackClient(connection.outbound, connection.baseUrl, connection.credentials.token ?? '');
}

async function call<T>(what: string, now: () => number, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw classifySlackError(err, now(), what);
  }
}

async function test(connection: OpenConnection): Promise<ConnectionTest> {
  const client = await clientOf(connection);
  try {
    const me = await call('auth.test', Date.now, () => client.auth.test());
    const granted = me.response_metadata?.scopes;
    const missing = granted ? SLACK_REQUIRED_SCOPES.filter((s) => !granted.includes(s)) : [];
    const info: Record<string, string> = {};
    if (me.team_id) info.team_id = me.team_id;
    if (me.team) info.team = me.team;
    if (me.user_id) info.bot_user_id = me.user_id;
    if (me.user) info.bot_user = me.user;
    if (me.url) info.url = me.url;
    const where = `the ${me.team ?? me.team_id ?? 'Slack'} workspace`;
    if (missing.length) {
      return {
        ok: false,
        missing,
        info,
        message: `Connected to ${where}, but the bot token lacks the ${missing.join(', ')} ${missing.length === 1 ? 'scope' : 'scopes'}: add ${missing.length === 1 ? 'it' : 'them'} to the Slack app and reinstall it.`,
      };
    }
    return { ok: true, missing: [], info, message: `Connected to ${where} as ${me.user ?? 'the bot'}.` };
  } catch (err) {
    if (err instanceof NotTheService) throw err;
    const e = err as IntegrationError;
    const needed = /lacks the (\S+) scope/.exec(e.message)?.[1];
    return { ok: false, message: e.message, missing: e.kind === 'ACCESS' && needed ? [needed] : [] };
  }
}

async function listScopes(connection: OpenConnection): Promise<ScopeInfo[]> {
  const me = await call('auth.test', Date.now, async () => (await clientOf(connection)).auth.test());
  if (!me.team_id) throw new IntegrationError('BAD_PAYLOAD', 'Slack did not say which workspace the bot token belongs to.');
  return [{ kind: 'WORKSPACE', externalId: me.team_id, name: me.team ?? me.team_id, url: me.url ?? null }];
}

async function sync(ctx: SyncContext): Promise<void> {
  const client = await clientOf(ctx.connection);
  const now = () => ctx.now.getTime();
  const named = new Set<string>();
  let done = 0;
  // users.list, resumable: the cursor of the next page is kept until the list is done.
  let cursor = ctx.cursors.get('workspace', 'users').cursor ?? undefined;
  let page = 0;
  do {
    ctx.signal.throwIfAborted();
    page++;
    ctx.progress({ label: `Slack members, page ${page}`, requests: 1 });
    const res = await call('users.list', now, () => client.users.list({ limit: 200, ...(cursor ? { cursor } : {}) }));
    const accounts = (res.members ?? []).map((u) => slackAccount(u, ctx.settings)).filter((a): a is AccountInput => !!a);
    for (const a of accounts) if (a.email) named.add(a.email);
    if (accounts.length) ctx.write.accounts(accounts);
    done += accounts.length;
    cursor = res.response_metadata?.next_cursor || undefined;
    ctx.cursors.set('workspace', 'users', { cursor: cursor ?? null });
    ctx.progress({ done });
  } while (cursor);

  // People users.list did not name: one lookup each (users_not_found is the normal answer for someone not in Slack).
  const emails = [...new Set((ctx.unmatchedEmails ?? []).map((e) => e.trim().toLowerCase()).filter((e) => e && !named.has(e)))];
  for (const [i, email] of emails.entries()) {
    ctx.signal.throwIfAborted();
    ctx.progress({ label: `Slack: looking people up by email (${i + 1} of ${emails.length})`, requests: 1 });
    try {
      const res = await client.users.lookupByEmail({ email });
      const account = res.user ? slackAccount(res.user, ctx.settings) : null;
      if (account) {
        ctx.write.accounts([{ ...account, email: account.email ?? email }]);
        done++;
      }
    } catch (err) {
      if (slackErrorCode(err) === 'users_not_found') continue;
      throw classifySlackError(err, now(), 'users.lookupByEmail');
    }
  }
  ctx.progress({ done, total: done });
}

export const slackAdapter: ProviderAdapter = { provider: 'SLACK', test, listScopes, sync };
