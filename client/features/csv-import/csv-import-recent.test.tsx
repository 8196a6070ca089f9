// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { meAs, stubGraphql } from '../../test/graphql-stub.js';
import { renderRoute, signIn } from '../../test/render-route.js';
import type { ImportBatch } from './csv-import.batches.api.js';

beforeEach(() => signIn({ expiresInSeconds: 3600 }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const batch = (patch: Partial<ImportBatch>): ImportBatch => ({
  id: 'b-1',
  status: 'DONE',
  dry_run: false,
  total: 10,
  created: 10,
  created_at: '2026-11-24T10:00:00.000Z',
  finished_at: '2026-11-24T10:00:05.000Z',
  created_by_name: 'Alex Admin',
  ...patch,
});

function openWith(batches: ImportBatch[]) {
  const stub = stubGraphql({ MassCreationBatches: () => ({ data: { massCreationBatches: batches } }) }, { me: meAs('ADMIN', { full_name: 'Alex Admin' }) });
  renderRoute('/admin/settings/users/import');
  return stub;
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

it('lists recent imports; one the server stop cut off reads Interrupted, says nothing was saved, and leads back to choosing the file', async () => {
  openWith([
    batch({ id: 'b-2', status: 'INTERRUPTED', total: 50_000, created: 0, created_at: '2026-11-25T08:00:00.000Z', finished_at: '2026-11-25T08:01:00.000Z' }),
    batch({ id: 'b-1', status: 'DONE', total: 12, created: 11 }),
    batch({ id: 'b-0', status: 'DONE', dry_run: true, total: 12, created: 0, created_at: '2026-11-23T10:00:00.000Z', created_by_name: null }),
  ]);
  const table = await screen.findByRole('table', { name: 'Recent imports' });
  expect(rowsOf(table)).toEqual([
    ['Nov 25, 2026, 08:00', 'Alex Admin', '50,000', '0', 'Interrupted, nothing saved'],
    ['Nov 24, 2026, 10:00', 'Alex Admin', '12', '11', 'Imported'],
    ['Nov 23, 2026, 10:00', '(removed)', '12', '0', 'Checked (dry run), nothing saved'],
  ]);
  const notice = screen.getByRole('status');
  expect(notice.textContent).toContain('An import was interrupted: the server stopped while it ran, so nobody from that file was added.');
  expect(notice.textContent).toContain('choose the file again to retry');
  fireEvent.click(within(notice).getByRole('button', { name: 'Choose the file again' }));
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose a CSV file' }));
});

it('drops the notice once a later import went through (even if undone since), not for a dry run; says when there are no imports yet', async () => {
  openWith([
    batch({ id: 'b-4', status: 'DONE', dry_run: true, created: 0, created_at: '2026-11-25T10:00:00.000Z' }),
    batch({ id: 'b-3', status: 'ROLLED_BACK', created_at: '2026-11-25T09:00:00.000Z' }),
    batch({ id: 'b-2', status: 'INTERRUPTED', created: 0, created_at: '2026-11-25T08:00:00.000Z' }),
  ]);
  const table = await screen.findByRole('table', { name: 'Recent imports' });
  expect(rowsOf(table).map((r) => r[4])).toEqual(['Checked (dry run), nothing saved', 'Rolled back', 'Interrupted, nothing saved']);
  expect(screen.queryByRole('button', { name: 'Choose the file again' })).toBeNull();
  cleanup();
  // A dry run after the interruption does not count as the retry.
  openWith([
    batch({ id: 'b-4', status: 'DONE', dry_run: true, created: 0, created_at: '2026-11-25T10:00:00.000Z' }),
    batch({ id: 'b-2', status: 'INTERRUPTED', created: 0, created_at: '2026-11-25T08:00:00.000Z' }),
  ]);
  expect(await screen.findByRole('button', { name: 'Choose the file again' })).toBeTruthy();
  cleanup();
  openWith([]);
  expect(await screen.findByText('No imports yet.')).toBeTruthy();
});
