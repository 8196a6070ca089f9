// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { closeAlert } from '../../lib/alerts.js';
import { meAs, refusal, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { SlackWebhook } from './api.js';

cleanUpBetweenTests();
afterEach(() => act(() => closeAlert()));

const HOOK = 'https://hooks.slack.com/services/T1/B2/abcdWXYZ';

function stubSlack() {
  const state: { webhook: SlackWebhook | null } = { webhook: null };
  const { calls } = stubGraphql(
    {
      SlackWebhook: () => ({ data: { slackWebhook: state.webhook } }),
      SetSlackWebhook: ({ url, channel_label }) => {
        if (!String(url).startsWith('https://hooks.slack.com/'))
          return refusal('url: Use the webhook URL Slack gives you.', 'BAD_USER_INPUT', {
            url: 'Use the webhook URL Slack gives you: it starts with https://hooks.slack.com/',
          });
        state.webhook = {
          webhook_hint: `…${String(url).slice(-4)}`,
          channel_label: channel_label ?? null,
          created_at: new Date().toISOString(),
          last_success_at: null,
          last_error: null,
          last_error_at: null,
        };
        return { data: { setSlackWebhook: state.webhook! } };
      },
      SendSlackTestMessage: () => {
        state.webhook = { ...state.webhook!, last_error: 'Slack answered 404: no_service.', last_error_at: '2026-11-23T10:00:00.000Z' };
        return { data: { sendSlackTestMessage: { delivered: false, message: 'Slack answered 404: no_service.' } } };
      },
      RemoveSlackWebhook: () => {
        state.webhook = null;
        return { data: { removeSlackWebhook: true } };
      },
    },
    { me: meAs('ADMIN') },
  );
  return { state, calls };
}

it('connects Slack after checking the URL, shows only the end of it, reports a failed test and disconnects', async () => {
  const { calls } = stubSlack();
  await renderSignedIn('/admin/integrations');
  const section = await screen.findByRole('region', { name: 'Slack notifications' });
  expect(screen.getByRole('button', { name: 'Connect GitHub' })).toBeTruthy();
  const url = within(section).getByLabelText('Webhook URL');

  fireEvent.click(within(section).getByRole('button', { name: 'Connect Slack' }));
  await within(section).findByText('Paste the webhook URL from Slack.');
  fireEvent.change(url, { target: { value: 'https://evil.example/hook' } });
  fireEvent.click(within(section).getByRole('button', { name: 'Connect Slack' }));
  await within(section).findByText('Use the webhook URL Slack gives you: it starts with https://hooks.slack.com/');
  expect(url.getAttribute('aria-invalid')).toBe('true');

  fireEvent.change(url, { target: { value: HOOK } });
  fireEvent.change(within(section).getByLabelText('Channel name (optional)'), { target: { value: '#eng' } });
  fireEvent.click(within(section).getByRole('button', { name: 'Connect Slack' }));
  expect((await screen.findByRole('status')).textContent).toContain('Slack is connected.');
  expect(calls.filter((c) => c.operationName === 'SetSlackWebhook').at(-1)?.variables).toEqual({ url: HOOK, channel_label: '#eng' });
  await within(section).findByText('…WXYZ');
  expect(section.textContent).not.toContain('abcdWXYZ');
  expect(within(section).getByText('#eng')).toBeTruthy();

  fireEvent.click(within(section).getByRole('button', { name: 'Send a test message' }));
  expect((await screen.findByRole('alert')).textContent).toContain('Slack answered 404: no_service.');
  await within(section).findByText(/^Failed .*no_service/);

  fireEvent.click(within(section).getByRole('button', { name: 'Disconnect Slack' }));
  fireEvent.click(within(section).getByRole('button', { name: 'Yes, disconnect' }));
  await within(section).findByRole('button', { name: 'Connect Slack' });
  expect(calls.some((c) => c.operationName === 'RemoveSlackWebhook')).toBe(true);
});
