// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { BUILTIN_RETRO_TEMPLATES } from '../../../shared/retros.js';
import { meAs, refusal, stubGraphql, type OperationHandlers } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import { endedRetro, listEntry } from './retro-fixtures.test-support.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };
const PATH = '/professional-development/sprint-retro/review';
const person = (id: string, full_name: string) => ({ id, full_name, email: `${id}@example.com`, role: null });
const teams = [
  {
    id: 'team1',
    name: 'Platform',
    manager: person('mia', 'Mia Manager'),
    team_lead: null,
    users: [person('ada', 'Ada Lovelace'), person('grace', 'Grace Hopper')],
  },
  { id: 'team2', name: 'Mobile', manager: null, team_lead: null, users: [person('ada', 'Ada Lovelace'), person('linus', 'Linus Torvalds')] },
];
const templates = [
  ...BUILTIN_RETRO_TEMPLATES.map((t) => ({ ...t, built_in: true, archived: false })),
  {
    id: 'custom1',
    name: 'Our own',
    description: '',
    prompts: [{ id: 'p1', title: 'Kudos', description: 'Who helped you?', colour: '#2f7d4f' }],
    built_in: false,
    archived: false,
  },
  { id: 'gone', name: 'Archived one', description: '', prompts: [], built_in: false, archived: true },
];

function stubNew(operations: OperationHandlers = {}, level: 'MEMBER' | 'MANAGER' = 'MEMBER') {
  return stubGraphql(
    {
      Retros: () => ({ data: { retros: [listEntry()] } }),
      RetroTeams: () => ({ data: { retroTeams: teams } }),
      RetroTemplateChoices: () => ({ data: { retroTemplates: templates } }),
      RetroHealthCheckChoices: () => ({
        data: { retroHealthChecks: [{ id: 'builtin:quick-pulse', name: 'Quick pulse', statements: ['a', 'b', 'c'], built_in: true, archived: false }] },
      }),
      RetroTeamSprints: ({ teamId }) =>
        teamId === 'team1'
          ? {
              data: {
                reviewSprints: [
                  { id: 's11', name: 'Sprint 11', starts_on: '2026-11-02', ends_on: '2026-11-13' },
                  { id: 's12', name: 'Sprint 12', starts_on: '2026-11-16', ends_on: '2026-11-27' },
                ],
              },
            }
          : refusal('Only managers and admins read sprints.', 'FORBIDDEN'),
      RetroMeeting: () => ({ data: { retro: endedRetro({ id: 'new1' }) } }),
      ...operations,
    },
    { me: meAs(level, { id: 'ada', full_name: 'Ada Lovelace' }) },
  );
}

async function openDialog() {
  const { router } = await renderSignedIn(PATH);
  fireEvent.click(await screen.findByRole('button', { name: 'New retro' }, T));
  return { router, form: await screen.findByRole('form', { name: 'New retro' }, T) };
}

