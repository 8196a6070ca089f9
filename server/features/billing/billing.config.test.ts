import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { STRIPE_KEYS, TEST_PLANS } from './billing.test-support.js';

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/unused', ...env });
const problems = (env: Record<string, string>) => {
  try {
    load(env);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
};

it('billing is off by default: no plans, no Stripe, whatever keys are set', () => {
  expect(load({}).billing).toEqual({ mode: 'none', plans: [], graceDays: 14, stripe: null });
  expect(load({ ...STRIPE_KEYS }).billing.stripe).toBeNull();
});

it('plans come inline or from a file; every problem is named', () => {
  const inline = load({ BILLING: 'plans', BILLING_PLANS: JSON.stringify(TEST_PLANS) }).billing;
  expect(inline.plans.map((p) => [p.id, p.seat_limit, p.per_seat, p.trial_days])).toEqual([
    ['free', 5, false, 0],
    ['team', 20, false, 14],
    ['business', null, true, 0],
  ]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-plans-')), 'plans.json');
  fs.writeFileSync(file, JSON.stringify(TEST_PLANS.slice(0, 1)));
  expect(load({ BILLING: 'plans', BILLING_PLANS: file, BILLING_GRACE_DAYS: '7' }).billing).toMatchObject({
    mode: 'plans',
    graceDays: 7,
    plans: [{ id: 'free' }],
  });

  expect(problems({ BILLING: 'plans' })).toContain('BILLING_PLANS: BILLING=plans needs at least one plan');
  expect(problems({ BILLING: 'plans', BILLING_PLANS: '[{"id":"x","name":"X"}]' })).toContain('BILLING_PLANS[0.seat_limit]: give seat_limit, or per_seat: true');
  expect(problems({ BILLING: 'plans', BILLING_PLANS: '[{"id":"a","name":"A","seat_limit":1},{"id":"a","name":"B","seat_limit":2}]' })).toContain(
    'plan id a is used twice',
  );
  expect(problems({ BILLING: 'plans', BILLING_PLANS: '[not json' })).toMatch(/BILLING_PLANS: not valid JSON/);
  expect(problems({ BILLING: 'plans', BILLING_PLANS: '/no/such/plans.json' })).toContain('BILLING_PLANS: /no/such/plans.json cannot be read');
  expect(problems({ BILLING: 'monthly' })).toContain('BILLING: must be none, plans or stripe');
});

it('stripe mode needs its keys and a free default plan; STRIPE_API_URL is https or this machine', () => {
  const plans = JSON.stringify(TEST_PLANS);
  expect(load({ BILLING: 'stripe', BILLING_PLANS: plans, ...STRIPE_KEYS }).billing.stripe).toEqual({
    secretKey: 'sk_test_teamlens',
    webhookSecret: 'whsec_teamlens_test',
    apiUrl: 'https://api.stripe.com',
  });
  const missing = problems({ BILLING: 'stripe', BILLING_PLANS: plans });
  expect(missing).toContain('STRIPE_SECRET_KEY: required when BILLING=stripe');
  expect(missing).toContain('STRIPE_WEBHOOK_SECRET: required when BILLING=stripe');
  const pricedDefault = JSON.stringify([{ id: 'team', name: 'Team', seat_limit: 10, stripe_price: 'price_team', default: true }]);
  expect(problems({ BILLING: 'stripe', BILLING_PLANS: pricedDefault, ...STRIPE_KEYS })).toContain('the default plan team has a stripe_price');
  expect(problems({ BILLING: 'stripe', BILLING_PLANS: plans, ...STRIPE_KEYS, STRIPE_API_URL: 'http://stripe.internal' })).toContain(
    'STRIPE_API_URL: must be https (http only for 127.0.0.1)',
  );
  expect(problems({ STRIPE_SECRET_KEY: 'pk_live_oops' })).toContain('STRIPE_SECRET_KEY: must be a Stripe secret key');
});
