// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { GoalImportPreview } from './goals-admin.api.js';
import type { GoalSettings } from './goal.types.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };
const PATH = '/goals/my-goals';

const BAD_CSV = 'goal_ref,title,owner_kind,owner_email\na,Grow,PERSON,nobody@example.com\n';
const GOOD_CSV = 'goal_ref,title,owner_kind,owner_team,parent_ref\na,Grow revenue,COMPANY,,\nb,Core ships,TEAM,Core,a\n';
const BAD: GoalImportPreview = {
  goals: 0,
  key_results: 0,
  sample: [],
  errors: [{ line: 2, column: 'owner_email', message: 'No one in the organization has the email nobody@example.com.' }],
};
const GOOD: GoalImportPreview = {
  goals: 2,
  key_results: 1,
  errors: [],
  sample: [
    { line: 2, title: 'Grow revenue', owner: 'Company', parent: null, due_date: '2027-12-31', key_results: 1 },
    { line: 3, title: 'Core ships', owner: 'Core', parent: 'a', due_date: null, key_results: 0 },
  ],
};

function stubGoals(permission: 'ADMIN' | 'MEMBER', exported: Array<{ url: string }> = []) {
  let settings: GoalSettings = { check_in_cadence: 'WEEKLY', check_in_weekday: 1, due_reminder_days: 7 };
  return stubGraphql(
    {
      MyGoals: () => ({ data: { myGoals: [] } }),
      GoalSettings: () => ({ data: { goalSettings: settings } }),
      UpdateGoalSettings: ({ input }) => {
        settings = input as typeof settings;
        return { data: { updateGoalSettings: settings } };
      },
      PreviewGoalImport: ({ csv }) => ({ data: { previewGoalImport: csv === GOOD_CSV ? GOOD : BAD } }),
      ImportGoals: () => ({ data: { importGoals: { goals: 2, key_results: 1 } } }),
    },
    {
      me: meAs(permission, { id: 'ada' }),
      rest: (url) => {
        exported.push({ url });
        return new Response('\uFEFF"goal_ref"\r\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="teamlens-goals.csv"' },
        });
      },
    },
  );
}

const chooseFile = (dialog: HTMLElement, text: string) =>
  fireEvent.change(within(dialog).getByLabelText('CSV file'), {
    target: { files: [new File([text], 'goals.csv', { type: 'text/csv' })] },
  });

it('shows the goal admin tools to admins only', async () => {
  stubGoals('MEMBER');
  await renderSignedIn(PATH);
  expect(await screen.findByRole('button', { name: 'New goal' }, T)).toBeTruthy();
  expect(await screen.findByText('No open goals', undefined, T)).toBeTruthy();
  expect(screen.queryByRole('group', { name: 'Goal admin tools' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Import goals' })).toBeNull();
});

it('an admin changes the reminder settings: a bad number is refused at once, then the saved settings are confirmed', async () => {
  const { calls } = stubGoals('ADMIN');
  await renderSignedIn(PATH);
  fireEvent.click(await screen.findByRole('button', { name: 'Reminder settings' }, T));
  const form = await screen.findByRole('form', { name: 'Goal reminder settings' }, T);
  expect((within(form).getByLabelText('Check-in reminders') as HTMLSelectElement).value).toBe('WEEKLY');
  fireEvent.change(within(form).getByLabelText('Check-in reminders'), { target: { value: 'MONTHLY' } });
  fireEvent.change(within(form).getByLabelText('Reminder day'), { target: { value: '3' } });
  expect(within(form).getByText('The first Wednesday of each month.')).toBeTruthy();
  fireEvent.change(within(form).getByLabelText('Days before the due date'), { target: { value: '70' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
  expect((await within(form).findByRole('alert')).textContent).toBe('Days before the due date: a whole number from 0 to 60.');
  expect(calls.some((c) => c.operationName === 'UpdateGoalSettings')).toBe(false);

  fireEvent.change(within(form).getByLabelText('Days before the due date'), { target: { value: '3' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
  await waitFor(() => expect(within(form).getByRole('status').textContent).toBe('The reminder settings were saved.'), T);
  expect(calls.find((c) => c.operationName === 'UpdateGoalSettings')?.variables.input).toEqual({
    check_in_cadence: 'MONTHLY',
    check_in_weekday: 3,
    due_reminder_days: 3,
  });
});

it('an admin imports goals: a file with errors shows them by line and column and cannot be imported; a good file shows its goals and imports', async () => {
  const { calls } = stubGoals('ADMIN');
  await renderSignedIn(PATH);
  fireEvent.click(await screen.findByRole('button', { name: 'Import goals' }, T));
  const dialog = await screen.findByRole('dialog', { name: 'Import goals' }, T);
  expect((within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);

  chooseFile(dialog, BAD_CSV);
  const errors = await within(dialog).findByRole('table', { name: 'Errors' }, T);
  expect(
    within(errors)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
  ).toEqual([['2', 'owner_email', 'No one in the organization has the email nobody@example.com.']]);
  expect(within(dialog).getByText('1 problem to fix before anything can be imported. Correct the file and choose it again.')).toBeTruthy();
  expect((within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);

  chooseFile(dialog, GOOD_CSV);
  const sample = await within(dialog).findByRole('table', { name: 'Goals in the file' }, T);
  expect(
    within(sample)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
  ).toEqual([
    ['2', 'Grow revenue', 'Company', '—', '2027-12-31', '1'],
    ['3', 'Core ships', 'Core', 'a', '—', '0'],
  ]);
  expect(within(dialog).queryByRole('table', { name: 'Errors' })).toBeNull();
  expect(within(dialog).getByText('Ready: 2 goals with 1 key result will be created.')).toBeTruthy();
  const importButton = within(dialog).getByRole('button', { name: 'Import 2 goals' }) as HTMLButtonElement;
  expect(importButton.disabled).toBe(false);
  fireEvent.click(importButton);
  expect(await within(dialog).findByText('Imported 2 goals with 1 key result.', undefined, T)).toBeTruthy();
  expect(calls.filter((c) => c.operationName === 'ImportGoals').map((c) => c.variables.csv)).toEqual([GOOD_CSV]);
  expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
});

it('an admin exports the goals through the authenticated export route', async () => {
  const exported: Array<{ url: string }> = [];
  URL.createObjectURL = () => 'blob:x';
  URL.revokeObjectURL = () => undefined;
  stubGoals('ADMIN', exported);
  await renderSignedIn(PATH);
  fireEvent.click(await screen.findByRole('button', { name: 'Export goals' }, T));
  expect(await screen.findByText('The goals were exported.', undefined, T)).toBeTruthy();
  expect(exported.map((e) => new URL(e.url, 'http://x').pathname)).toEqual(['/api/goals/export.csv']);
  const fetchMock = globalThis.fetch as unknown as { mock: { calls: Array<[string, RequestInit | undefined]> } };
  const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/api/goals/export.csv'));
  expect((call?.[1]?.headers as Record<string, string>).authorization).toMatch(/^Bearer .+/);
});
