// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { closeAlert } from '../../lib/alerts.js';
import { refusal, type Answer } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import { organization, stubServer } from './org-settings.test-support.js';

cleanUpBetweenTests();
afterEach(() => act(() => closeAlert()));

const COUNTS = [
  { table: 'teams', count: 4, label: '4 teams' },
  { table: 'users', count: 28, label: '28 people' },
  { table: 'review_cycles', count: 4, label: '4 review cycles' },
];
const demoData = (present: boolean) => ({ data: { demoData: { present, counts: present ? COUNTS : [] } } });

it('names what goes and what stays, removes the demo data on confirmation, then no longer offers it', async () => {
  let present = true;
  let release: (answer: Answer<{ removeDemoData: { present: boolean; counts: typeof COUNTS } }>) => void = () => undefined;
  const calls = stubServer(
    { org: organization({ name: 'Demo Company' }) },
    {
      DemoData: () => demoData(present),
      RemoveDemoData: () => new Promise((resolve) => (release = resolve)),
    },
  );
  await renderSignedIn('/admin/settings/account');
  const section = await screen.findByRole('region', { name: 'Demo data' });
  expect(section.textContent).toContain('sample data so you could see Teamlens at work: 4 teams, 28 people and 4 review cycles.');

  fireEvent.click(within(section).getByRole('button', { name: 'Remove the demo data…' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Remove the demo data?' });
  const lists = within(dialog).getAllByRole('list');
  expect(
    within(lists[0]!)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['4 teams', '28 people', '4 review cycles']);
  expect(
    within(lists[1]!)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    'The organization Demo Company, its name and picture',
    'Your own admin account',
    'Everything real people added: they keep their accounts, teams and review cycles (without the demo people in them)',
  ]);
  expect(calls.some((c) => c.operationName === 'RemoveDemoData')).toBe(false);

  fireEvent.click(within(dialog).getByRole('button', { name: 'Remove the demo data' }));
  const busy = await within(dialog).findByRole('button', { name: 'Removing…' });
  expect((busy as HTMLButtonElement).disabled).toBe(true);
  present = false;
  release({ data: { removeDemoData: { present: false, counts: COUNTS } } });

  expect((await screen.findByRole('status')).textContent).toContain(
    'The demo data was removed: 4 teams, 28 people and 4 review cycles. Demo Company is ready for your people.',
  );
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Demo data' })).toBeNull());
  expect(screen.getByRole('region', { name: 'Close the account' })).toBeTruthy();
  expect(calls.filter((c) => c.operationName === 'RemoveDemoData')).toHaveLength(1);
});

it('keeps everything when the admin cancels, and shows the server refusal when removal fails', async () => {
  const calls = stubServer(
    { org: organization() },
    {
      DemoData: () => demoData(true),
      RemoveDemoData: () => refusal('You are signed in as a demo person, who would be removed too.', 'CONFLICT'),
    },
  );
  await renderSignedIn('/admin/settings/account');
  const section = await screen.findByRole('region', { name: 'Demo data' });
  fireEvent.click(within(section).getByRole('button', { name: 'Remove the demo data…' }));
  fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep the demo data' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect(calls.some((c) => c.operationName === 'RemoveDemoData')).toBe(false);

  fireEvent.click(within(section).getByRole('button', { name: 'Remove the demo data…' }));
  fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove the demo data' }));
  expect((await screen.findByRole('alert')).textContent).toContain('You are signed in as a demo person, who would be removed too.');
  expect(screen.getByRole('alertdialog')).toBeTruthy();
  expect(screen.getByRole('region', { name: 'Demo data', hidden: true })).toBeTruthy();
});

it('shows no demo section in an organization without demo data', async () => {
  stubServer({ org: organization() }, { DemoData: () => demoData(false) });
  await renderSignedIn('/admin/settings/account');
  await screen.findByRole('region', { name: 'Close the account' });
  expect(screen.queryByRole('region', { name: 'Demo data' })).toBeNull();
});

it('says when it could not check for demo data, and checks again on request', async () => {
  let fail = true;
  stubServer({ org: organization() }, { DemoData: () => (fail ? refusal('Only an admin can do this.', 'FORBIDDEN') : demoData(true)) });
  await renderSignedIn('/admin/settings/account');
  const section = await screen.findByRole('region', { name: 'Demo data' });
  expect((await within(section).findByRole('alert')).textContent).toBe('Could not check for demo data: Only an admin can do this.');
  fail = false;
  fireEvent.click(within(section).getByRole('button', { name: 'Try again' }));
  await within(await screen.findByRole('region', { name: 'Demo data' })).findByRole('button', { name: 'Remove the demo data…' });
});
