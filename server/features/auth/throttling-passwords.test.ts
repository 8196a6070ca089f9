/**
 * Brute force, credential stuffing, password policy, hash storage and hashing load
 * (docs/protocols.md, security bar 18-22), through the real app.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH, BASE, Browser, TEST_PASSWORD, addUser, captureLogs, codeOf, createTestApp, outboxMails, seedOrg, signedIn } from '../../test/helpers.js';
import { hashQueueLength } from '../../lib/password.js';
import { ACCOUNT_FAILURE_LIMIT, IP_FAILURE_LIMIT, PAIR_FAILURE_LIMIT } from './sign-in.js';

const WRONG_URL = `${AUTH}/error?error=CredentialsSignin&provider=credentials`;
const BLOCKED_URL = `${AUTH}/error?error=LoginBlocked&provider=credentials`;

const urlOf = (res: LightMyRequestResponse) => (res.json() as { url: string }).url;
const hasSession = (res: LightMyRequestResponse) => res.cookies.some((c) => c.name.endsWith('session-token') && c.value !== '' && c.maxAge !== 0);

let app: FastifyInstance;
let org: Awaited<ReturnType<typeof seedOrg>>;
let logs: ReturnType<typeof captureLogs>;

beforeAll(async () => {
  app = await createTestApp({ LOG_LEVEL: 'debug' });
  logs = captureLogs(app);
  org = await seedOrg(app);
});
afterAll(async () => {
  logs.restore();
  await app.close();
});

describe('18. brute force on one account', () => {
  it('101 wrong passwords from one address: refused from attempt 11 on; the right password from another address works', async () => {
    const victim = await addUser(app, org.org.id, { email: 'victim@acme.example' });
    const attacker = new Browser(app, '10.1.1.1');
    const statuses: number[] = [];
    const urls: string[] = [];
    for (let i = 0; i < 101; i++) {
      const res = await attacker.signIn(victim.email, `guess number ${i}`);
      statuses.push(res.statusCode);
      urls.push(urlOf(res));
      expect(hasSession(res)).toBe(false);
    }
    expect(PAIR_FAILURE_LIMIT).toBeLessThanOrEqual(100);
    const firstBlocked = statuses.indexOf(429);
    expect(firstBlocked).toBe(PAIR_FAILURE_LIMIT);
    expect(statuses.slice(0, firstBlocked).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(firstBlocked).every((s) => s === 429)).toBe(true);
    expect(urls.slice(0, firstBlocked).every((u) => u === WRONG_URL)).toBe(true);
    expect(urls.slice(firstBlocked).every((u) => u === BLOCKED_URL)).toBe(true);

    // Even the right password is refused from the attacking address for now...
    const sameIp = await attacker.signIn(victim.email);
    expect(sameIp.statusCode).toBe(429);
    expect(urlOf(sameIp)).toBe(BLOCKED_URL);
    // ...but the victim elsewhere is not locked out.
    const victimBrowser = new Browser(app, '10.1.1.2');
    const ok = await victimBrowser.signIn(victim.email);
    expect(ok.statusCode).toBe(200);
    expect(hasSession(ok)).toBe(true);

    // Every attempt that reached the password check is recorded (ASVS 16.3.1), blocked ones are logged.
    const rows = app.services.db.$client.prepare('SELECT ip, success FROM sign_in_attempts WHERE email = ?').all(victim.email) as Array<{
      ip: string;
      success: number;
    }>;
    expect(rows.filter((r) => r.ip === '10.1.1.1' && !r.success)).toHaveLength(PAIR_FAILURE_LIMIT);
    expect(rows.filter((r) => r.ip === '10.1.1.2' && r.success)).toHaveLength(1);
    expect(logs.text()).toContain('sign_in_blocked');
  });

  it('a concurrent burst from one address cannot slip past the limit before failures are recorded', async () => {
    const victim = await addUser(app, org.org.id, { email: 'burst-victim@acme.example' });
    const ip = '10.1.5.5';
    const browsers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const browser = new Browser(app, ip);
        return { browser, csrfToken: await browser.csrf() };
      }),
    );
    const results = await Promise.all(
      browsers.map(({ browser, csrfToken }, i) =>
        browser.request({
          method: 'POST',
          url: '/api/auth/callback/credentials',
          form: { email: victim.email, password: `burst guess ${i}`, csrfToken, json: 'true' },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(PAIR_FAILURE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - PAIR_FAILURE_LIMIT);
    const failures = app.services.db.$client.prepare('SELECT count(*) AS n FROM sign_in_attempts WHERE email = ? AND success = 0').get(victim.email) as {
      n: number;
    };
    expect(failures.n).toBe(PAIR_FAILURE_LIMIT);
  });

  it(`${ACCOUNT_FAILURE_LIMIT} failures spread over many addresses block unknown addresses, not ones with a recent success`, async () => {
    const victim = await addUser(app, org.org.id, { email: 'spread-victim@acme.example' });
    const home = new Browser(app, '10.3.3.3');
    expect((await home.signIn(victim.email)).statusCode).toBe(200);

    // Most of the hour's failures come from a botnet (stored as the app stores them, to save
    // ~90 hashes of test time); the last ones go through the real endpoint.
    const real = 5;
    const insert = app.services.db.$client.prepare('INSERT INTO sign_in_attempts (email, ip, success, at) VALUES (?, ?, 0, ?)');
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - real; i++) insert.run(victim.email, `10.4.${i}.1`, Date.now() - 30 * 60_000);
    const last = new Browser(app, '10.4.250.1');
    for (let i = 0; i < real; i++) expect((await last.signIn(victim.email, `spread guess ${i}`)).statusCode).toBe(401);

    const fresh = await new Browser(app, '10.4.200.1').signIn(victim.email);
    expect(fresh.statusCode).toBe(429); // even with the right password, from an address never seen succeeding
    expect(urlOf(fresh)).toBe(BLOCKED_URL);
    const back = await home.signIn(victim.email);
    expect(back.statusCode).toBe(200);

    // failures older than the hour no longer count
    app.services.db.$client.prepare('UPDATE sign_in_attempts SET at = ? WHERE email = ? AND success = 0').run(Date.now() - 61 * 60_000, victim.email);
    expect((await new Browser(app, '10.4.201.1').signIn(victim.email)).statusCode).toBe(200);
  });
});

describe('19. credential stuffing from one address', () => {
  it(`one address trying many accounts is throttled after ${IP_FAILURE_LIMIT} failures, with the same absolute url shape`, async () => {
    const stuffer = new Browser(app, '10.2.2.2');
    const statuses: number[] = [];
    for (let i = 0; i < IP_FAILURE_LIMIT + 10; i++) {
      const email = i % 5 === 0 ? org.member.email.replace('member', `member${i}`) : `stuffed-${i}@somewhere.example`;
      const res = await stuffer.signIn(email, `leaked password ${i}`);
      statuses.push(res.statusCode);
      const url = urlOf(res);
      expect(new URL(url).origin).toBe(BASE);
      expect(url).toBe(res.statusCode === 429 ? BLOCKED_URL : WRONG_URL);
    }
    expect(statuses.indexOf(429)).toBe(IP_FAILURE_LIMIT);
    expect(statuses.slice(IP_FAILURE_LIMIT).every((s) => s === 429)).toBe(true);
    // a real account from that address is refused too, but not from another address
    expect((await stuffer.signIn(org.report.email)).statusCode).toBe(429);
    expect((await new Browser(app, '10.2.2.3').signIn(org.report.email)).statusCode).toBe(200);
  });
});

describe('20. password policy', () => {
  const COMMON = 'password1234';
  const GOOD12 = 'kx7#mq2!vz9p';

  it('registration: 7 and 11 characters and a common password are refused, 12 accepted', async () => {
    const browser = new Browser(app, '10.6.0.1');
    const post = async (url: string, body: Record<string, unknown>) =>
      browser.request({ method: 'POST', url, json: { ...body, csrfToken: await browser.csrf() } });
    expect((await post('/api/auth/sign-up', { email: 'founder@policy-co.example' })).statusCode).toBe(200);
    const link = outboxMails(app, 'founder@policy-co.example').at(-1)!.link!;
    const token = new URL(link).searchParams.get('token')!;
    const register = (password: string) => post('/api/auth/register', { token, organization_name: 'Policy Co', full_name: 'Fran Founder', password });

    for (const [password, message] of [
      ['short77', /at least 12/],
      ['elevenchars', /at least 12/],
      [COMMON, /too common/],
      ['QWERTY123456', /too common/],
      ['x'.repeat(257), /at most 256/],
    ] as const) {
      const res = await register(password);
      expect(res.statusCode, password).toBe(400);
      const body = res.json() as { error: string; message: string; fields: Record<string, string> };
      expect(body.error).toBe('BAD_USER_INPUT');
      expect(body.fields.password).toMatch(message);
    }
    const ok = await register(GOOD12);
    expect(ok.statusCode).toBe(200);
    const signIn = await new Browser(app, '10.6.0.2').signIn('founder@policy-co.example', GOOD12);
    expect(signIn.statusCode).toBe(200);
  });

  it('updatePassword and updateMe: same rules; 64+ characters and emoji accepted, no composition rules', async () => {
    const user = await addUser(app, org.org.id, { email: 'changer@acme.example' });
    const { gql } = await signedIn(app, user.email);
    let current = TEST_PASSWORD;
    const change = (new_password: string) =>
      gql('mutation($input: UpdatePasswordInput!) { updatePassword(input: $input) }', { input: { current_password: current, new_password } });

    for (const bad of ['seven77', 'elevenchars', COMMON, 'qwerty123456', `${'y'.repeat(257)}`]) {
      const res = await change(bad);
      expect(codeOf(res), bad).toBe('BAD_USER_INPUT');
      expect(res.data).toBeNull();
    }
    const wrongCurrent = await gql('mutation { updatePassword(input: { current_password: "not it at all", new_password: "a fine new passphrase" }) }');
    expect(codeOf(wrongCurrent)).toBe('FORBIDDEN');

    const candidates = [
      'all lowercase words only', // no composition rules
      `${'long passphrase '.repeat(5)}end`, // 64+ characters
      '🔐🦄🌈🍕🚀🎲🧩🪐🐙🌵🎻🧊', // 12 emoji (code points, not bytes)
      GOOD12, // exactly 12
    ];
    for (const next of candidates) {
      const res = await change(next);
      expect(res.errors, next).toBeUndefined();
      expect(res.data?.updatePassword).toBe(true);
      current = next;
      expect((await new Browser(app, '10.6.1.1').signIn(user.email, next)).statusCode, next).toBe(200);
    }

    const meNoCurrent = await gql('mutation { updateMe(input: { password: "another fine passphrase" }) { user { id } } }');
    expect(codeOf(meNoCurrent)).toBe('FORBIDDEN');
    const meShort = await gql('mutation($p: String!) { updateMe(input: { password: "elevenchars", current_password: $p }) { user { id } } }', { p: current });
    expect(codeOf(meShort)).toBe('BAD_USER_INPUT');
    const meCommon = await gql('mutation($p: String!) { updateMe(input: { password: "password1234", current_password: $p }) { user { id } } }', { p: current });
    expect(codeOf(meCommon)).toBe('BAD_USER_INPUT');
    const meOk = await gql(
      'mutation($p: String!) { updateMe(input: { password: "another fine passphrase", current_password: $p }) { access_token user { id } } }',
      { p: current },
    );
    expect(meOk.errors).toBeUndefined();
    expect((await new Browser(app, '10.6.1.2').signIn(user.email, 'another fine passphrase')).statusCode).toBe(200);
    expect((await new Browser(app, '10.6.1.3').signIn(user.email, current)).statusCode).toBe(401);
  });

  it('verification is exact: an 80-byte password does not match when bytes 73-80 change, nor in another case', async () => {
    const password = `${'0123456789'.repeat(7)}ABCDEFGHIJ`;
    expect(Buffer.byteLength(password)).toBe(80);
    const user = await addUser(app, org.org.id, { email: 'long@acme.example', password });
    const browser = new Browser(app, '10.6.2.1');
    expect((await browser.signIn(user.email, password)).statusCode).toBe(200);
    const tail = `${password.slice(0, 72)}abcdefgh`;
    expect(Buffer.byteLength(tail)).toBe(80);
    expect((await browser.signIn(user.email, tail)).statusCode).toBe(401);
    expect((await browser.signIn(user.email, password.slice(0, 72))).statusCode).toBe(401);
    expect((await browser.signIn(user.email, password.toLowerCase())).statusCode).toBe(401);
    expect((await browser.signIn(user.email, `${password} `)).statusCode).toBe(401);
  });
});

describe('21. stored hash format', () => {
  it('argon2id m=19456,t=2,p=1 with a unique 16-byte+ salt; no plaintext in the database files or the log', async () => {
    const secret = 'Unique-Plaintext-Marker-4242';
    const a = await addUser(app, org.org.id, { email: 'salt-a@acme.example' });
    const b = await addUser(app, org.org.id, { email: 'salt-b@acme.example' });
    for (const user of [a, b]) {
      const { gql } = await signedIn(app, user.email);
      const res = await gql('mutation($input: UpdatePasswordInput!) { updatePassword(input: $input) }', {
        input: { current_password: TEST_PASSWORD, new_password: secret },
      });
      expect(res.errors).toBeUndefined();
    }
    // a failed attempt with another marker must not be stored either
    const failed = 'Failed-Attempt-Marker-9191';
    expect((await new Browser(app, '10.7.0.1').signIn(a.email, failed)).statusCode).toBe(401);

    const rows = app.services.db.$client.prepare('SELECT password_hash FROM users WHERE id IN (?, ?)').all(a.id, b.id) as Array<{ password_hash: string }>;
    const format = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;
    const parsed = rows.map((r) => {
      expect(r.password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
      const m = format.exec(r.password_hash);
      expect(m).not.toBeNull();
      return { salt: Buffer.from(m![1]!, 'base64'), hash: m![2]! };
    });
    for (const p of parsed) expect(p.salt.length).toBeGreaterThanOrEqual(16);
    expect(parsed[0]!.salt.equals(parsed[1]!.salt)).toBe(false);
    expect(parsed[0]!.hash).not.toBe(parsed[1]!.hash);

    const dir = app.services.config.dataDir;
    const files = fs.readdirSync(dir).filter((f) => f.startsWith('teamlens.db'));
    expect(files).toContain('teamlens.db');
    for (const file of files) {
      const bytes = fs.readFileSync(path.join(dir, file));
      for (const marker of [secret, failed, TEST_PASSWORD]) {
        expect(bytes.includes(Buffer.from(marker, 'utf8')), `${marker} in ${file}`).toBe(false);
        expect(bytes.includes(Buffer.from(marker, 'utf16le')), `${marker} (utf16) in ${file}`).toBe(false);
      }
    }
    const logText = logs.text();
    expect(logText.length).toBeGreaterThan(0);
    for (const marker of [secret, failed, TEST_PASSWORD]) expect(logText).not.toContain(marker);
  });
});

describe('22. hashing load', () => {
  it('50 concurrent sign-ins all answer 401 or 429, hashes are queued, none is a 500', async () => {
    let maxQueue = 0;
    let done = false;
    const sampler = (async () => {
      while (!done) {
        maxQueue = Math.max(maxQueue, hashQueueLength());
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const browsers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const browser = new Browser(app, `10.8.${Math.floor(i / 5)}.${i % 5}`);
        const csrfToken = await browser.csrf();
        return { browser, csrfToken, i };
      }),
    );
    const results = await Promise.all(
      browsers.map(({ browser, csrfToken, i }) =>
        browser.request({
          method: 'POST',
          url: '/api/auth/callback/credentials',
          form: { email: i % 2 ? org.manager.email : `load-${i}@nowhere.example`, password: `concurrent guess ${i}`, csrfToken, json: 'true' },
        }),
      ),
    );
    done = true;
    await sampler;
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 401 || s === 429),
      statuses.join(','),
    ).toBe(true);
    for (const r of results) expect(new URL(urlOf(r)).origin).toBe(BASE);
    expect(maxQueue).toBeGreaterThan(0);
    expect(hashQueueLength()).toBe(0);
    // the server still answers normally afterwards
    expect((await new Browser(app, '10.8.99.1').signIn(org.admin.email)).statusCode).toBe(200);
  });
});
