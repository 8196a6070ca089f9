import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { addUser, BASE, Browser, createTestApp, seedOrg, TEST_PASSWORD } from '../test/helpers.js';

let app: FastifyInstance;
let org: Awaited<ReturnType<typeof seedOrg>>;
beforeAll(async () => {
  app = await createTestApp();
  org = await seedOrg(app);
});
afterAll(async () => {
  await app.close();
});

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/teamlens.ts', 'reset-link', ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: app.services.config.dataDir, BASE_URL: BASE },
    encoding: 'utf8',
  });

it('prints a one-hour reset link that lets the person choose a new password once, and audits it', async () => {
  const res = run(org.admin.email.toUpperCase());
  expect(res.stderr).toBe('');
  expect(res.status).toBe(0);
  expect(res.stdout).toContain(`Password reset link for Acme Admin <${org.admin.email}>, valid for one hour and once:`);
  const link = /^(http\S+)$/m.exec(res.stdout)![1]!;
  expect(link).toMatch(new RegExp(`^${BASE}/change-password\\?token=`));

  const token = new URL(link).searchParams.get('token')!;
  const choose = async (password: string) => {
    const browser = new Browser(app);
    const csrfToken = await browser.csrf();
    return browser.request({ method: 'POST', url: '/api/auth/change-password', json: { token, password, csrfToken } });
  };
  expect((await choose('a brand new long passphrase')).statusCode).toBe(200);
  expect((await new Browser(app).signIn(org.admin.email, 'a brand new long passphrase')).statusCode).toBe(200);
  expect((await choose('another long passphrase here')).statusCode).toBe(400);

  const events = app.services.db.$client.prepare("SELECT actor_label, subject_label FROM audit_events WHERE action = 'PASSWORD_RESET_REQUESTED'").all();
  expect(events).toEqual([{ actor_label: 'teamlens reset-link (on the server)', subject_label: org.admin.email }]);
});

it('refuses an unknown address, an invited person and a missing argument, saying why', async () => {
  const invited = await addUser(app, org.org.id, { email: 'nora@acme.example', status: 'INVITED', password: TEST_PASSWORD });
  expect(run('nobody@acme.example')).toMatchObject({ status: 1, stdout: '', stderr: 'Nobody signs in as nobody@acme.example here.\n' });
  expect(run(invited.email).stderr).toBe('nora@acme.example has not joined yet: send their invitation again from Admin, Users (the outbox shows its link).\n');
  expect(run()).toMatchObject({ status: 1, stderr: 'Usage: teamlens reset-link <email>   (from a checkout: npm run reset-link -- <email>)\n' });
});
