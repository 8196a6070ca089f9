/**
 * The public inbox (contact messages, guide requests) belongs to the install's operator
 * organization as recorded at first start, never to "the oldest open organization"
 * (docs/decisions/0044).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BASE, Browser, TEST_PASSWORD, codeOf, createTestApp, outboxMails, signedIn } from '../../test/helpers.js';
import { seedOnFirstStart } from '../../db/seed.js';

const OPERATOR_ADMIN = 'owner@operator.example';
const INBOX = '{ readsPublicForms contactMessages { total items { message } } guideLeads { total } }';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ SIGNUP: 'open', ADMIN_EMAIL: OPERATOR_ADMIN, ADMIN_PASSWORD: TEST_PASSWORD });
  expect(await seedOnFirstStart(app.services)).not.toBeNull();
});
afterAll(async () => {
  await app.close();
});

function postPublic(url: string, body: unknown) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: '10.9.0.1',
    headers: { 'content-type': 'application/json', origin: BASE, 'sec-fetch-site': 'same-origin' },
    payload: JSON.stringify(body),
  });
}

/** A stranger creates an organization through the real sign-up -> link -> register flow; returns its admin's email. */
async function signUpStranger(email: string, organization: string): Promise<string> {
  const browser = new Browser(app, '10.9.0.2');
  const signUp = await browser.request({ method: 'POST', url: '/api/auth/sign-up', json: { email, csrfToken: await browser.csrf() } });
  expect(signUp.statusCode).toBe(200);
  const token = new URL(outboxMails(app, email).at(-1)!.link!).searchParams.get('token')!;
  const register = await browser.request({
    method: 'POST',
    url: '/api/auth/register',
    json: { token, organization_name: organization, full_name: 'Sam Stranger', password: TEST_PASSWORD, csrfToken: await browser.csrf() },
  });
  expect(register.statusCode).toBe(200);
  return email;
}

describe('the public inbox owner', () => {
  it('is the operator organization recorded at first start, not a later organization', async () => {
    expect(
      (
        await postPublic('/api/public/contact', {
          name: 'Grace Hopper',
          email: 'grace@navy.example',
          company: 'Navy',
          message: 'A private question for the operator.',
        })
      ).statusCode,
    ).toBe(200);
    expect((await postPublic('/api/public/guide-leads', { name: 'Ada', email: 'ada@engines.example', company: 'Engines', team_size: '1-10' })).statusCode).toBe(
      200,
    );

    const operator = await signedIn(app, OPERATOR_ADMIN);
    const read = await operator.gql(INBOX);
    expect(read.data).toMatchObject({
      readsPublicForms: true,
      contactMessages: { total: 1, items: [{ message: 'A private question for the operator.' }] },
      guideLeads: { total: 1 },
    });

    const stranger = await signedIn(app, await signUpStranger('founder@first-stranger.example', 'First Stranger'));
    expect((await stranger.gql('{ readsPublicForms }')).data).toEqual({ readsPublicForms: false });
    expect(codeOf(await stranger.gql('{ contactMessages { total } }'))).toBe('FORBIDDEN');
  });

  it("after the operator organization closed, a stranger's new organization cannot read what was sent before; messages are kept", async () => {
    const operator = await signedIn(app, OPERATOR_ADMIN);
    expect((await operator.gql('mutation($p: String!) { closeAccount(password: $p) }', { p: TEST_PASSWORD })).data).toEqual({ closeAccount: true });

    const newcomer = await signedIn(app, await signUpStranger('founder@second-stranger.example', 'Second Stranger'));
    expect((await newcomer.gql('{ readsPublicForms }')).data).toEqual({ readsPublicForms: false });
    expect(codeOf(await newcomer.gql('{ contactMessages { total items { message } } }'))).toBe('FORBIDDEN');
    expect(codeOf(await newcomer.gql('{ guideLeads { total } }'))).toBe('FORBIDDEN');
    // The earlier stranger (now the oldest open organization) does not inherit it either.
    const first = await signedIn(app, 'founder@first-stranger.example');
    expect(codeOf(await first.gql('{ contactMessages { total } }'))).toBe('FORBIDDEN');

    const kept = app.services.db.$client.prepare('SELECT count(*) AS n FROM contact_messages').get() as { n: number };
    expect(kept.n).toBe(1);
  });
});
