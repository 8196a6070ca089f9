// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, refusal, stubGraphql, type OperationHandler } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { Sprint } from './review-automation.api.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };
const TEAMS = [
  { id: 'team1', name: 'Platform' },
  { id: 'team2', name: 'Mobile' },
];

const sprint = (patch: Partial<Sprint> = {}): Sprint => ({
  id: 's1',
  team_id: 'team1',
  team: TEAMS[0]!,
  name: 'Sprint 42',
  starts_on: '2030-03-04',
  ends_on: '2030-03-15',
  ...patch,
});

function stubSprints(sprints: Sprint[], update?: OperationHandler<'UpdateReviewSprint'>) {
  return stubGraphql(
    {
      ReviewAutomationRules: () => ({ data: { reviewAutomationRules: [] } }),
      ReviewSprints: () => ({ data: { reviewSprints: sprints } }),
      ReviewReminderSettings: () => ({ data: { reviewReminderSettings: { days_before: 2, when_overdue: true, updated_at: null } } }),
      ReviewTemplates: () => ({ data: { reviewTemplates: [] } }),
      TeamPickerPeople: () => ({ data: { organizationUsers: [] } }),
      Teams: () => ({
        data: { teams: TEAMS.map((t) => ({ ...t, status: 'ACTIVE', manager: null, team_lead: null, users: [], aggregations: { count_users: 3 } })) },
      }),
      UpdateReviewSprint:
        update ??
        (({ id, input }) => {
          const i = sprints.findIndex((s) => s.id === id);
          sprints[i] = { ...sprints[i]!, ...(input as Omit<Sprint, 'id' | 'team'>), team: TEAMS.find((t) => t.id === input.team_id)! };
          return { data: { updateReviewSprint: sprints[i] } };
        }),
    },
    { me: meAs('ADMIN', { id: 'ada' }) },
  );
}

async function openEdit() {
  const list = await screen.findByRole('list', { name: 'Sprints' }, T);
  const button = within(list).getByRole('button', { name: 'Edit Sprint 42 of Platform' });
  fireEvent.click(button);
  return { list, form: await within(list).findByRole('form', { name: 'Edit Sprint 42 of Platform' }) };
}

it('opens a prefilled edit form, refuses a last day before the first day next to the field, and saves the sprint', async () => {
  const { calls } = stubSprints([sprint()]);
  await renderSignedIn('/reviews/automation');
  const { list, form } = await openEdit();
  const team = within(form).getByLabelText('Team') as HTMLSelectElement;
  expect(team.value).toBe('team1');
  expect(document.activeElement).toBe(team);
  expect((within(form).getByLabelText('Sprint name') as HTMLInputElement).value).toBe('Sprint 42');
  expect((within(form).getByLabelText('First day') as HTMLInputElement).value).toBe('2030-03-04');
  expect((within(form).getByLabelText('Last day') as HTMLInputElement).value).toBe('2030-03-15');
  // A sprint that has not ended yet needs no warning about reviews already started.
  expect(within(form).queryByText(/has already ended/)).toBeNull();

  fireEvent.change(within(form).getByLabelText('Last day'), { target: { value: '2030-03-01' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save sprint' }));
  expect(await within(form).findByText('The sprint ends on or after its first day.')).toBeTruthy();
  expect(within(form).getByLabelText('Last day').getAttribute('aria-invalid')).toBe('true');
  expect(calls.some((c) => c.operationName === 'UpdateReviewSprint')).toBe(false);

  fireEvent.change(within(form).getByLabelText('Team'), { target: { value: 'team2' } });
  fireEvent.change(within(form).getByLabelText('Sprint name'), { target: { value: 'Sprint 43' } });
  fireEvent.change(within(form).getByLabelText('First day'), { target: { value: '2030-03-18' } });
  fireEvent.change(within(form).getByLabelText('Last day'), { target: { value: '2030-03-29' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save sprint' }));
  expect(await within(list).findByText('Sprint 43', undefined, T)).toBeTruthy();
  expect(list.textContent).toContain('Sprint 43 · Mobile · Mar 18, 2030 to Mar 29, 2030');
  expect(within(list).queryByRole('form')).toBeNull();
  expect(await screen.findByText('Sprint 43 was saved.')).toBeTruthy();
  expect(calls.find((c) => c.operationName === 'UpdateReviewSprint')!.variables).toEqual({
    id: 's1',
    input: { team_id: 'team2', name: 'Sprint 43', starts_on: '2030-03-18', ends_on: '2030-03-29' },
  });
  await waitFor(() => expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Edit Sprint 43 of Mobile' })));
});

it('shows the server’s field errors next to the fields, and Escape closes without saving and returns focus to Edit', async () => {
  const { calls } = stubSprints([sprint()], () => refusal('team_id: Choose a team.', 'BAD_USER_INPUT', { team_id: 'Choose a team.' }));
  await renderSignedIn('/reviews/automation');
  const { list, form } = await openEdit();
  fireEvent.click(within(form).getByRole('button', { name: 'Save sprint' }));
  expect(await within(form).findByText('Choose a team.', undefined, T)).toBeTruthy();
  expect(within(form).getByLabelText('Team').getAttribute('aria-invalid')).toBe('true');
  expect(calls.filter((c) => c.operationName === 'UpdateReviewSprint')).toHaveLength(1);

  fireEvent.keyDown(within(form).getByLabelText('Sprint name'), { key: 'Escape' });
  await waitFor(() => expect(within(list).queryByRole('form')).toBeNull());
  expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Edit Sprint 42 of Platform' }));
});

it('says other errors above the buttons and warns that an ended sprint gets no second review', async () => {
  stubSprints([sprint({ starts_on: '2020-01-06', ends_on: '2020-01-17' })], () =>
    refusal('Managers plan sprints only for the teams they manage or lead.', 'FORBIDDEN'),
  );
  await renderSignedIn('/reviews/automation');
  const { form } = await openEdit();
  expect(
    within(form).getByText(/This sprint has already ended\. If a rule started its sprint review, changing the dates will not start another one/),
  ).toBeTruthy();
  fireEvent.click(within(form).getByRole('button', { name: 'Save sprint' }));
  expect((await within(form).findByRole('alert', undefined, T)).textContent).toBe('Managers plan sprints only for the teams they manage or lead.');
  fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Sprint 42 of Platform' })).toBe(document.activeElement));
});
