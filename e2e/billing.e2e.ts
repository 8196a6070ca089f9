/**
 * Billing in the browser (docs/decisions/0068), at 1440 and 375 px with axe: BILLING=plans (the
 * operator gives an organization a plan; its admin reads plan, trial, seats and the year's chart) and
 * BILLING=stripe against the local Stripe fake (an admin subscribes through the fake's Checkout page
 * and comes back to an active plan and its invoice). BILLING=none is checked on the demo server of
 * admin-settings.e2e.ts. Both servers start without the demo (SEED_DEMO=false) to stay quick.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FakeStripe } from '../server/features/billing/billing.stripe-fake.test-support.js';
import { E2E_ADMIN, latestMailLink, launchBrowser, startServer } from './server.js';
import { bringPendingChartsNear, horizontalOverflow, seriousA11yViolations, signIn, type E2EServer } from './harness.js';

const PLANS = JSON.stringify([
  { id: 'free', name: 'Free', seat_limit: 5, default: true, features: ['Reviews'] },
  {
    id: 'team',
    name: 'Team',
    seat_limit: 10,
    trial_days: 14,
    price_label: '€90 a month',
    stripe_price: 'price_team',
    features: ['Reviews', 'Retros', 'Goals'],
  },
  {
    id: 'business',
    name: 'Business',
    per_seat: true,
    price_label: '€8 per seat a month',
    stripe_price: 'price_business',
    features: ['Everything in Team', 'Insights'],
  },
]);
const KEYS = { STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_WEBHOOK_SECRET: 'whsec_e2e' };
const CUSTOMER = { email: 'founder@globex.example', org: 'Globex' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A second organization through public sign-up, as a customer of the operator creates one. */
async function signUpCustomer(server: E2EServer): Promise<void> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.url}/sign-up`);
  const post = (path: string, body: Record<string, string>) =>
    page.evaluate(
      async ({ path, body }) => {
        const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
        return (
          await fetch(`/api/auth/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...body, csrfToken }) })
        ).status;
      },
      { path, body },
    );
  expect(await post('sign-up', { email: CUSTOMER.email })).toBe(200);
  const link = await latestMailLink(server.dataDir, CUSTOMER.email);
  const token = new URL(link!).searchParams.get('token')!;
  expect(await post('register', { token, organization_name: CUSTOMER.org, full_name: 'Fran Founder', password: E2E_ADMIN.password })).toBe(200);
  await page.context().close();
}

async function openBilling(server: E2EServer, email: string, width: number): Promise<{ page: Page; problems: string[] }> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await signIn(page, server.url, email);
  await page.goto(`${server.url}/admin/settings/billing`);
  await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
  return { page, problems };
}

/** The year's chart draws (an svg wider than nothing, with its bars), it fits, and axe finds nothing serious. */
async function expectDrawnAndAccessible(page: Page): Promise<void> {
  const chart = page.getByRole('img', { name: /^Seats used, highest in each month\./ });
  // The chart is drawn once it comes near the viewport (docs/decisions/0077).
  await expect
    .poll(
      async () => {
        await bringPendingChartsNear(page);
        return (await chart.locator('svg.recharts-surface').boundingBox())?.width ?? 0;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(200);
  expect(await chart.locator('.recharts-bar-rectangle path').count()).toBeGreaterThan(0);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
}

describe('BILLING=plans', () => {
  let server: E2EServer;
  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: 'false', SIGNUP: 'open', BILLING: 'plans', BILLING_PLANS: PLANS } });
    await signUpCustomer(server);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('the operator gives an organization a plan at 1440 px; its admin reads plan, trial and seats at 375 px', async () => {
    const operator = await openBilling(server, E2E_ADMIN.email, 1440);
    const orgs = operator.page.getByRole('table', { name: 'Organizations on this server' });
    const globex = orgs.getByRole('row').filter({ hasText: 'Globex' });
    expect(await globex.textContent()).toContain('Free1 of 5Active');
    await globex.getByRole('button', { name: 'Change Globex’s plan' }).click();
    const dialog = operator.page.getByRole('dialog', { name: 'Globex' });
    await dialog.getByLabel('Plan').selectOption('team');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => globex.textContent()).toContain('Team1 of 10Trial');
    expect(await seriousA11yViolations(operator.page)).toEqual([]);
    expect(operator.problems).toEqual([]);
    await operator.page.context().close();

    const customer = await openBilling(server, CUSTOMER.email, 375);
    const summary = customer.page.getByRole('region', { name: 'Plan and seats' });
    expect(await summary.textContent()).toContain('Team (Up to 10 seats · €90 a month)');
    expect(await summary.getByText('Trial', { exact: true }).count()).toBe(1);
    expect(await summary.getByRole('progressbar', { name: 'Seats used' }).getAttribute('aria-valuetext')).toBe('1 of 10 seats used');
    expect(await customer.page.getByText('The people who run this Teamlens server choose your plan.', { exact: false }).count()).toBe(1);
    await expectDrawnAndAccessible(customer.page);
    expect(customer.problems).toEqual([]);
    await customer.page.context().close();
  });
});

describe('BILLING=stripe', () => {
  let server: E2EServer;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await new FakeStripe({
      secretKey: KEYS.STRIPE_SECRET_KEY,
      webhookSecret: KEYS.STRIPE_WEBHOOK_SECRET,
      prices: { price_team: 9000, price_business: 800 },
    }).start();
    server = await startServer({ env: { SEED_DEMO: 'false', SIGNUP: 'open', BILLING: 'stripe', BILLING_PLANS: PLANS, ...KEYS, STRIPE_API_URL: fake.url } });
    fake.webhookUrl = `${server.url}/api/billing/stripe/webhook`;
    await signUpCustomer(server);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await fake?.stop();
  });

  it('an admin subscribes through Checkout at 1440 px and comes back to an active plan and its invoice; the page holds at 375 px', async () => {
    const { page, problems } = await openBilling(server, CUSTOMER.email, 1440);
    const plans = page.getByRole('region', { name: 'Plans' });
    expect(await plans.getByRole('listitem').filter({ hasText: 'Free' }).textContent()).toContain('your plan');
    await expectDrawnAndAccessible(page);
    await plans.getByRole('button', { name: 'Choose Business' }).click();
    await page.getByRole('heading', { name: 'Fake Checkout' }).waitFor();
    expect(await page.getByText('Price price_business, quantity 1').count()).toBe(1);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
    await page.getByText(/^Thank you: Stripe has your payment details/).waitFor();
    expect(new URL(page.url()).search).toBe('');
    const summary = page.getByRole('region', { name: 'Plan and seats' });
    await expect.poll(() => summary.textContent()).toContain('Business (Per seat, no limit · €8 per seat a month)');
    expect(await summary.textContent()).toContain('Active');
    expect(await summary.textContent()).toMatch(/Renews on/);
    const invoices = page.getByRole('table', { name: 'Invoices' });
    expect(await invoices.getByRole('row').nth(1).textContent()).toContain('FAKE-0001');
    expect(await plans.getByRole('button', { name: 'Manage payment' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();

    const phone = await openBilling(server, CUSTOMER.email, 375);
    expect(await phone.page.getByRole('region', { name: 'Plan and seats' }).textContent()).toContain('Business');
    await expectDrawnAndAccessible(phone.page);
    expect(phone.problems).toEqual([]);
    await phone.page.context().close();
  });
});
