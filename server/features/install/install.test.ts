import { afterEach, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Browser, TEST_PASSWORD, codeOf, createTestApp, outboxMails, seedOrg, signedIn } from '../../test/helpers.js';
import { SIGN_UP_CLOSED_MESSAGE } from '../../../shared/install.js';
import { seedOnFirstStart } from '../../db/seed.js';
import { getInstallSettings } from './install.repo.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});
async function newApp(env: Record<string, string> = {}) {
  const app = await createTestApp(env);
  apps.push(app);
  return app;
}

async function post(app: FastifyInstance, action: string, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  const browser = new Browser(app);
  const csrfToken = await browser.csrf();
  return browser.request({ method: 'POST', url: `/api/auth/${action}`, json: { ...body, csrfToken } });
}
const status = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/api/auth/sign-up' })).json();
const tokenFor = (app: FastifyInstance, email: string) => new URL(outboxMails(app, email).at(-1)!.link!).searchParams.get('token')!;
const register = (app: FastifyInstance, token: string, name: string) =>
  post(app, 'register', { token, organization_name: name, full_name: 'Fran Founder', password: TEST_PASSWORD });

const SIGN_UP = '{ installSignUp { open source is_operator_organization can_change } }';
const SET = 'mutation($open: Boolean!) { setSignUpOpen(open: $open) { open source can_change updated_at } }';

it('the first organization becomes the operator organization, and from then on public sign-up is closed on every step', async () => {
  const app = await newApp();
  expect(await status(app)).toEqual({ open: true, email_sent_by: 'OUTBOX' });
  expect((await post(app, 'sign-up', { email: 'first@founders.example' })).statusCode).toBe(200);
  expect((await post(app, 'sign-up', { email: 'second@latecomers.example' })).statusCode).toBe(200);
  const laterToken = tokenFor(app, 'second@latecomers.example');
  expect((await register(app, tokenFor(app, 'first@founders.example'), 'Founders')).statusCode).toBe(200);

  const operator = app.services.db.$client.prepare("SELECT id FROM organizations WHERE name = 'Founders'").get() as { id: string };
  expect(getInstallSettings(app.services.db)?.operator_organization_id).toBe(operator.id);
  expect(await status(app)).toEqual({ open: false, email_sent_by: 'OUTBOX' });

  const refused = await post(app, 'sign-up', { email: 'third@latecomers.example' });
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toEqual({ error: 'SIGNUP_CLOSED', message: SIGN_UP_CLOSED_MESSAGE });
  expect(outboxMails(app, 'third@latecomers.example')).toEqual([]);
  // A link sent while sign-up was open does not finish it now, and stays unused.
  const late = await register(app, laterToken, 'Latecomers');
  expect(late.statusCode).toBe(403);
  expect(late.json().error).toBe('SIGNUP_CLOSED');
  expect(app.services.db.$client.prepare("SELECT count(*) AS n FROM organizations WHERE name = 'Latecomers'").get()).toEqual({ n: 0 });

  // The operator's admin opens it again: the link sent earlier now works, and the new organization is not the operator.
  const admin = await signedIn(app, 'first@founders.example');
  expect((await admin.gql(SIGN_UP)).data!.installSignUp).toEqual({ open: false, source: 'DEFAULT', is_operator_organization: true, can_change: true });
  const opened = await admin.gql(SET, { open: true });
  expect(opened.data!.setSignUpOpen).toMatchObject({ open: true, source: 'SETTING', can_change: true });
  expect(opened.data!.setSignUpOpen.updated_at).toBeTruthy();
  expect((await register(app, laterToken, 'Latecomers')).statusCode).toBe(200);
  expect(getInstallSettings(app.services.db)?.operator_organization_id).toBe(operator.id);
  expect(await status(app)).toEqual({ open: true, email_sent_by: 'OUTBOX' });

  // Only the operator organization's admins decide; other admins see the state, members nothing.
  const other = await signedIn(app, 'second@latecomers.example');
  expect((await other.gql(SIGN_UP)).data!.installSignUp).toEqual({ open: true, source: 'SETTING', is_operator_organization: false, can_change: false });
  expect(codeOf(await other.gql(SET, { open: false }))).toBe('FORBIDDEN');
  const acme = await seedOrg(app, 'Acme');
  const member = await signedIn(app, acme.member.email);
  expect(codeOf(await member.gql(SIGN_UP))).toBe('FORBIDDEN');

  // Sign-up links belong to no organization: without SMTP, the operator's admins find them in their outbox.
  const OUTBOX = '{ emailOutbox { to subject link } emailDelivery { configured waiting } }';
  const operatorOutbox = (await admin.gql(OUTBOX)).data!;
  expect(operatorOutbox.emailOutbox.map((m: { to: string }) => m.to)).toEqual(expect.arrayContaining(['first@founders.example', 'second@latecomers.example']));
  expect(operatorOutbox.emailDelivery).toEqual({ configured: false, waiting: operatorOutbox.emailOutbox.length });
  const otherOutbox = (await other.gql(OUTBOX)).data!;
  expect(otherOutbox.emailOutbox).toEqual([]);
  expect(otherOutbox.emailDelivery).toEqual({ configured: false, waiting: 0 });

  expect((await admin.gql(SET, { open: false })).data!.setSignUpOpen).toMatchObject({ open: false, source: 'SETTING' });
  expect((await post(app, 'sign-up', { email: 'fourth@latecomers.example' })).statusCode).toBe(403);
});

