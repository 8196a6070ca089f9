import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeOptions, FakeService } from './fake-service.js';
import { PEOPLE, SLACK_TEAM_ID } from '../sample/synthetic-dataset.js';

/**
 * A fake Slack Web API (under `/api`) on 127.0.0.1 for the bot token (docs/decisions/0051): auth.test
 * (team T0ACME, granted scopes in `x-oauth-scopes`), users.list (cursor pagination through
 * `response_metadata.next_cursor`), users.lookupByEmail (the synthetic people's Git emails; carol's
 * Jira email is `users_not_found`) and chat.postMessage (recorded). Bodies are form-encoded or JSON,
 * as the SDK sends them; answers are HTTP 200 with `ok: false` and an error code, or 429 with
 * Retry-After, like Slack's. (The channel webhook's fake is notifications/notifications.fake-slack.ts.)
 */
export type FakeSlackApi = FakeService & {
  /** Messages posted with chat.postMessage, oldest first. */
  messages: Array<{ channel: string; text: string; blocks: unknown }>;
  /** Scopes the token has (users:read, users:read.email, chat:write by default). */
  scopes: Set<string>;
  /** Sample people (keys) users.list leaves out, as with Slack Connect guests: only users.lookupByEmail finds them. */
  unlisted: Set<string>;
  /** The next call of `method` is answered with a Slack error code, or an HTTP status (429: Retry-After `retryAfter` s). */
  failNext(method: string, answer: { error?: string; status?: number; retryAfter?: number }): void;
};

export type FakeSlackOptions = FakeOptions & { maxPage?: number };

type Member = {
  id: string;
  team_id: string;
  name: string;
  real_name?: string;
  deleted: boolean;
  is_bot: boolean;
  profile: { real_name?: string; display_name?: string; email?: string };
  key?: string;
};

const NEEDS: Record<string, string> = { 'users.list': 'users:read', 'users.lookupByEmail': 'users:read.email', 'chat.postMessage': 'chat:write' };

function members(): Member[] {
  const people: Member[] = PEOPLE.map((p) => ({
    id: p.slackId,
    team_id: SLACK_TEAM_ID,
    name: p.login,
    real_name: p.name,
    deleted: false,
    is_bot: false,
    key: p.key,
    profile: { real_name: p.name, display_name: p.login, email: p.emails[0] },
  }));
  return [
    { id: 'USLACKBOT', team_id: SLACK_TEAM_ID, name: 'slackbot', real_name: 'Slackbot', deleted: false, is_bot: false, profile: { real_name: 'Slackbot' } },
    ...people,
    { id: 'U0CIBOT', team_id: SLACK_TEAM_ID, name: 'ci-bot', real_name: 'CI bot', deleted: false, is_bot: true, profile: { real_name: 'CI bot' } },
    {
      id: 'U0GONE',
      team_id: SLACK_TEAM_ID,
      name: 'gone',
      real_name: 'Former Colleague',
      deleted: true,
      is_bot: false,
      profile: { real_name: 'Former Colleague', email: 'gone@acme.test' },
    },
  ];
}

async function readBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  let raw = '';
  req.setEncoding('utf8');
  for await (const chunk of req) raw += chunk as string;
  if (!raw) return {};
  if (String(req.headers['content-type'] ?? '').includes('application/json')) {
    try {
      return JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(raw)) {
    // The SDK sends arrays and objects (blocks) as JSON strings in form bodies.
    out[k] =
      k === 'blocks'
        ? (() => {
            try {
              return JSON.parse(v) as unknown;
            } catch {
              return v;
            }
          })()
        : v;
  }
  return out;
}

