// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { meAs, refusal, requestOf, stubGraphql, type OperationHandlers } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { RetroAutomationRule } from './retro-automation.api.js';

// Times on this screen are the viewer's own: the tests read them in UTC.
beforeAll(() => {
  process.env.TZ = 'UTC';
});
cleanUpBetweenTests();
const T = { timeout: 5000 };
const PATH = '/professional-development/sprint-retro/automation';

const person = (id: string, full_name: string) => ({ id, full_name, email: `${id}@example.com`, role: null, profile_picture: null });
const TEAMS = [
  {
    id: 'team1',
    name: 'Platform',
    status: 'ACTIVE',
    manager: person('mgr', 'Margaret Hamilton'),
    team_lead: person('lead', 'Linus Lead'),
    users: [person('ann', 'Ann Member'), person('lead', 'Linus Lead')],
    aggregations: { count_users: 2 },
  },
  {
    id: 'team2',
    name: 'Mobile',
    status: 'ACTIVE',
    manager: person('other', 'Otto Other'),
    team_lead: null,
    users: [person('bob', 'Bob Member')],
    aggregations: { count_users: 1 },
  },
];

const rule = (patch: Partial<RetroAutomationRule> = {}): RetroAutomationRule => ({
  id: 'r1',
  team: { id: 'team1', name: 'Platform' },
  trigger: 'SPRINT_END',
  every_weeks: 2,
  anchor_at: null,
  template: { id: 'builtin:4ls', name: '4Ls', archived: false },
  health_check: null,
  facilitator: null,
  anonymous: true,
  max_votes: 5,
  max_votes_per_group: 3,
  reflect_hours: null,
  vote_hours: null,
  paused: false,
  next_run_at: '2027-01-15T00:00:00.000Z',
  retros: [],
  ...patch,
});

function stubAutomation(rules: RetroAutomationRule[], me = meAs('ADMIN', { id: 'ada' }), over: OperationHandlers = {}) {
  return stubGraphql(
    {
      Teams: () => ({ data: { teams: TEAMS } }),
      RetroAutomationRules: () => ({ data: { retroAutomationRules: rules } }),
      RetroAutomationChoices: () => ({
        data: {
          retroTemplates: [
            { id: 'builtin:4ls', name: '4Ls', archived: false },
            { id: 'old', name: 'Old one', archived: true },
            { id: 'builtin:sailboat', name: 'Sailboat', archived: false },
          ],
          retroHealthChecks: [{ id: 'builtin:quick-pulse', name: 'Quick pulse', archived: false }],
        },
      }),
      CreateRetroAutomationRule: ({ input }) => {
        const created = rule({
          id: `r${rules.length + 1}`,
          trigger: input.trigger,
          every_weeks: input.every_weeks ?? 2,
          anchor_at: input.anchor_at ?? null,
          reflect_hours: input.reflect_hours ?? null,
          vote_hours: input.vote_hours ?? null,
          next_run_at: input.anchor_at ?? null,
        });
        rules.push(created);
        return { data: { createRetroAutomationRule: created } };
      },
      PauseRetroAutomationRule: ({ id }) => {
        const r = rules.find((x) => x.id === id)!;
        r.paused = true;
        r.next_run_at = null;
        return { data: { pauseRetroAutomationRule: r } };
      },
      DeleteRetroAutomationRule: ({ id }) => {
        rules.splice(
          rules.findIndex((x) => x.id === id),
          1,
        );
        return { data: { deleteRetroAutomationRule: true } };
      },
      ...over,
    },
    { me },
  );
}

