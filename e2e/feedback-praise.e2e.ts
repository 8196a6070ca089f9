/**
 * Public praise in the browser (docs/decisions/0048, 0060): Ada gives Grace public praise through
 * the "Give feedback" dialog and shares it to Slack (a fake Slack on 127.0.0.1 the admin connected through the API);
 * Ken, on a 375 px phone, finds it on the praise wall and reacts to it, and Ada's open praise wall
 * shows his reaction and his new praise without a reload (praiseWallChanged). axe scans and 375 px
 * checks on the way.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeSlack, type FakeSlack } from '../server/features/notifications/notifications.fake-slack.js';
import { accessTokenFor, horizontalOverflow, openSignedIn, seriousA11yViolations, useServerAndBrowser } from './harness.js';
import { E2E_ADMIN } from './server.js';

// The fake Slack must be up, and the server told to accept its address, before the server starts.
let slack: FakeSlack;
beforeAll(async () => {
  slack = await startFakeSlack();
  process.env.SLACK_WEBHOOK_BASE = slack.base;
});
const e2e = useServerAndBrowser();
afterAll(async () => {
  await slack?.close();
  delete process.env.SLACK_WEBHOOK_BASE;
});

const demo = (name: string) => `${name.toLowerCase().replace(/ /g, '.')}@demo.teamlens.dev`;
const HOOK_PATH = '/services/TE2E/BFEEDBACK/praiseHook4242';

async function gql<T = unknown>(token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${e2e.server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors[0]!.message);
  return body.data;
}

it('Ada gives Grace public praise shared to Slack; Ken sees it on the praise wall on a phone and reacts', async () => {
  const adminToken = await accessTokenFor(e2e.server.url, E2E_ADMIN.email);
  await gql(adminToken, 'mutation($url: String!) { setSlackWebhook(url: $url, channel_label: "#kudos") { webhook_hint } }', { url: slack.hookUrl(HOOK_PATH) });

  const praise = `Grace turned the flaky release into a calm one: the checklist she wrote saved us a day (${Date.now()}).`;
  const ada = await openSignedIn(e2e, demo('Ada Lovelace'), { context: { viewport: { width: 1280, height: 900 } } });
  await ada.page.goto(`${e2e.server.url}/continuous-feedback`);
  await ada.page.getByRole('heading', { name: 'Continuous feedback', level: 1 }).waitFor();
  await ada.page.getByRole('button', { name: 'Give feedback' }).click();
  const dialog = ada.page.getByRole('dialog', { name: 'Give feedback' });
  await dialog.getByLabel('To', { exact: true }).waitFor();

  // Sent empty first: the shared rules answer at the fields, nothing is sent.
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await dialog.getByText('Choose who the feedback is for.').waitFor();
  await dialog.getByText('Choose who can see it: private, recipient and their manager, or public praise.').waitFor();

  await dialog.getByLabel('Search people for to').fill('Grace');
  await dialog.getByLabel('To', { exact: true }).selectOption({ label: `Grace Hopper (${demo('Grace Hopper')})` });
  await dialog.getByLabel('Feedback', { exact: true }).fill(praise);
  await dialog.getByRole('radio', { name: 'Public praise' }).check();
  await dialog.getByRole('checkbox', { name: 'Also share to Slack' }).check();
  expect(await seriousA11yViolations(ada.page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await ada.page.getByText('Your feedback to Grace Hopper was sent.').waitFor();
  await dialog.waitFor({ state: 'detached' });

  // Slack got it, through the webhook the admin connected.
  await slack.waitFor(1);
  expect(slack.received).toHaveLength(1);
  expect(slack.received[0]!.path).toBe(HOOK_PATH);
  expect(slack.received[0]!.body.text).toBe(`:tada: Ada Lovelace praised Grace Hopper: ${praise}`);

  // Ada's Given tab has it, marked public and shared.
  await ada.page.getByRole('tab', { name: 'Given' }).click();
  const given = ada.page.getByRole('list', { name: 'Feedback given' }).getByRole('listitem').filter({ hasText: praise });
  await given.waitFor();
  expect(await given.textContent()).toContain('Shared to Slack');
  expect(await given.textContent()).toContain('Public praise');

  // Ada keeps the praise wall open (a fresh page: its socket and subscription are watched from the start).
  let subscribed = false;
  ada.page.on('websocket', (ws) =>
    ws.on('framesent', (frame) => {
      if (String(frame.payload).includes('PraiseWallChanged')) subscribed = true;
    }),
  );
  await ada.page.goto(`${e2e.server.url}/continuous-feedback?tab=praise`);
  const adaWall = ada.page.getByRole('list', { name: 'Praise wall' });
  const adaCard = adaWall.getByRole('listitem').filter({ hasText: praise });
  await adaCard.getByRole('button', { name: 'Applause, 0', pressed: false }).waitFor();
  await expect.poll(() => subscribed).toBe(true);

  // Ken, on a phone, opens the praise wall and reacts.
  const ken = await openSignedIn(e2e, demo('Ken Thompson'), { context: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true } });
  await ken.page.goto(`${e2e.server.url}/continuous-feedback?tab=praise`);
  const card = ken.page.getByRole('list', { name: 'Praise wall' }).getByRole('listitem', { name: 'Ada Lovelace to Grace Hopper' }).filter({ hasText: praise });
  await card.waitFor();
  await ken.page.getByRole('tab', { name: 'Praise wall', selected: true }).waitFor();
  await card.getByRole('button', { name: 'Applause, 0', pressed: false }).click();
  await card.getByRole('button', { name: 'Applause, 1', pressed: true }).waitFor();
  // Ada's wall follows without a reload: the count, not her own reaction.
  await adaCard.getByRole('button', { name: 'Applause, 1', pressed: false }).waitFor();
  expect(await seriousA11yViolations(ken.page)).toEqual([]);
  expect(await horizontalOverflow(ken.page)).toBeLessThanOrEqual(0);

  // The reaction was saved: it is still there after a reload, and Ada sees the count too.
  await ken.page.reload();
  await ken.page
    .getByRole('list', { name: 'Praise wall' })
    .getByRole('listitem')
    .filter({ hasText: praise })
    .getByRole('button', { name: 'Applause, 1', pressed: true })
    .waitFor();

  // New praise reaches Ada's open wall too, at the top.
  const kenToken = await accessTokenFor(e2e.server.url, demo('Ken Thompson'));
  const { praiseWall } = await gql<{ praiseWall: { items: Array<{ recipient: { id: string } }> } }>(
    kenToken,
    '{ praiseWall(first: 1) { items { recipient { id } } } }',
  );
  const more = `Grace again: the release notes were clear for once (${Date.now()}).`;
  await gql(kenToken, 'mutation($input: GiveFeedbackInput!) { giveFeedback(input: $input) { id } }', {
    input: { recipient_id: praiseWall.items[0]!.recipient.id, body: more, visibility: 'PUBLIC' },
  });
  await adaWall.getByRole('listitem').first().filter({ hasText: more }).waitFor();

  // The give dialog fits the phone too.
  await ken.page.getByRole('button', { name: 'Give feedback' }).click();
  await ken.page.getByRole('dialog', { name: 'Give feedback' }).getByLabel('To', { exact: true }).waitFor();
  expect(await horizontalOverflow(ken.page)).toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(ken.page)).toEqual([]);

  expect([...ada.problems, ...ken.problems]).toEqual([]);
});