export async function startFakeSlack(options: FakeSlackOptions = {}): Promise<FakeSlackApi> {
  const token = options.token ?? 'xoxb-fake-0000-teamlens';
  const maxPage = options.maxPage ?? 200;
  const all = options.dataset === 'empty' ? [] : members();
  const requests: FakeService['requests'] = [];
  const messages: FakeSlackApi['messages'] = [];
  const scopes = new Set(['users:read', 'users:read.email', 'chat:write']);
  const unlisted = new Set<string>();
  const faults = new Map<string, { error?: string; status?: number; retryAfter?: number }>();

  const reply = (res: http.ServerResponse, body: Record<string, unknown>, status = 200, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-oauth-scopes': [...scopes].join(','), ...headers }).end(JSON.stringify(body));
  };
  const publicMember = ({ key: _key, ...m }: Member) => m;

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = await readBody(req);
      const params: Record<string, unknown> = { ...Object.fromEntries(url.searchParams), ...body };
      requests.push({
        method: req.method ?? 'POST',
        path: `${url.pathname}${url.search}`,
        headers: { 'content-type': String(req.headers['content-type'] ?? '') },
      });
      const method = url.pathname.replace(/^\/api\//, '');
      const auth = String(req.headers.authorization ?? '');
      const given = auth.startsWith('Bearer ') ? auth.slice(7) : typeof params.token === 'string' ? params.token : '';
      if (!given) return reply(res, { ok: false, error: 'not_authed' });
      if (given !== token) return reply(res, { ok: false, error: 'invalid_auth' });
      const fault = faults.get(method);
      if (fault) {
        faults.delete(method);
        if (fault.status)
          return reply(
            res,
            { ok: false, error: fault.status === 429 ? 'ratelimited' : 'fatal_error' },
            fault.status,
            fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {},
          );
        return reply(res, { ok: false, error: fault.error ?? 'fatal_error' });
      }
      const needed = NEEDS[method];
      if (needed && !scopes.has(needed)) return reply(res, { ok: false, error: 'missing_scope', needed, provided: [...scopes].join(',') });
      switch (method) {
        case 'auth.test':
          return reply(res, {
            ok: true,
            url: 'https://acme.slack.com/',
            team: 'Acme',
            user: 'teamlens',
            team_id: SLACK_TEAM_ID,
            user_id: 'U0TEAMLENS',
            bot_id: 'B0TEAMLENS',
            is_enterprise_install: false,
          });
        case 'users.list': {
          const limit = Math.min(maxPage, Math.max(1, Number(params.limit ?? 100) || 100));
          const start = params.cursor
            ? Number(
                Buffer.from(String(params.cursor), 'base64')
                  .toString('utf8')
                  .replace(/^offset:/, ''),
              )
            : 0;
          if (!Number.isInteger(start) || start < 0) return reply(res, { ok: false, error: 'invalid_cursor' });
          const listed = all.filter((m) => !m.key || !unlisted.has(m.key));
          const page = listed.slice(start, start + limit).map(publicMember);
          const next = start + limit < listed.length ? Buffer.from(`offset:${start + limit}`).toString('base64') : '';
          return reply(res, { ok: true, members: page, cache_ts: 1741000000, response_metadata: { next_cursor: next } });
        }
        case 'users.lookupByEmail': {
          const email = String(params.email ?? '').toLowerCase();
          const found = all.find((m) => !m.deleted && m.profile.email?.toLowerCase() === email);
          return found ? reply(res, { ok: true, user: publicMember(found) }) : reply(res, { ok: false, error: 'users_not_found' });
        }
        case 'chat.postMessage': {
          const channel = String(params.channel ?? '');
          if (!params.text && !params.blocks) return reply(res, { ok: false, error: 'no_text' });
          if (!all.some((m) => m.id === channel && !m.deleted)) return reply(res, { ok: false, error: 'channel_not_found' });
          messages.push({ channel, text: String(params.text ?? ''), blocks: params.blocks ?? null });
          return reply(res, {
            ok: true,
            channel: `D${channel.slice(1)}`,
            ts: `1741000000.${String(messages.length).padStart(6, '0')}`,
            message: { text: params.text },
          });
        }
        default:
          return reply(res, { ok: false, error: 'unknown_method' }, 404);
      }
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    token,
    requests,
    messages,
    scopes,
    unlisted,
    failNext: (method, answer) => {
      faults.set(method, answer);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
