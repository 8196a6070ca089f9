import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startFakeSlack, type FakeSlack } from '../server/features/notifications/notifications.fake-slack.js';
import { E2E_ADMIN, readDatabase } from './server.js';
import { horizontalOverflow, seriousA11yViolations, signIn, useServerAndBrowser } from './harness.js';

// Slack is faked by a local server speaking the incoming-webhook API; it must be up (and the
// server told to accept its address) before the server starts, so this hook comes first.
let slack: FakeSlack;
beforeAll(async () => {
  slack = await startFakeSlack();
  process.env.SLACK_WEBHOOK_BASE = slack.base;
});
const e2e = useServerAndBrowser();
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
  await signIn(page, e2e.server.url, E2E_ADMIN.email, E2E_ADMIN.password);
});
afterAll(async () => {
  await context?.close();
  await slack?.close();
  delete process.env.SLACK_WEBHOOK_BASE;
});

const HOOK_PATH = '/services/TE2E/BE2E/e2eSecretHook9876';

it('an admin connects Slack, and the test message reaches the (fake) Slack channel', async () => {
  await page.goto(`${e2e.server.url}/admin/integrations`);
  const section = page.getByRole('region', { name: 'Slack notifications' });
  await section.waitFor();
  await page.getByRole('button', { name: 'Connect GitHub' }).waitFor();

  await section.getByLabel('Webhook URL').fill('https://example.com/not-slack');
  await section.getByRole('button', { name: 'Connect Slack' }).click();
  await section.getByText(`Use the webhook URL Slack gives you: it starts with ${slack.base}`).waitFor();

  await section.getByLabel('Webhook URL').fill(slack.hookUrl(HOOK_PATH));
  await section.getByLabel('Channel name (optional)').fill('#e2e-reviews');
  await section.getByRole('button', { name: 'Connect Slack' }).click();
  await section.getByText('…9876').waitFor();
  expect(await page.content()).not.toContain('e2eSecretHook');

  await section.getByRole('button', { name: 'Send a test message' }).click();
  await page.getByRole('status').getByText('The test message was posted to Slack.').waitFor();
  await slack.waitFor(1);
  expect(slack.received[0]).toEqual({ path: HOOK_PATH, body: { text: expect.stringMatching(/^Teamlens is connected to this channel\./) } });
  await section.getByText(/^Delivered /).waitFor();

  const stored = await readDatabase(e2e.server.dataDir, (db) =>
    db.prepare('SELECT s.channel_label, o.slack_integration FROM slack_webhooks s JOIN organizations o ON o.id = s.organization_id').all(),
  );
  expect(stored).toEqual([{ channel_label: '#e2e-reviews', slack_integration: 1 }]);
});

it('a notification made on the server appears in the bell at once, and can be marked read', async () => {
  await page.getByRole('button', { name: 'Notifications, none unread' }).waitFor();
  await page.getByRole('region', { name: 'Slack notifications' }).getByRole('button', { name: 'Send me a test notification' }).click();
  await page.getByRole('status').getByText('A test notification was sent in the app and by email.').waitFor();

  // Arrives through the notificationAdded subscription: no reload.
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await bell.waitFor();
  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await popover.getByRole('link', { name: 'Test notification from Teamlens' }).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await popover.getByRole('button', { name: 'Mark as read: Test notification from Teamlens' }).click();
  await page.getByRole('button', { name: 'Notifications, none unread' }).waitFor();
  await page.keyboard.press('Escape');
  await popover.waitFor({ state: 'hidden' });

  await page.reload();
  await page.getByRole('button', { name: 'Notifications, none unread' }).waitFor();
});

it('the bell and the Slack section fit a 375 px phone, keyboard first', async () => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${e2e.server.url}/admin/integrations`);
  await page.getByRole('region', { name: 'Slack notifications' }).waitFor();
  const bell = page.getByRole('button', { name: 'Notifications, none unread' });
  await bell.focus();
  await page.keyboard.press('Enter');
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await popover.getByRole('link', { name: 'Test notification from Teamlens' }).waitFor();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await popover.waitFor({ state: 'hidden' });
  expect(problems).toEqual([]);
});