it('offers the team, its sprints, templates with built-ins first and their prompts, and sensible defaults', async () => {
  stubNew();
  const { form } = await openDialog();
  expect((within(form).getByLabelText('Team') as HTMLSelectElement).value).toBe('team1');
  const template = within(form).getByLabelText('Template') as HTMLSelectElement;
  expect([...template.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['Built-in', 'Your organization’s']);
  expect(template.value).toBe('builtin:start-stop-continue');
  expect([...template.options].map((o) => o.textContent)).not.toContain('Archived one');
  expect(
    within(within(form).getByRole('list', { name: 'Prompts of Start, Stop, Continue' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Start: What should we begin doing?', 'Stop: What is not helping us?', 'Continue: What works and should stay?']);
  fireEvent.change(template, { target: { value: 'custom1' } });
  expect(within(form).getByRole('list', { name: 'Prompts of Our own' }).textContent).toBe('Kudos: Who helped you?');

  const sprint = within(form).getByLabelText('Sprint (optional)') as HTMLSelectElement;
  await waitFor(() =>
    expect([...sprint.options].map((o) => o.textContent)).toEqual(['No sprint', 'Sprint 12 (ends Nov 27, 2026)', 'Sprint 11 (ends Nov 13, 2026)']),
  );
  fireEvent.change(sprint, { target: { value: 's12' } });
  expect((within(form).getByLabelText('Title (optional)') as HTMLInputElement).placeholder).toBe('Platform retro: Sprint 12');

  expect((within(form).getByLabelText('Anonymous reflections') as HTMLInputElement).checked).toBe(true);
  expect(within(form).getByText(/Nobody, managers and admins included, can see who wrote which reflection/)).toBeTruthy();
  expect((within(form).getByLabelText('Votes per person') as HTMLInputElement).value).toBe('5');
  expect((within(form).getByLabelText('Votes per group') as HTMLInputElement).value).toBe('3');
  expect([...(within(form).getByLabelText('Facilitator') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
    'You (Ada Lovelace)',
    'Grace Hopper (grace@example.com)',
    'Mia Manager (mia@example.com)',
  ]);
  expect(within(form).queryByLabelText('Reflecting closes')).toBeNull();

  // Another team: its people, and no sprint for someone who may not read them; what was typed stays.
  fireEvent.change(within(form).getByLabelText('Votes per person'), { target: { value: '7' } });
  fireEvent.change(within(form).getByLabelText('Team'), { target: { value: 'team2' } });
  expect((within(form).getByLabelText('Votes per person') as HTMLInputElement).value).toBe('7');
  expect([...(within(form).getByLabelText('Facilitator') as HTMLSelectElement).options].map((o) => o.textContent)).toContain(
    'Linus Torvalds (linus@example.com)',
  );
  expect(await within(form).findByText('Only the team’s manager or lead and admins can link a sprint.')).toBeTruthy();
});

it('a team without sprints: a manager is pointed to where sprints are added, a member to who adds them', async () => {
  stubNew({ RetroTeamSprints: () => ({ data: { reviewSprints: [] } }) }, 'MANAGER');
  const { form } = await openDialog();
  const hint = await within(form).findByText(/This team has no sprints yet/, undefined, T);
  expect(within(hint).getByRole('link', { name: 'Review automation' }).getAttribute('href')).toBe('/reviews/automation');
  cleanup();
  stubNew({ RetroTeamSprints: () => ({ data: { reviewSprints: [] } }) });
  const member = await openDialog();
  expect((await within(member.form).findByText(/This team has no sprints yet/, undefined, T)).textContent).toBe(
    'This team has no sprints yet. The team’s manager adds them.',
  );
});

it('checks the form before sending and shows the messages at the fields', async () => {
  const { calls } = stubNew();
  const { form } = await openDialog();
  fireEvent.change(within(form).getByLabelText('Votes per person'), { target: { value: '2' } });
  fireEvent.change(within(form).getByLabelText('Starts at'), { target: { value: '' } });
  fireEvent.click(within(form).getByLabelText('People reflect and vote in their own time'));
  fireEvent.click(within(form).getByRole('button', { name: 'Create retro' }));
  expect(await within(form).findByText('Votes per group cannot be more than votes per person.')).toBeTruthy();
  expect(within(form).getByText('Choose when the retro starts.')).toBeTruthy();
  expect(within(form).getByText('Choose when reflecting closes.')).toBeTruthy();
  expect(within(form).getByText('Choose when voting closes.')).toBeTruthy();
  expect(calls.some((c) => c.operationName === 'CreateRetro')).toBe(false);
});

it('shows the server’s refusal at the field it is about, keeps what was typed, then creates and opens the retro', async () => {
  let refuse = true;
  const { calls } = stubNew({
    CreateRetro: () =>
      refuse
        ? refusal('facilitator_id: the facilitator must be a member, the manager or the lead of the team, or an admin.', 'BAD_USER_INPUT')
        : { data: { createRetro: endedRetro({ id: 'new1', title: 'Kick-off retro', phase: 'SCHEDULED' }) } },
  });
  const { router, form } = await openDialog();
  await within(form).findByRole('option', { name: 'Quick pulse (3 statements)' });
  fireEvent.change(within(form).getByLabelText('Title (optional)'), { target: { value: 'Kick-off retro' } });
  fireEvent.change(within(form).getByLabelText('Facilitator'), { target: { value: 'grace' } });
  fireEvent.click(within(form).getByLabelText('Anonymous reflections'));
  fireEvent.change(within(form).getByLabelText('Check-in question (optional)'), { target: { value: 'One word for the sprint?' } });
  fireEvent.change(within(form).getByLabelText('Health check (optional)'), { target: { value: 'builtin:quick-pulse' } });
  fireEvent.change(within(form).getByLabelText('Starts at'), { target: { value: '2099-01-05T10:00' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Create retro' }));

  const facilitator = within(form).getByLabelText('Facilitator');
  const message = await within(form).findByText('The facilitator must be a member, the manager or the lead of the team, or an admin.');
  expect(facilitator.getAttribute('aria-describedby')).toContain(message.id);
  expect(within(form).getByText('The retro was not saved: see the messages at the fields.')).toBeTruthy();
  expect((within(form).getByLabelText('Title (optional)') as HTMLInputElement).value).toBe('Kick-off retro');

  refuse = false;
  fireEvent.click(within(form).getByRole('button', { name: 'Create retro' }));
  await waitFor(() => expect(calls.filter((c) => c.operationName === 'CreateRetro')).toHaveLength(2));
  expect(calls.filter((c) => c.operationName === 'CreateRetro')[1]!.variables.input).toEqual({
    team_id: 'team1',
    template_id: 'builtin:start-stop-continue',
    title: 'Kick-off retro',
    facilitator_id: 'grace',
    anonymous: false,
    max_votes: 5,
    max_votes_per_group: 3,
    check_in_question: 'One word for the sprint?',
    health_check_id: 'builtin:quick-pulse',
    scheduled_at: new Date('2099-01-05T10:00').toISOString(),
  });
  await waitFor(() => expect(router.state.location.pathname).toBe(`${PATH}/new1`));
  expect(screen.queryByRole('form', { name: 'New retro' })).toBeNull();
  // The meeting page starts from the created retro: it does not ask the server for it again.
  expect(calls.some((c) => c.operationName === 'RetroMeeting')).toBe(false);
});

it('sends both deadlines of an async retro', async () => {
  const { calls } = stubNew({ CreateRetro: () => ({ data: { createRetro: endedRetro({ id: 'new1', phase: 'SCHEDULED' }) } }) });
  const { form } = await openDialog();
  fireEvent.change(within(form).getByLabelText('Starts at'), { target: { value: '2099-01-05T10:00' } });
  fireEvent.click(within(form).getByLabelText('People reflect and vote in their own time'));
  fireEvent.change(within(form).getByLabelText('Reflecting closes'), { target: { value: '2099-01-04T10:00' } });
  fireEvent.change(within(form).getByLabelText('Voting closes'), { target: { value: '2099-01-07T10:00' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Create retro' }));
  expect(await within(form).findByText('Reflecting must close after the retro starts.')).toBeTruthy();
  fireEvent.change(within(form).getByLabelText('Reflecting closes'), { target: { value: '2099-01-06T10:00' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Create retro' }));
  await waitFor(() =>
    expect(calls.find((c) => c.operationName === 'CreateRetro')?.variables.input).toMatchObject({
      reflect_deadline: new Date('2099-01-06T10:00').toISOString(),
      vote_deadline: new Date('2099-01-07T10:00').toISOString(),
    }),
  );
});
