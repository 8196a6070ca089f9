// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { meAs, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { AppNotification } from './api.js';

type Sink = { next: (value: { data?: unknown }) => void };
const sinks = vi.hoisted(() => new Map<string, Sink>());
// The websocket is the edge here: the test plays the server's side of `notificationAdded`.
vi.mock('../../lib/subscriptions.js', () => ({
  subscribe: (query: string, sink: Sink) => {
    const name = /subscription (\w+)/.exec(query)?.[1] ?? '';
    sinks.set(name, sink);
    return () => sinks.delete(name);
  },
}));

cleanUpBetweenTests();

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const note = (id: string, title: string, patch: Partial<AppNotification> = {}): AppNotification => ({
  id,
  kind: 'review_requests',
  title,
  body: null,
  link: null,
  created_at: minutesAgo(5),
  read_at: null,
  ...patch,
});

/** A server that keeps the notifications and applies markNotificationsRead to them. */
function stubInbox(items: AppNotification[]) {
  const state = { items };
  const { calls } = stubGraphql(
    {
      Notifications: () => ({ data: { notifications: state.items, unreadNotificationCount: state.items.filter((n) => !n.read_at).length } }),
      MarkNotificationsRead: ({ ids }) => {
        let changed = 0;
        state.items = state.items.map((n) => (!n.read_at && (!ids || ids.includes(n.id)) ? (changed++, { ...n, read_at: new Date().toISOString() }) : n));
        return { data: { markNotificationsRead: changed } };
      },
      SlackWebhook: () => ({ data: { slackWebhook: null } }),
    },
    { me: meAs('ADMIN') },
  );
  return { state, calls };
}

const topBar = async () => within(await screen.findByRole('banner', {}, { timeout: 5000 }));

it('shows the unread count, lists the notifications and marks one or all as read', async () => {
  const { calls } = stubInbox([
    note('n1', 'Review Ada Lovelace', { body: 'Due Friday.', link: '/reviews/pending' }),
    note('n2', 'New feedback from Grace', { created_at: minutesAgo(120) }),
    note('n3', 'Retro started', { read_at: minutesAgo(1), created_at: minutesAgo(60 * 30) }),
  ]);
  await renderSignedIn('/admin/integrations');
  const bell = await (await topBar()).findByRole('button', { name: 'Notifications, 2 unread' });
  expect(bell.textContent).toContain('2');

  fireEvent.click(bell);
  const popover = await screen.findByRole('dialog', { name: 'Notifications' });
  const items = within(popover).getAllByRole('listitem');
  expect(items.map((li) => li.textContent)).toEqual([
    'Unread: Review Ada LovelaceDue Friday.5 minutes agoMark as read',
    'Unread: New feedback from Grace2 hours agoMark as read',
    'Retro startedyesterday',
  ]);
  expect(within(popover).getByRole('link', { name: 'Review Ada Lovelace' }).getAttribute('href')).toBe('/reviews/pending');

  fireEvent.click(within(popover).getByRole('button', { name: 'Mark as read: New feedback from Grace' }));
  await (await topBar()).findByRole('button', { name: 'Notifications, 1 unread' });
  expect(calls.find((c) => c.operationName === 'MarkNotificationsRead')?.variables).toEqual({ ids: ['n2'] });
  expect(within(popover).queryByRole('button', { name: 'Mark as read: New feedback from Grace' })).toBeNull();

  fireEvent.click(within(popover).getByRole('button', { name: 'Mark all as read' }));
  await (await topBar()).findByRole('button', { name: 'Notifications, none unread' });
  expect(calls.filter((c) => c.operationName === 'MarkNotificationsRead').at(-1)?.variables).toEqual({ ids: null });
  expect(within(popover).queryByRole('button', { name: /^Mark as read/ })).toBeNull();
});

it('says when there is nothing yet, and adds a notification that arrives live', async () => {
  stubInbox([]);
  await renderSignedIn('/admin/integrations');
  const bell = await (await topBar()).findByRole('button', { name: 'Notifications, none unread' });
  fireEvent.click(bell);
  const popover = await screen.findByRole('dialog', { name: 'Notifications' });
  await within(popover).findByText(/No notifications yet/);

  await waitFor(() => expect(sinks.has('NotificationAdded')).toBe(true));
  const live = note('n9', 'Your results are released', { created_at: new Date().toISOString(), link: '/reviews' });
  act(() => sinks.get('NotificationAdded')!.next({ data: { notificationAdded: live } }));
  act(() => sinks.get('NotificationAdded')!.next({ data: { notificationAdded: live } }));

  await (await topBar()).findByRole('button', { name: 'Notifications, 1 unread' });
  expect(
    within(popover)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Unread: Your results are releasedjust nowMark as read']);
  expect(screen.getAllByText('New notification: Your results are released').length).toBeGreaterThan(0);
});
