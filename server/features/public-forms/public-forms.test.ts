import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BASE, codeOf, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { PUBLIC_FORM_HOURLY_LIMIT } from '../../../shared/public-forms.limits.js';
import { recordOperatorOrganization } from '../install/install.repo.js';

let app: FastifyInstance;
let operator: Awaited<ReturnType<typeof seedOrg>>;
let other: Awaited<ReturnType<typeof seedOrg>>;
beforeAll(async () => {
  app = await createTestApp();
  operator = await seedOrg(app, 'Operator');
  // As the first start or the first registration does (docs/decisions/0034).
  recordOperatorOrganization(app.services.db, operator.org.id);
  other = await seedOrg(app, 'Tenant');
});
afterAll(async () => {
  await app.close();
});

let ipCounter = 10;
const freshIp = () => `10.0.0.${ipCounter++}`;

function post(url: string, body: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: opts.ip ?? freshIp(),
    headers: { 'content-type': 'application/json', origin: BASE, 'sec-fetch-site': 'same-origin', ...(opts.headers ?? {}) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const contact = (over: Record<string, unknown> = {}) => ({
  name: 'Grace Hopper',
  email: 'grace@navy.example',
  company: 'Navy',
  message: 'We would like a demo for 40 engineers.',
  ...over,
});
const CONTACT_QUERY = '{ contactMessages { total items { name email company message created_at } } }';

describe('contact form', () => {
  it('stores a message that only admins of the operating organization can read', async () => {
    const res = await post('/api/public/contact', contact({ email: 'Grace@Navy.example' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, url: '/thank-you' });

    const admin = await signedIn(app, operator.admin.email);
    const read = await admin.gql(CONTACT_QUERY);
    expect(read.errors).toBeUndefined();
    expect(read.data!.contactMessages.items[0]).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@navy.example',
      company: 'Navy',
      message: 'We would like a demo for 40 engineers.',
    });
    expect((await admin.gql('{ readsPublicForms }')).data).toEqual({ readsPublicForms: true });

    const member = await signedIn(app, operator.member.email);
    expect(codeOf(await member.gql(CONTACT_QUERY))).toBe('FORBIDDEN');
    const tenantAdmin = await signedIn(app, other.admin.email);
    expect(codeOf(await tenantAdmin.gql(CONTACT_QUERY))).toBe('FORBIDDEN');
    expect((await tenantAdmin.gql('{ readsPublicForms }')).data).toEqual({ readsPublicForms: false });
  });

  it('answers field errors from the shared schema', async () => {
    const res = await post('/api/public/contact', contact({ email: 'not-an-email', message: 'short' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'BAD_USER_INPUT', fields: { email: 'Enter a valid email address.', message: 'Write at least 10 characters.' } });
  });

  it('refuses cross-site posts, non-JSON bodies and oversized bodies', async () => {
    expect((await post('/api/public/contact', contact(), { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(
      403,
    );
    expect((await post('/api/public/contact', contact(), { headers: { origin: 'https://evil.example' } })).statusCode).toBe(403);
    const form = await app.inject({
      method: 'POST',
      url: '/api/public/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(contact()).toString(),
    });
    expect(form.statusCode).toBe(415);
    expect((await post('/api/public/contact', contact({ message: 'x'.repeat(20_000) }))).statusCode).toBe(413);
    const admin = await signedIn(app, operator.admin.email);
    const all = await admin.gql('{ contactMessages(limit: 100) { items { email } } }');
    expect(all.data!.contactMessages.items.every((m: { email: string }) => m.email === 'grace@navy.example')).toBe(true);
  });

  it('answers a bot that fills the honeypot like a person, and stores nothing', async () => {
    const admin = await signedIn(app, operator.admin.email);
    const before = (await admin.gql('{ contactMessages { total } }')).data!.contactMessages.total;
    const res = await post('/api/public/contact', contact({ email: 'bot@spam.example', website: 'http://spam.example' }));
    expect(res.json()).toEqual({ ok: true, url: '/thank-you' });
    expect((await admin.gql('query Again { contactMessages { total } }')).data!.contactMessages.total).toBe(before);
  });

  it('limits messages per client address and per email address', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < PUBLIC_FORM_HOURLY_LIMIT; i++)
      expect((await post('/api/public/contact', contact({ email: `p${i}@acme.example` }), { ip })).statusCode).toBe(200);
    const over = await post('/api/public/contact', contact({ email: 'late@acme.example' }), { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe('RATE_LIMITED');

    for (let i = 0; i < PUBLIC_FORM_HOURLY_LIMIT; i++)
      expect((await post('/api/public/contact', contact({ email: 'same@acme.example' }))).statusCode).toBe(200);
    expect((await post('/api/public/contact', contact({ email: 'same@acme.example' }))).statusCode).toBe(429);
  });

  it('pages with validated limits', async () => {
    const admin = await signedIn(app, operator.admin.email);
    expect(codeOf(await admin.gql('{ contactMessages(limit: 1000) { total } }'))).toBe('BAD_USER_INPUT');
    const page = await admin.gql('{ contactMessages(limit: 2, offset: 1) { total items { id } } }');
    expect(page.data!.contactMessages.items).toHaveLength(2);
    expect(page.data!.contactMessages.total).toBeGreaterThan(3);
  });
});

describe('get-the-guide leads', () => {
  const lead = (over: Record<string, unknown> = {}) => ({ name: 'Linus Lead', email: 'linus@kernel.example', company: 'Kernel', team_size: '11-50', ...over });

  it('stores a lead for the operating organization admins', async () => {
    expect((await post('/api/public/guide-leads', lead())).json()).toEqual({ ok: true });
    const admin = await signedIn(app, operator.admin.email);
    const read = await admin.gql('{ guideLeads { total items { name email company team_size } } }');
    expect(read.data!.guideLeads).toEqual({ total: 1, items: [{ name: 'Linus Lead', email: 'linus@kernel.example', company: 'Kernel', team_size: '11-50' }] });
    expect(codeOf(await (await signedIn(app, other.admin.email)).gql('{ guideLeads { total } }'))).toBe('FORBIDDEN');
    expect(codeOf(await (await signedIn(app, operator.manager.email)).gql('{ guideLeads { total } }'))).toBe('FORBIDDEN');
  });

  it('asks for a work email, a company and a known team size', async () => {
    const res = await post('/api/public/guide-leads', lead({ email: 'someone@gmail.com', company: ' ', team_size: '7' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      email: 'Use your work email: free mail providers such as Gmail or Outlook are not accepted.',
      company: 'Enter your company.',
      team_size: 'Choose your team size.',
    });
  });
});
