// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { ReminderSettings } from './review-automation.api.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };

function stub(level: 'ADMIN' | 'MANAGER', settings: ReminderSettings = { days_before: 2, when_overdue: true, updated_at: null }) {
  let current = settings;
  return stubGraphql(
    {
      ReviewAutomationRules: () => ({ data: { reviewAutomationRules: [] } }),
      ReviewSprints: () => ({ data: { reviewSprints: [] } }),
      ReviewReminderSettings: () => ({ data: { reviewReminderSettings: current } }),
      UpdateReviewReminderSettings: ({ input }) => {
        current = { ...(input as ReminderSettings), updated_at: '2026-11-23T12:00:00.000Z' };
        return { data: { updateReviewReminderSettings: current } };
      },
      ReviewTemplates: () => ({ data: { reviewTemplates: [] } }),
      TeamPickerPeople: () => ({ data: { organizationUsers: [] } }),
      Teams: () => ({ data: { teams: [] } }),
    },
    { me: meAs(level, { id: 'ada' }) },
  );
}

it('an admin sets how many days before the due date reviewers are reminded, and whether again once overdue', async () => {
  const { calls } = stub('ADMIN');
  await renderSignedIn('/reviews/automation');
  const form = await screen.findByRole('form', { name: 'Reminder settings' }, T);
  const days = within(form).getByLabelText('Days before the due date') as HTMLInputElement;
  const overdue = within(form).getByRole('checkbox', { name: 'Remind again once a review is overdue' }) as HTMLInputElement;
  expect([days.value, overdue.checked]).toEqual(['2', true]);

  fireEvent.change(days, { target: { value: '45' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save reminders' }));
  expect(await within(form).findByText('At most 30 days.')).toBeTruthy();
  expect(calls.some((c) => c.operationName === 'UpdateReviewReminderSettings')).toBe(false);

  fireEvent.change(days, { target: { value: '5' } });
  fireEvent.click(overdue);
  fireEvent.click(within(form).getByRole('button', { name: 'Save reminders' }));
  await waitFor(() =>
    expect(calls.find((c) => c.operationName === 'UpdateReviewReminderSettings')?.variables).toEqual({ input: { days_before: 5, when_overdue: false } }),
  );
  expect(await screen.findByText('Reminder settings saved.')).toBeTruthy();
});

it('a manager reads the settings in words', async () => {
  stub('MANAGER', { days_before: 0, when_overdue: true, updated_at: null });
  await renderSignedIn('/reviews/automation');
  expect((await screen.findByTestId('reminder-settings', undefined, T)).textContent).toBe('No reminder before the due date; again once a review is overdue.');
  expect(screen.queryByRole('form', { name: 'Reminder settings' })).toBeNull();
});