it("creates a cadence rule: the form says what is wrong next to the fields, then sends the rule in the API's terms", async () => {
  const { calls } = stubAutomation([]);
  await renderSignedIn(PATH);
  expect(await screen.findByText('No retro rules yet', undefined, T)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'New rule' }));
  const form = await screen.findByRole('form', { name: 'New retro rule' });
  // Archived templates are not offered.
  expect(
    within(form)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).not.toContain('Old one');

  fireEvent.click(within(form).getByRole('radio', { name: 'On a cadence' }));
  fireEvent.change(within(form).getByLabelText('Every (weeks)'), { target: { value: '13' } });
  fireEvent.click(within(form).getByRole('checkbox', { name: /Reflect and vote without a meeting/ }));
  fireEvent.change(within(form).getByLabelText('Hours to vote'), { target: { value: '400' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Create rule' }));
  expect(await within(form).findByText('Every: at most 12 weeks.')).toBeTruthy();
  expect(within(form).getByText('Vote hours: at most 336 hours (two weeks).')).toBeTruthy();
  expect(calls.some((c) => c.operationName === 'CreateRetroAutomationRule')).toBe(false);

  fireEvent.change(within(form).getByLabelText('Every (weeks)'), { target: { value: '2' } });
  fireEvent.change(within(form).getByLabelText('Hours to vote'), { target: { value: '24' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Create rule' }));
  expect(await within(form).findByText('Choose the date and time of the first retro.')).toBeTruthy();

  fireEvent.change(within(form).getByLabelText('First retro on'), { target: { value: '2027-01-11' } });
  fireEvent.change(within(form).getByLabelText('At (your time)'), { target: { value: '10:00' } });
  fireEvent.change(within(form).getByLabelText('Health check'), { target: { value: 'builtin:quick-pulse' } });
  fireEvent.change(within(form).getByLabelText('Facilitator'), { target: { value: 'ann' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Create rule' }));
  const list = await screen.findByRole('list', { name: 'Rules of Platform' }, T);
  expect(within(list).getByRole('heading', { name: /Every 2 weeks on Monday 10:00/ })).toBeTruthy();
  const sent = calls.find((c) => c.operationName === 'CreateRetroAutomationRule')!.variables.input;
  expect(sent).toEqual({
    team_id: 'team1',
    trigger: 'CADENCE',
    every_weeks: 2,
    anchor_at: '2027-01-11T10:00:00.000Z',
    template_id: 'builtin:4ls',
    health_check_id: 'builtin:quick-pulse',
    facilitator_id: 'ann',
    anonymous: true,
    max_votes: 5,
    max_votes_per_group: 3,
    reflect_hours: 48,
    vote_hours: 24,
  });
  await waitFor(() => expect(screen.queryByRole('form', { name: 'New retro rule' })).toBeNull());
});

it('lists rules per team in words, with the next retro and links to the retros made; pauses, and deletes after asking', async () => {
  const rules = [
    rule({ retros: [{ id: 'retro-9', title: 'Platform retro: Sprint 9', phase: 'SCHEDULED', scheduled_at: '2027-01-15T00:10:00.000Z' }] }),
    rule({
      id: 'r2',
      team: { id: 'team2', name: 'Mobile' },
      trigger: 'CADENCE',
      every_weeks: 1,
      anchor_at: '2027-01-13T14:30:00.000Z',
      next_run_at: '2027-01-20T14:30:00.000Z',
      reflect_hours: 24,
      vote_hours: 12,
      anonymous: false,
    }),
  ];
  const { calls } = stubAutomation(rules);
  await renderSignedIn(PATH);
  const platform = await screen.findByRole('list', { name: 'Rules of Platform' }, T);
  expect(within(platform).getByRole('heading', { name: /After every sprint of Platform/ })).toBeTruthy();
  expect(within(platform).getByText('Fri, Jan 15, 2027, 00:00')).toBeTruthy();
  const link = within(platform).getByRole('link', { name: 'Platform retro: Sprint 9' });
  expect(link.getAttribute('href')).toBe('/professional-development/sprint-retro/review/retro-9');
  const mobile = screen.getByRole('list', { name: 'Rules of Mobile' });
  expect(within(mobile).getByRole('heading', { name: /Every week on Wednesday 14:30/ })).toBeTruthy();
  expect(within(mobile).getByText('Async: 24 h to reflect, then 12 h to vote')).toBeTruthy();
  expect(within(mobile).getByText('Signed')).toBeTruthy();
  expect(within(mobile).getByText('None yet.')).toBeTruthy();

  fireEvent.click(within(platform).getByRole('button', { name: 'Pause: After every sprint of Platform' }));
  expect(await within(platform).findByRole('button', { name: 'Resume: After every sprint of Platform' }, T)).toBeTruthy();
  expect(calls.find((c) => c.operationName === 'PauseRetroAutomationRule')!.variables).toEqual({ id: 'r1' });

  fireEvent.click(within(mobile).getByRole('button', { name: 'Delete: Every week on Wednesday 14:30' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(within(dialog).getByText(/no more retros will be made by it\. Retros it already made stay\./)).toBeTruthy();
  expect(calls.some((c) => c.operationName === 'DeleteRetroAutomationRule')).toBe(false);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete rule' }));
  await waitFor(() => expect(screen.queryByRole('list', { name: 'Rules of Mobile' })).toBeNull(), T);
  expect(calls.find((c) => c.operationName === 'DeleteRetroAutomationRule')!.variables).toEqual({ id: 'r2' });
});

it("a team's manager picks among their own teams, facilitators among the chosen team; the server's refusal shows at the field", async () => {
  const rules: RetroAutomationRule[] = [];
  stubAutomation(rules, meAs('MANAGER', { id: 'mgr' }), {
    CreateRetroAutomationRule: () =>
      refusal('facilitator_id: The facilitator must be a member, the manager or the lead of the team, or an admin.', 'BAD_USER_INPUT', {
        facilitator_id: 'The facilitator must be a member, the manager or the lead of the team, or an admin.',
      }),
  });
  await renderSignedIn(PATH);
  fireEvent.click(await screen.findByRole('button', { name: 'New rule' }, T));
  const form = await screen.findByRole('form', { name: 'New retro rule' });
  expect(
    within(within(form).getByLabelText('Team'))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Platform']);
  expect(
    within(within(form).getByLabelText('Facilitator'))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['The team’s manager or lead', 'Ann Member', 'Linus Lead', 'Margaret Hamilton']);
  fireEvent.change(within(form).getByLabelText('Facilitator'), { target: { value: 'ann' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Create rule' }));
  expect(await within(form).findByText('The facilitator must be a member, the manager or the lead of the team, or an admin.', undefined, T)).toBeTruthy();
  expect(within(form).getByLabelText('Facilitator').getAttribute('aria-invalid')).toBe('true');
});

it('people who lead no team are told why; the refused rules break nothing', async () => {
  stubAutomation([], meAs('MEMBER', { id: 'ann' }), {
    RetroAutomationRules: () => refusal('Only managers and admins can do this.', 'FORBIDDEN'),
    RetroAutomationChoices: () => refusal('Only managers and admins can do this.', 'FORBIDDEN'),
  });
  await renderSignedIn(PATH);
  expect(await screen.findByText(/Only a team’s manager or lead, or an admin, can automate its retros/, undefined, T)).toBeTruthy();
  expect(screen.queryByText('This page could not be shown')).toBeNull();
});

it('asks for the rules and the teams in the same request as the viewer: one round trip before the page is drawn', async () => {
  const { calls } = stubAutomation([], meAs('ADMIN', { id: 'ada' }));
  await renderSignedIn(PATH);
  await screen.findByRole('heading', { name: /automation/i }, T);
  for (const name of ['Teams', 'RetroAutomationRules', 'RetroAutomationChoices']) expect(requestOf(calls, name), name).toBe(requestOf(calls, 'Me'));
});

it('a list that cannot be loaded says so and offers to try again', async () => {
  stubAutomation([], meAs('ADMIN'), { RetroAutomationRules: () => refusal('Database is busy.', 'INTERNAL_SERVER_ERROR') });
  await renderSignedIn(PATH);
  expect(await screen.findByText('This page could not be shown', undefined, T)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
});

it('edits a rule from its own values and sends the changes for that rule', async () => {
  const rules = [
    rule({
      trigger: 'CADENCE',
      every_weeks: 3,
      anchor_at: '2027-01-13T14:30:00.000Z',
      facilitator: { id: 'lead', full_name: 'Linus Lead' },
      reflect_hours: 12,
      vote_hours: 6,
      anonymous: false,
      max_votes: 4,
      max_votes_per_group: 2,
    }),
  ];
  const { calls } = stubAutomation(rules, meAs('ADMIN', { id: 'ada' }), {
    UpdateRetroAutomationRule: ({ id, input }) => ({
      data: {
        updateRetroAutomationRule: {
          ...rules[0]!,
          id,
          trigger: input.trigger,
          every_weeks: input.every_weeks ?? 2,
          anchor_at: input.anchor_at ?? null,
          anonymous: input.anonymous ?? true,
          max_votes: input.max_votes ?? 5,
          max_votes_per_group: input.max_votes_per_group ?? 3,
          reflect_hours: input.reflect_hours ?? null,
          vote_hours: input.vote_hours ?? null,
          facilitator: null,
          health_check: null,
        },
      },
    }),
  });
  await renderSignedIn(PATH);
  const list = await screen.findByRole('list', { name: 'Rules of Platform' }, T);
  fireEvent.click(within(list).getByRole('button', { name: 'Edit: Every 3 weeks on Wednesday 14:30' }));
  const form = await screen.findByRole('form', { name: 'Edit retro rule' });
  expect((within(form).getByLabelText('First retro on') as HTMLInputElement).value).toBe('2027-01-13');
  expect((within(form).getByLabelText('At (your time)') as HTMLInputElement).value).toBe('14:30');
  expect((within(form).getByLabelText('Facilitator') as HTMLSelectElement).value).toBe('lead');
  expect((within(form).getByLabelText('Hours to reflect') as HTMLInputElement).value).toBe('12');
  expect((within(form).getByRole('checkbox', { name: 'Anonymous reflections' }) as HTMLInputElement).checked).toBe(false);
  // Back to a live meeting after every sprint.
  fireEvent.click(within(form).getByRole('radio', { name: 'After every sprint of the team' }));
  fireEvent.click(within(form).getByRole('checkbox', { name: /Reflect and vote without a meeting/ }));
  fireEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
  await waitFor(() => expect(calls.some((c) => c.operationName === 'UpdateRetroAutomationRule')).toBe(true), T);
  expect(calls.find((c) => c.operationName === 'UpdateRetroAutomationRule')!.variables).toEqual({
    id: 'r1',
    input: {
      team_id: 'team1',
      trigger: 'SPRINT_END',
      every_weeks: 2,
      anchor_at: null,
      template_id: 'builtin:4ls',
      health_check_id: null,
      facilitator_id: 'lead',
      anonymous: false,
      max_votes: 4,
      max_votes_per_group: 2,
      reflect_hours: null,
      vote_hours: null,
    },
  });
});
