import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { hashPassword } from '../server/lib/password.js';
import { newId, nowIso } from '../server/lib/tokens.js';
import { createOrganization } from '../server/features/org/org.repo.js';
import { createTeam } from '../server/features/teams/teams.repo.js';
import { users } from '../server/features/users/users.tables.js';
import { sessions } from '../server/features/auth/auth.tables.js';
import { createSession } from '../server/features/auth/auth.repo.js';
import { signAccessToken } from '../server/features/auth/viewer.js';
import { eq } from 'drizzle-orm';

export const BENCH_PASSWORD = 'benchmark passphrase 1';

/** The real app, listening on a free loopback port, on a fresh SQLite file (RESPONSE_CACHE and DB_SYNCHRONOUS from the environment). */
export async function startBenchApp(): Promise<{ app: FastifyInstance; url: string; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-bench-'));
  // OUTBOUND_ALLOW_PRIVATE: benches connect to fakes on this machine (docs/decisions/0054).
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    PORT: '0',
    RESPONSE_CACHE: process.env.RESPONSE_CACHE,
    DB_SYNCHRONOUS: process.env.DB_SYNCHRONOUS,
    OUTBOUND_ALLOW_PRIVATE: '127.0.0.1',
  });
  const app = await buildApp(config);
  app.addHook('onClose', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}`, dataDir };
}

/** An organization with `count` users in 20 teams with managers, plus an admin who can sign in. */
export async function seedUsers(
  app: FastifyInstance,
  count: number,
  name = 'Bench Corp',
  domain = 'bench.example',
): Promise<{ orgId: string; adminEmail: string; userIds: string[] }> {
  const { db } = app.services;
  const org = createOrganization(db, name);
  const hash = await hashPassword(BENCH_PASSWORD);
  const adminEmail = `admin@${domain}`;
  const adminId = newId();
  const at = nowIso();
  const userIds: string[] = [adminId];
  db.transaction(() => {
    db.insert(users)
      .values({
        id: adminId,
        organization_id: org.id,
        email: adminEmail,
        full_name: 'Bench Admin',
        status: 'ACTIVE',
        permission_level: 'ADMIN',
        password_hash: hash,
        email_verified: true,
        last_password_update: at,
      })
      .run();
    const teams = Array.from({ length: 20 }, (_, i) => createTeam(db, org.id, { name: `Team ${i + 1}` }));
    const managers: string[] = [];
    for (let i = 1; i < count; i++) {
      const id = newId();
      const isManager = i <= 20;
      db.insert(users)
        .values({
          id,
          organization_id: org.id,
          email: `user${i}@${domain}`,
          full_name: `${name.split(' ')[0]} User ${i}`,
          status: 'ACTIVE',
          permission_level: isManager ? 'MANAGER' : 'MEMBER',
          role: isManager ? 'Engineering Manager' : 'Engineer',
          location: 'Remote',
          time_zone: 'UTC',
          team_id: teams[i % 20]!.id,
          manager_id: isManager ? adminId : (managers[i % 20] ?? adminId),
          email_verified: true,
        })
        .run();
      if (isManager) managers.push(id);
      userIds.push(id);
    }
  });
  return { orgId: org.id, adminEmail, userIds };
}

/** Signs in through the NextAuth endpoints and returns the GraphQL access token. */
export async function accessToken(url: string, email: string): Promise<string> {
  const csrfRes = await fetch(`${url}/api/auth/csrf`);
  const cookie = csrfRes.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const signIn = await fetch(`${url}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ email, password: BENCH_PASSWORD, csrfToken, json: 'true' }),
  });
  const sessionCookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const session = (await (await fetch(`${url}/api/auth/session`, { headers: { cookie: `${cookie}; ${sessionCookie}` } })).json()) as { access_token?: string };
  if (!session.access_token) throw new Error('bench sign-in failed');
  return session.access_token;
}

/** People of one organization with a live session each: the session cookie's value and an access token. */
export type MixedOrg = { orgId: string; adminEmail: string; people: Array<{ userId: string; admin: boolean; sessionToken: string; accessToken: string }> };

/**
 * An organization of `count` people (seedUsers), each signed in: a session created the way sign-in
 * creates it, seen last over a minute ago (so their next session check writes last_seen_at, as a
 * tab open for a while does), and an access token for GraphQL.
 */
export async function signedInOrg(app: FastifyInstance, count: number, name: string, domain: string): Promise<MixedOrg> {
  const { db, config } = app.services;
  const { orgId, adminEmail, userIds } = await seedUsers(app, count, name, domain);
  const people = db.transaction(() =>
    userIds.map((userId, i) => {
      const { token, session } = createSession(db, { userId, organizationId: orgId, maxAgeMs: config.sessionMaxAgeMs, ip: '127.0.0.1', userAgent: 'bench' });
      db.update(sessions)
        .set({ last_seen_at: session.last_seen_at - 61_000 - Math.floor(Math.random() * 60_000) })
        .where(eq(sessions.id, session.id))
        .run();
      return { userId, admin: i === 0, sessionToken: token, accessToken: signAccessToken(app, { userId, organizationId: orgId, sessionId: session.id }) };
    }),
  );
  return { orgId, adminEmail, people };
}

/**
 * GraphQL as several signed-in people of a bench server. Access tokens live 2 minutes
 * (ACCESS_TOKEN_SECONDS): like the app, each person signs in again before theirs runs out; a bench
 * calls `signIn` before each timed phase so no sign-in lands inside the timings.
 */
export function benchPeople(url: string, emails: Record<string, string>) {
  const signedIn = new Map<string, { token: string; at: number }>();
  const signIn = async (who: string) => {
    const fresh = { token: await accessToken(url, emails[who]!), at: Date.now() };
    signedIn.set(who, fresh);
    return fresh.token;
  };
  const tokenOf = async (who: string) => {
    const known = signedIn.get(who);
    return known && Date.now() - known.at < 100_000 ? known.token : signIn(who);
  };
  const gql = async (who: string, query: string, variables: Record<string, unknown>) => {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenOf(who)}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data?: Record<string, any>; errors?: Array<{ message: string }> };
    if (body.errors?.length || !body.data) throw new Error(`${query.slice(0, 40)}: ${body.errors?.[0]?.message ?? res.status}`);
    return body.data;
  };
  return { signIn, gql };
}

/** The value at fraction `p` (0.5, 0.99) of ascending `sorted` times, to 0.1 ms. */
export const percentile = (sorted: number[], p: number) => +(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN).toFixed(1);

export type LatencyStats = { p50: number; p99: number; max: number; samples: number };
/** p50, p99 and max of a list of times in ms. */
export function latencyStats(times: number[]): LatencyStats {
  const s = [...times].sort((a, b) => a - b);
  return { p50: percentile(s, 0.5), p99: percentile(s, 0.99), max: +(s[s.length - 1] ?? NaN).toFixed(1), samples: s.length };
}

/** A deterministic pseudo-random sequence (the same data every run). */
export function rng(seed: number) {
  let x = seed >>> 0;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
}
