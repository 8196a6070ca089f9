// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, refusal, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import { endedRetro, listEntry } from './retro-fixtures.test-support.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };
const person = (id: string, full_name: string) => ({ id, full_name, email: `${id}@example.com`, role: null });

it('edits a retro that has not started from its current settings, and shows a conflict from the server', async () => {
  let refuse = true;
  const settings = {
    id: 'next',
    title: 'Sprint 12 retro',
    team: { id: 'team1', name: 'Platform' },
    sprint: null,
    template_name: 'Mad, Sad, Glad',
    facilitator: { id: 'grace', full_name: 'Grace Hopper' },
    anonymous: false,
    max_votes: 6,
    max_votes_per_group: 2,
    check_in_question: 'One word?',
    health_statements: ['a', 'b', 'c'],
    scheduled_at: '2099-01-05T10:00:00.000Z',
    reflect_deadline: '2099-01-06T10:00:00.000Z',
    vote_deadline: '2099-01-07T10:00:00.000Z',
    started_at: null,
    ended_at: null,
  };
  const { calls } = stubGraphql(
    {
      Retros: () => ({ data: { retros: [listEntry({ id: 'next' })] } }),
      RetroTeams: () => ({
        data: {
          retroTeams: [
            { id: 'team1', name: 'Platform', manager: null, team_lead: null, users: [person('ada', 'Ada Lovelace'), person('grace', 'Grace Hopper')] },
          ],
        },
      }),
      RetroHealthCheckChoices: () => ({ data: { retroHealthChecks: [] } }),
      RetroSettings: () => ({ data: { retro: settings } }),
      UpdateRetro: () =>
        refuse
          ? refusal('The retro has started: only the facilitator and the deadlines can change now (not title).', 'CONFLICT')
          : { data: { updateRetro: endedRetro({ id: 'next', phase: 'SCHEDULED' }) } },
    },
    { me: meAs('MEMBER', { id: 'ada' }) },
  );
  await renderSignedIn('/professional-development/sprint-retro/review');
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Sprint 12 retro' }, T));
  const form = await screen.findByRole('form', { name: 'Edit Sprint 12 retro' }, T);
  expect((within(form).getByLabelText('Facilitator') as HTMLSelectElement).value).toBe('grace');
  expect((within(form).getByLabelText('Anonymous reflections') as HTMLInputElement).checked).toBe(false);
  expect((within(form).getByLabelText('Votes per person') as HTMLInputElement).value).toBe('6');
  expect((within(form).getByLabelText('Check-in question (optional)') as HTMLInputElement).value).toBe('One word?');
  expect((within(form).getByLabelText('Health check (optional)') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe(
    'Keep the current one (3 statements)',
  );
  expect((within(form).getByLabelText('People reflect and vote in their own time') as HTMLInputElement).checked).toBe(true);
  expect(within(form).getByLabelText('Reflecting closes')).toBeTruthy();

  fireEvent.change(within(form).getByLabelText('Title (optional)'), { target: { value: 'Year-end retro' } });
  fireEvent.change(within(form).getByLabelText('Check-in question (optional)'), { target: { value: '' } });
  fireEvent.click(within(form).getByLabelText('People reflect and vote in their own time'));
  fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
  expect(await within(form).findByText('The retro has started: only the facilitator and the deadlines can change now (not title).')).toBeTruthy();

  refuse = false;
  fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Sprint 12 retro' })).toBeNull());
  const sent = calls.filter((c) => c.operationName === 'UpdateRetro')[1]!.variables;
  expect(sent.id).toBe('next');
  // Cleared check-in and async off clear them on the server; the health check is kept (not sent).
  expect(sent.input).toEqual({
    title: 'Year-end retro',
    facilitator_id: 'grace',
    anonymous: false,
    max_votes: 6,
    max_votes_per_group: 2,
    check_in_question: null,
    scheduled_at: '2099-01-05T10:00:00.000Z',
    reflect_deadline: null,
    vote_deadline: null,
  });
});
