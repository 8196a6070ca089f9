// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { ServerBackups } from './backups-api.js';
import { formatSize } from './backups-section.js';
import { organization, stubServer } from './org-settings.test-support.js';

cleanUpBetweenTests();

const operator = { open: false, source: 'DEFAULT' as const, is_operator_organization: true, can_change: true, updated_at: null };
const backups = (patch: Partial<ServerBackups>): ServerBackups => ({
  every_hours: 24,
  keep: 7,
  directory: '/var/lib/teamlens/backups',
  count: 3,
  next_at: '2026-12-08T02:00:00.000Z',
  last_error: null,
  last_error_at: null,
  last: { name: 'teamlens-2026-12-07T02-00-00-000Z.db', size: 2_019_328, created_at: '2026-12-07T02:00:01.000Z' },
  ...patch,
});

it('operator admins see the last backup, its size, what is kept and the next one on Configurations', async () => {
  const calls = stubServer({ org: organization(), signUp: operator }, { ServerBackups: () => ({ data: { serverBackups: backups({}) } }) });
  await renderSignedIn('/admin/settings/configurations');
  const section = await screen.findByRole('region', { name: 'Backups' });
  await screen.findByText('teamlens-2026-12-07T02-00-00-000Z.db');
  expect(section.textContent).toMatch(/Last backup.*Dec 7, 2026.*1\.9 MB/);
  expect(section.textContent).toContain('(3 kept in /var/lib/teamlens/backups)');
  expect(section.textContent).toMatch(/Daily, keeping the newest 7; next on Dec 8, 2026/);
  expect(calls.some((c) => c.operationName === 'ServerBackups')).toBe(true);
});

it('says when none was made yet, and when the last scheduled one failed', async () => {
  stubServer(
    { org: organization(), signUp: operator },
    {
      ServerBackups: () => ({
        data: {
          serverBackups: backups({ last: null, count: 0, last_error: 'SQLITE_FULL: database or disk is full', last_error_at: '2026-12-07T02:00:00.000Z' }),
        },
      }),
    },
  );
  await renderSignedIn('/admin/settings/configurations');
  const alert = await screen.findByText(/The last scheduled backup failed/);
  expect(alert.textContent).toContain('SQLITE_FULL: database or disk is full');
  expect(screen.getByRole('region', { name: 'Backups' }).textContent).toContain('None yet.');
});

it('admins of other organizations neither see nor ask for the install’s backups', async () => {
  const calls = stubServer({ org: organization() });
  await renderSignedIn('/admin/settings/configurations');
  await screen.findByRole('heading', { name: 'Email outbox' });
  expect(screen.queryByRole('region', { name: 'Backups' })).toBeNull();
  expect(calls.some((c) => c.operationName === 'ServerBackups')).toBe(false);
});

it('sizes read like a file manager shows them', () => {
  expect(formatSize(900)).toBe('1 kB');
  expect(formatSize(2_019_328)).toBe('1.9 MB');
  expect(formatSize(3 * 1024 ** 3)).toBe('3.00 GB');
});
