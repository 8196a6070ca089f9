// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, refusal, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { PickablePerson, Team } from './api.js';

const person = (id: string, full_name: string, status: PickablePerson['status'] = 'ACTIVE'): PickablePerson => ({
  id,
  full_name,
  email: `${id}@example.com`,
  role: null,
  status,
  team: null,
});
const PEOPLE = [
  person('ada', 'Ada Lovelace'),
  person('grace', 'Grace Hopper'),
  person('linus', 'Linus Torvalds'),
  person('gone', 'Gone Person', 'DEACTIVATED'),
];

/** The server at the network edge: teams in memory, CONFLICT for a taken name like the real resolver. */
function stubServer() {
  const teams: Team[] = [{ id: 't1', name: 'Core', status: 'ACTIVE', manager: null, team_lead: null, users: [], aggregations: { count_users: 0 } }];
  const find = (id: string | null | undefined) => PEOPLE.find((p) => p.id === id) ?? null;
  const { calls } = stubGraphql(
    {
      Teams: () => ({ data: { teams } }),
      TeamPickerPeople: () => ({ data: { organizationUsers: PEOPLE } }),
      CreateTeam: ({ input: { name, manager_id, team_lead_id } }) => {
        if (teams.some((t) => t.name.toLowerCase() === name.toLowerCase()))
          return refusal(`A team named "${name}" already exists. Choose another name.`, 'CONFLICT');
        const team: Team = {
          id: `t${teams.length + 1}`,
          name,
          status: 'ACTIVE',
          manager: find(manager_id),
          team_lead: find(team_lead_id),
          users: [],
          aggregations: { count_users: 0 },
        };
        teams.push(team);
        return { data: { createTeam: team } };
      },
    },
    { me: meAs('ADMIN', { id: 'ada' }) },
  );
  return { calls, teams };
}

async function renderTeams() {
  await renderSignedIn('/admin/settings/teams');
  expect(await screen.findByRole('heading', { name: 'Teams', level: 1 }, { timeout: 5000 })).toBeTruthy();
}

async function openNewTeamForm() {
  await renderTeams();
  fireEvent.click(screen.getByRole('button', { name: 'New team' }));
  return screen.findByRole('dialog', { name: 'New team' });
}

cleanUpBetweenTests();

it('lists the teams with their member counts', async () => {
  stubServer();
  await renderTeams();
  expect(screen.getByRole('heading', { name: 'Core', level: 2 })).toBeTruthy();
  expect(screen.getByTestId('team-member-count').textContent).toBe('0 members');
});

it('an empty name is refused next to the field before anything is sent', async () => {
  const server = stubServer();
  const dialog = await openNewTeamForm();
  fireEvent.change(within(dialog).getByLabelText('Team name'), { target: { value: '   ' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create team' }));
  const input = within(dialog).getByLabelText('Team name');
  await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
  expect(within(dialog).getByText('Enter a team name.')).toBeTruthy();
  expect(server.calls.some((c) => c.operationName === 'CreateTeam')).toBe(false);
});

it('a taken name shows the server conflict under the name, and what was typed stays', async () => {
  stubServer();
  const dialog = await openNewTeamForm();
  fireEvent.change(within(dialog).getByLabelText('Team name'), { target: { value: 'core' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create team' }));
  expect(await within(dialog).findByText('A team named "core" already exists. Choose another name.')).toBeTruthy();
  expect((within(dialog).getByLabelText('Team name') as HTMLInputElement).value).toBe('core');
});

it('the manager picker searches people; deactivated people are not offered; creating opens the team for members', async () => {
  const server = stubServer();
  const dialog = await openNewTeamForm();
  const manager = within(dialog).getByLabelText('Manager') as HTMLSelectElement;
  expect([...manager.options].map((o) => o.text)).toEqual([
    'No manager',
    'Ada Lovelace (ada@example.com)',
    'Grace Hopper (grace@example.com)',
    'Linus Torvalds (linus@example.com)',
  ]);
  fireEvent.change(within(dialog).getByLabelText('Search people for manager'), { target: { value: 'grace' } });
  expect([...manager.options].map((o) => o.value)).toEqual(['', 'grace']);
  fireEvent.change(manager, { target: { value: 'grace' } });
  fireEvent.change(within(dialog).getByLabelText('Team name'), { target: { value: '  Payments ' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create team' }));

  expect(await screen.findByRole('dialog', { name: 'Edit Payments' })).toBeTruthy();
  expect(server.calls.find((c) => c.operationName === 'CreateTeam')!.variables).toEqual({
    input: { name: 'Payments', manager_id: 'grace', team_lead_id: null },
  });
  expect(screen.getByText('Nobody is in this team yet. Find people below to add them.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Add Linus Torvalds' })).toBeTruthy();
});