it('the first start records its organization as the operator: sign-up is closed by default', async () => {
  const app = await newApp({ ADMIN_EMAIL: 'root@operator.example', ADMIN_PASSWORD: TEST_PASSWORD });
  const first = await seedOnFirstStart(app.services);
  expect(getInstallSettings(app.services.db)?.operator_organization_id).toBe(first!.organizationId);
  expect(await status(app)).toEqual({ open: false, email_sent_by: 'OUTBOX' });
  const admin = await signedIn(app, 'root@operator.example');
  expect((await admin.gql(SIGN_UP)).data!.installSignUp).toEqual({ open: false, source: 'DEFAULT', is_operator_organization: true, can_change: true });
});

it('SIGNUP in the environment overrides the setting, and the screen cannot change it', async () => {
  const app = await newApp({ ADMIN_EMAIL: 'root@operator.example', ADMIN_PASSWORD: TEST_PASSWORD, SIGNUP: 'open' });
  await seedOnFirstStart(app.services);
  expect(await status(app)).toEqual({ open: true, email_sent_by: 'OUTBOX' });
  expect((await post(app, 'sign-up', { email: 'new@customer.example' })).statusCode).toBe(200);
  const admin = await signedIn(app, 'root@operator.example');
  expect((await admin.gql(SIGN_UP)).data!.installSignUp).toEqual({ open: true, source: 'ENV', is_operator_organization: true, can_change: false });
  const refused = await admin.gql(SET, { open: false });
  expect(codeOf(refused)).toBe('CONFLICT');
  expect(refused.errors![0]!.message).toBe('The SIGNUP environment variable sets sign-up to open on this server; change it there.');

  const closed = await newApp({ SIGNUP: 'closed' });
  expect(await status(closed)).toEqual({ open: false, email_sent_by: 'OUTBOX' });
  expect((await post(closed, 'sign-up', { email: 'new@customer.example' })).json().error).toBe('SIGNUP_CLOSED');
});

it('an admin learns whether mail is sent and how many of their organization’s messages wait in the outbox', async () => {
  const app = await newApp();
  const a = await seedOrg(app, 'Waiting');
  const b = await seedOrg(app, 'Elsewhere');
  const admin = await signedIn(app, a.admin.email);
  const READ = '{ emailDelivery { configured waiting } }';
  expect((await admin.gql(READ)).data!.emailDelivery).toEqual({ configured: false, waiting: 0 });
  app.services.mailer.send({ organizationId: a.org.id, to: 'x@waiting.example', subject: 'One', text: 'One' });
  app.services.mailer.send({ organizationId: a.org.id, to: 'y@waiting.example', subject: 'Two', text: 'Two' });
  app.services.mailer.send({ organizationId: b.org.id, to: 'z@elsewhere.example', subject: 'Other', text: 'Other' });
  expect((await admin.gql('query Again { emailDelivery { configured waiting } }')).data!.emailDelivery).toEqual({ configured: false, waiting: 2 });
  expect(codeOf(await (await signedIn(app, a.manager.email)).gql(READ))).toBe('FORBIDDEN');
});
