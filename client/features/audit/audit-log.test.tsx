// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, refusal, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { AuditEvent } from './api.js';

cleanUpBetweenTests();

function event(n: number, patch: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: `e-${n}`,
    at: new Date(Date.UTC(2026, 10, 20, 9, 60 - n)).toISOString(),
    action: 'SIGN_IN_FAILED',
    action_label: 'Sign-in failed',
    actor_id: null,
    actor_name: null,
    actor_label: 'ada@example.com',
    subject_id: 'user-2',
    subject_name: 'Ada Byron',
    subject_label: 'ada@example.com',
    ip: '10.0.0.7',
    summary: 'Wrong password',
    ...patch,
  };
}

const PEOPLE = [{ id: 'user-2', full_name: 'Ada Byron', email: 'ada@example.com', role: null, status: 'ACTIVE' as const, team: null }];

/** 60 events in two pages (50, then 10), or none when the filters say so. */
function stubAudit(options: { empty?: boolean } = {}) {
  const all = Array.from({ length: 60 }, (_, i) => event(i + 1));
  return stubGraphql(
    {
      AuditEvents: (v) => {
        if (options.empty) return { data: { auditEvents: { events: [], next_cursor: null } } };
        const start = v.after ? Number(v.after) : 0;
        const first = v.first ?? 50;
        const events = all.slice(start, start + first);
        return { data: { auditEvents: { events, next_cursor: start + first < all.length ? String(start + first) : null } } };
      },
      AuditSettings: () => ({ data: { auditSettings: { retention_days: 365 } } }),
      UpdateAuditSettings: (v) =>
        v.days > 3650
          ? refusal('Keep events at most 3650 days (10 years).', 'BAD_USER_INPUT', { retention_days: 'Keep events at most 3650 days (10 years).' })
          : { data: { updateAuditSettings: { retention_days: v.days } } },
      TeamPickerPeople: () => ({ data: { organizationUsers: PEOPLE } }),
    },
    { me: meAs('ADMIN') },
  );
}

it('shows who, what, about whom and from where, 50 at a time with Load more', async () => {
  const { calls } = stubAudit();
  await renderSignedIn('/admin/settings/audit');
  const table = await screen.findByRole('table', { name: 'Audit events, newest first' });
  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(51);
  expect(rows[1]!.textContent).toContain('Sign-in failed');
  expect(rows[1]!.textContent).toContain('Ada Byron');
  expect(rows[1]!.textContent).toContain('10.0.0.7');
  expect(rows[1]!.textContent).toContain('Wrong password');
  fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
  await waitFor(() => expect(within(screen.getByRole('table', { name: 'Audit events, newest first' })).getAllByRole('row')).toHaveLength(61));
  expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  expect(calls.filter((c) => c.operationName === 'AuditEvents').map((c) => c.variables.after)).toEqual([null, '50']);
});

it("reads its filters from the address and sends the days as the viewer's own day bounds; says when nothing matches", async () => {
  const { calls } = stubAudit({ empty: true });
  await renderSignedIn('/admin/settings/audit?action=PERMISSION_LEVEL_CHANGED&person=user-2&from=2026-11-01&to=2026-11-30');
  expect(await screen.findByText('No events match these filters.')).toBeTruthy();
  expect((screen.getByLabelText('What happened') as HTMLSelectElement).value).toBe('PERMISSION_LEVEL_CHANGED');
  expect((screen.getByLabelText('From (day)') as HTMLInputElement).value).toBe('2026-11-01');
  const sent = calls.find((c) => c.operationName === 'AuditEvents')!.variables.filter;
  expect(sent).toEqual({
    action: 'PERMISSION_LEVEL_CHANGED',
    person: 'user-2',
    from_at: new Date(2026, 10, 1).toISOString(),
    to_at: new Date(2026, 10, 30, 23, 59, 59, 999).toISOString(),
  });
});

it('refuses an end date before the start date, and checks the retention next to its field', async () => {
  const { calls } = stubAudit();
  await renderSignedIn('/admin/settings/audit');
  await screen.findByRole('table', { name: 'Audit events, newest first' });
  fireEvent.change(screen.getByLabelText('From (day)'), { target: { value: '2026-11-10' } });
  fireEvent.change(screen.getByLabelText('To (day, included)'), { target: { value: '2026-11-01' } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
  expect(await screen.findByText('The end date is before the start date.')).toBeTruthy();

  const days = screen.getByLabelText('Keep events for (days)');
  fireEvent.change(days, { target: { value: '7' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Keep events at least 30 days.')).toBeTruthy();
  expect(calls.some((c) => c.operationName === 'UpdateAuditSettings')).toBe(false);
  fireEvent.change(days, { target: { value: '730' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Audit events are now kept for 730 days.')).toBeTruthy();
  expect(calls.find((c) => c.operationName === 'UpdateAuditSettings')!.variables).toEqual({ days: 730 });
});
