import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../app.js';
import { loadConfig } from '../config.js';
import { hashPassword } from '../lib/password.js';
import { newId, nowIso } from '../lib/tokens.js';
import { createOrganization } from '../features/org/org.repo.js';
import { createTeam } from '../features/teams/teams.repo.js';
import { insertUser } from '../features/users/users.repo.js';
import type { PermissionLevel, UserStatus } from '../../shared/enums.js';

export const TEST_PASSWORD = 'correct horse battery staple';
export const BASE = 'http://localhost:3000';
export const AUTH = `${BASE}/api/auth`;

/**
 * The real app on a fresh SQLite file in a temporary directory. `options` go to buildApp, and
 * `beforeReady` may register more before the app is ready (a scratch plugin).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: BuildOptions & { beforeReady?: (app: FastifyInstance) => Promise<void> } = {},
): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', BASE_URL: BASE, ...env });
  const { beforeReady, ...buildOptions } = options;
  const app = await buildApp(config, buildOptions);
  app.addHook('onClose', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  await beforeReady?.(app);
  await app.ready();
  return app;
}

let sharedHash: Promise<string> | null = null;

export type TestUser = { id: string; email: string; organizationId: string };

export async function addUser(
  app: FastifyInstance,
  organizationId: string,
  input: {
    email?: string;
    full_name?: string;
    permission_level?: PermissionLevel;
    status?: UserStatus;
    manager_id?: string | null;
    team_id?: string | null;
    password?: string;
  } = {},
): Promise<TestUser> {
  sharedHash ??= hashPassword(TEST_PASSWORD);
  const id = newId();
  const email = input.email ?? `user-${id.slice(0, 8)}@acme.example`;
  insertUser(app.services.db, {
    id,
    organization_id: organizationId,
    email,
    full_name: input.full_name ?? `User ${id.slice(0, 4)}`,
    permission_level: input.permission_level ?? 'MEMBER',
    status: input.status ?? 'ACTIVE',
    password_hash: input.password ? await hashPassword(input.password) : await sharedHash,
    last_password_update: nowIso(),
    email_verified: true,
    manager_id: input.manager_id ?? null,
    team_id: input.team_id ?? null,
  });
  return { id, email: email.toLowerCase(), organizationId };
}

/** An organization with an admin, a manager with one report in a team, and a member. */
export async function seedOrg(app: FastifyInstance, name = 'Acme') {
  const org = createOrganization(app.services.db, name);
  const slug = name.toLowerCase().replace(/[^a-z]/g, '');
  const admin = await addUser(app, org.id, { email: `admin@${slug}.example`, full_name: `${name} Admin`, permission_level: 'ADMIN' });
  const team = createTeam(app.services.db, org.id, { name: 'Core' });
  const manager = await addUser(app, org.id, { email: `manager@${slug}.example`, full_name: `${name} Manager`, permission_level: 'MANAGER' });
  const report = await addUser(app, org.id, { email: `report@${slug}.example`, full_name: `${name} Report`, manager_id: manager.id, team_id: team.id });
  const member = await addUser(app, org.id, { email: `member@${slug}.example`, full_name: `${name} Member` });
  return { org, team, admin, manager, report, member };
}

/** A cookie jar over app.inject: keeps Set-Cookie values like a browser. */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly app: FastifyInstance,
    readonly ip = '127.0.0.1',
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(opts: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    form?: Record<string, string>;
    json?: unknown;
    headers?: Record<string, string>;
  }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    let payload: string | undefined;
    if (opts.form) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(opts.form).toString();
    } else if (opts.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = JSON.stringify(opts.json);
    }
    const res = await this.app.inject({ method: opts.method, url: opts.url, headers, payload, remoteAddress: this.ip });
    for (const c of res.cookies) {
      if (c.maxAge === 0 || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  async csrf(): Promise<string> {
    const res = await this.request({ method: 'GET', url: '/api/auth/csrf' });
    return (res.json() as { csrfToken: string }).csrfToken;
  }

  async signIn(email: string, password = TEST_PASSWORD): Promise<LightMyRequestResponse> {
    const csrfToken = await this.csrf();
    return this.request({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      form: { email, password, csrfToken, callbackUrl: `${BASE}/home/dashboard`, json: 'true' },
    });
  }

  async session(): Promise<Record<string, unknown>> {
    return (await this.request({ method: 'GET', url: '/api/auth/session' })).json();
  }

  async accessToken(): Promise<string> {
    const s = await this.session();
    if (typeof s.access_token !== 'string') throw new Error('no session');
    return s.access_token;
  }
}

/** Signs in and returns a GraphQL caller bound to that user's access token. */
export async function signedIn(app: FastifyInstance, email: string) {
  const browser = new Browser(app);
  const res = await browser.signIn(email);
  if (res.statusCode !== 200) throw new Error(`sign-in failed for ${email}: ${res.statusCode} ${res.body}`);
  const token = await browser.accessToken();
  return { browser, token, gql: (query: string, variables?: Record<string, unknown>) => gql(app, token, query, variables) };
}

export type GqlResult<T = Record<string, unknown>> = {
  status: number;
  data: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string } & Record<string, unknown> }>;
};

/**
 * The Accept header the web app's GraphQL client (graphql-request) sends: answers in
 * application/graphql-response+json, where an operation that never ran answers 400
 * (server/graphql/answer-media.ts, docs/decisions/0072).
 */
export const WEB_APP_ACCEPT = 'application/graphql-response+json, application/json';

/** One operation as the web app sends it. */
export async function gql<T = Record<string, any>>(
  app: FastifyInstance,
  token: string | null,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GqlResult<T>> {
  const res = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', accept: WEB_APP_ACCEPT, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify({ query, variables }),
  });
  const body = res.json() as { data?: T | null; errors?: GqlResult<T>['errors'] };
  return { status: res.statusCode, data: body.data ?? null, errors: body.errors };
}

export const codeOf = (r: GqlResult<unknown>): string | undefined => r.errors?.[0]?.extensions?.code;

/**
 * Captures the app's log lines (the app must be created with a LOG_LEVEL other than
 * 'silent', e.g. createTestApp({ LOG_LEVEL: 'info' })). Lines stop reaching stdout.
 */
export function captureLogs(app: FastifyInstance): { lines: string[]; text: () => string; restore: () => void } {
  const sym = Object.getOwnPropertySymbols(app.log).find((s) => s.description === 'pino.stream');
  const stream = sym ? (app.log as unknown as Record<symbol, { write: (chunk: string) => boolean }>)[sym] : undefined;
  if (!stream) throw new Error('captureLogs: pino stream not found');
  const original = stream.write;
  const lines: string[] = [];
  stream.write = (chunk: string) => {
    lines.push(String(chunk));
    return true;
  };
  return {
    lines,
    text: () => lines.join(''),
    restore: () => {
      stream.write = original;
    },
  };
}

/** Mail kept in the outbox (without SMTP every mail stays there), oldest first. */
export function outboxMails(app: FastifyInstance, to?: string): Array<{ to: string; subject: string; text: string; link: string | null }> {
  const rows = app.services.db.$client.prepare('SELECT "to", subject, text, link FROM email_outbox ORDER BY rowid').all() as Array<{
    to: string;
    subject: string;
    text: string;
    link: string | null;
  }>;
  return to === undefined ? rows : rows.filter((r) => r.to === to.toLowerCase());
}
