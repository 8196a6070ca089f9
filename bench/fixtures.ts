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

export const BENCH_PASSWORD = 'benchmark passphrase 1';

/** The real app, listening on a free loopback port, on a fresh SQLite file. */
export async function startBenchApp(): Promise<{ app: FastifyInstance; url: string; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', PORT: '0' });
  const app = await buildApp(config);
  app.addHook('onClose', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}`, dataDir };
}

/** An organization with `count` users in 20 teams with managers, plus an admin who can sign in. */
export async function seedUsers(app: FastifyInstance, count: number): Promise<{ orgId: string; adminEmail: string; userIds: string[] }> {
  const { db } = app.services;
  const org = createOrganization(db, 'Bench Corp');
  const hash = await hashPassword(BENCH_PASSWORD);
  const adminEmail = 'admin@bench.example';
  const adminId = newId();
  const at = nowIso();
  const userIds: string[] = [adminId];
  db.transaction(() => {
    db.insert(users).values({ id: adminId, organization_id: org.id, email: adminEmail, full_name: 'Bench Admin', status: 'ACTIVE', permission_level: 'ADMIN', password_hash: hash, email_verified: true, last_password_update: at }).run();
    const teams = Array.from({ length: 20 }, (_, i) => createTeam(db, org.id, { name: `Team ${i + 1}` }));
    const managers: string[] = [];
    for (let i = 1; i < count; i++) {
      const id = newId();
      const isManager = i <= 20;
      db.insert(users).values({
        id, organization_id: org.id, email: `user${i}@bench.example`, full_name: `Bench User ${i}`, status: 'ACTIVE',
        permission_level: isManager ? 'MANAGER' : 'MEMBER', role: isManager ? 'Engineering Manager' : 'Engineer', location: 'Remote', time_zone: 'UTC',
        team_id: teams[i % 20]!.id, manager_id: isManager ? adminId : managers[i % 20] ?? adminId, email_verified: true,
      }).run();
      if (isManager) managers.push(id);
      userIds.push(id);
    }
  });
  return { orgId: org.id, adminEmail, userIds };
}

/** Signs in through the NextAuth endpoints and returns the GraphQL access token. */
export async function accessToken(url: string, email: string): Promise<string> {
  const csrfRes = await fetch(`${url}/api/auth/csrf`);
  const cookie = csrfRes.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const signIn = await fetch(`${url}/api/auth/callback/credentials`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ email, password: BENCH_PASSWORD, csrfToken, json: 'true' }),
  });
  const sessionCookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const session = (await (await fetch(`${url}/api/auth/session`, { headers: { cookie: `${cookie}; ${sessionCookie}` } })).json()) as { access_token?: string };
  if (!session.access_token) throw new Error('bench sign-in failed');
  return session.access_token;
}
