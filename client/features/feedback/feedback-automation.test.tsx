// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { meAs, refusal, requestOf, stubGraphql, type OperationHandlers } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { FeedbackAutomationRule } from './feedback.types.js';

// Times on this screen are the viewer's own: the tests read them in UTC.
beforeAll(() => {
  process.env.TZ = 'UTC';
});
cleanUpBetweenTests();
const T = { timeout: 5000 };
const PATH = '/continuous-feedback/automation';

const person = (id: string, full_name: string) => ({ id, full_name, email: `${id}@example.com`, role: null });
const TEAMS = [
  {
    id: 'team1',
    name: 'Platform',
    status: 'ACTIVE',
    manager: person('mgr', 'Margaret Hamilton'),
    team_lead: null,
    users: [person('ann', 'Ann Member')],
    aggregations: { count_users: 1 },
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
const TEMPLATES = [
  { id: 'builtin:general', name: 'General', archived: false },
  { id: 'old', name: 'Old one', archived: true },
  { id: 'builtin:after-sprint', name: 'After a sprint', archived: false },
];

const rule = (patch: Partial<FeedbackAutomationRule> = {}): FeedbackAutomationRule => ({
  id: 'r1',
  team: { id: 'team1', name: 'Platform' },
  trigger: 'SPRINT_END',
  days_after_start: null,
  template: { id: 'builtin:after-sprint', name: 'After a sprint' },
  responders: 'TEAMMATES',
  responder_count: 3,
  paused: false,
  last_run_at: '2027-01-01T09:00:00.000Z',
  next_run_at: null,
  requests_created: 12,
  ...patch,
});

function stubAutomation(rules: FeedbackAutomationRule[], me = meAs('ADMIN', { id: 'ada' }), over: OperationHandlers = {}) {
  return stubGraphql(
    {
      Teams: () => ({ data: { teams: TEAMS } }),
      FeedbackAutomationRules: () => ({ data: { feedbackAutomationRules: rules } }),
      FeedbackAutomationTemplates: () => ({ data: { feedbackTemplates: TEMPLATES } }),
      CreateFeedbackAutomationRule: ({ input }) => {
        const team = TEAMS.find((t) => t.id === input.team_id);
        const created = rule({
          id: `r${rules.length + 1}`,
          team: team ? { id: team.id, name: team.name } : null,
          trigger: input.trigger,
          days_after_start: input.days_after_start ?? null,
          template: TEMPLATES.find((t) => t.id === input.template_id)!,
          responders: input.responders ?? 'TEAMMATES',
          responder_count: input.responder_count ?? 3,
          last_run_at: null,
          requests_created: 0,
        });
        rules.push(created);
        return { data: { createFeedbackAutomationRule: created } };
      },
      PauseFeedbackAutomationRule: ({ id }) => {
        const r = rules.find((x) => x.id === id)!;
        r.paused = true;
        return { data: { pauseFeedbackAutomationRule: r } };
      },
      ResumeFeedbackAutomationRule: ({ id }) => {
        const r = rules.find((x) => x.id === id)!;
        r.paused = false;
        return { data: { resumeFeedbackAutomationRule: r } };
      },
      DeleteFeedbackAutomationRule: ({ id }) => {
        rules.splice(
          rules.findIndex((x) => x.id === id),
          1,
        );
        return { data: { deleteFeedbackAutomationRule: true } };
      },
      ...over,
    },
    { me },
  );
}

it("an admin creates a rule for the whole organization: the shared schema's errors show at the fields, then the rule is sent in the API's terms", async () => {
  const rules: FeedbackAutomationRule[] = [];
  const { calls } = stubAutomation(rules);
  await renderSignedIn(PATH);
  expect(await screen.findByText('No feedback rules yet', undefined, T)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'New rule' }));
  const form = await screen.findByRole('form', { name: 'New feedback rule' });
  expect(
    within(within(form).getByLabelText('For'))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['The whole organization', 'Mobile', 'Platform']);
  // Archived templates are not offered.
  expect(
    within(within(form).getByLabelText('Template'))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['General', 'After a sprint']);

  fireEvent.click(within(form).getByRole('radio', { name: 'A number of days after a person’s start date' }));
  fireEvent.change(within(form).getByLabelText('Days after the start date'), { target: { value: '' } });
  fireEvent.change(within(form).getByLabelText('Teammates to ask'), { target: { value: '11' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Create rule' }));
  expect(await within(form).findByText('Say how many days after the start date.')).toBeTruthy();
  expect(within(form).getByText('Ask at most 10 people.')).toBeTruthy();
  expect(within(form).getByLabelText('Teammates to ask').getAttribute('aria-invalid')).toBe('true');
  expect(calls.some((c) => c.operationName === 'CreateFeedbackAutomationRule')).toBe(false);

  fireEvent.change(within(form).getByLabelText('Days after the start date'), { target: { value: '30' } });
  fireEvent.change(within(form).getByLabelText('Who is asked'), { target: { value: 'BOTH' } });
  fireEvent.change(within(form).getByLabelText('Teammates to ask'), { target: { value: '2' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Create rule' }));
  const list = await screen.findByRole('list', { name: 'Feedback rules' }, T);
  expect(calls.find((c) => c.operationName === 'CreateFeedbackAutomationRule')!.variables.input).toEqual({
    team_id: null,
    trigger: 'START_DATE',
    days_after_start: 30,
    template_id: 'builtin:general',
    responders: 'BOTH',
    responder_count: 2,
  });
  const card = within(list)
    .getByRole('heading', { name: /30 days after each start date in the whole organization/ })
    .closest('li')!;
  expect(within(card).getByText('Their manager and 2 teammates')).toBeTruthy();
  expect(within(card).getByText('The whole organization')).toBeTruthy();
  expect(within(card).getByText('Not yet')).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('form', { name: 'New feedback rule' })).toBeNull());
});

it('lists each rule in words with who is asked, last and next run and requests created; pauses, resumes, and deletes after asking', async () => {
  const rules = [
    rule(),
    rule({
      id: 'r2',
      team: { id: 'team2', name: 'Mobile' },
      trigger: 'MONTHLY',
      template: null,
      responders: 'MANAGER',
      responder_count: 1,
      last_run_at: null,
      next_run_at: '2027-02-01T09:00:00.000Z',
      requests_created: 0,
    }),
  ];
  const { calls } = stubAutomation(rules);
  await renderSignedIn(PATH);
  const list = await screen.findByRole('list', { name: 'Feedback rules' }, T);
  const sprint = within(list)
    .getByRole('heading', { name: /After each sprint end of Platform/ })
    .closest('li')!;
  expect([...sprint.querySelectorAll('dl > div')].map((d) => d.textContent)).toEqual([
    'ForPlatform',
    'TemplateAfter a sprint',
    'Who is asked3 teammates',
    'Last runFri, Jan 1, 2027, 09:00',
    'Next runWhen the next sprint ends',
    'Requests created12',
  ]);
  const monthly = within(list)
    .getByRole('heading', { name: /Monthly for Mobile/ })
    .closest('li')!;
  expect(within(monthly).getByText('Their manager')).toBeTruthy();
  expect(within(monthly).getByText('Mon, Feb 1, 2027, 09:00')).toBeTruthy();
  expect(within(monthly).getByText(/Deleted template/)).toBeTruthy();

  fireEvent.click(within(sprint).getByRole('button', { name: 'Pause: After each sprint end of Platform' }));
  expect(await within(list).findByRole('button', { name: 'Resume: After each sprint end of Platform' }, T)).toBeTruthy();
  expect(within(within(list).getByRole('heading', { name: /After each sprint end of Platform/ })).getByText('Paused')).toBeTruthy();
  expect(calls.find((c) => c.operationName === 'PauseFeedbackAutomationRule')!.variables).toEqual({ id: 'r1' });
  fireEvent.click(within(list).getByRole('button', { name: 'Resume: After each sprint end of Platform' }));
  expect(await within(list).findByRole('button', { name: 'Pause: After each sprint end of Platform' }, T)).toBeTruthy();
  expect(calls.find((c) => c.operationName === 'ResumeFeedbackAutomationRule')!.variables).toEqual({ id: 'r1' });

  fireEvent.click(within(monthly).getByRole('button', { name: 'Delete: Monthly for Mobile' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(within(dialog).getByText(/no more requests will be sent by it/)).toBeTruthy();
  expect(calls.some((c) => c.operationName === 'DeleteFeedbackAutomationRule')).toBe(false);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete rule' }));
  await waitFor(() => expect(within(list).queryByRole('heading', { name: /Monthly for Mobile/ })).toBeNull(), T);
  expect(calls.find((c) => c.operationName === 'DeleteFeedbackAutomationRule')!.variables).toEqual({ id: 'r2' });
});

it("a manager edits a rule of their team from its own values; the server's refusal shows at the field", async () => {
  const rules = [rule({ trigger: 'START_DATE', days_after_start: 45, responders: 'BOTH', responder_count: 4 })];
  const { calls } = stubAutomation(rules, meAs('MANAGER', { id: 'mgr' }), {
    UpdateFeedbackAutomationRule: () =>
      refusal('template_id: Choose a template of your organization.', 'BAD_USER_INPUT', { template_id: 'Choose a template of your organization.' }),
  });
  await renderSignedIn(PATH);
  const list = await screen.findByRole('list', { name: 'Feedback rules' }, T);
  fireEvent.click(within(list).getByRole('button', { name: 'Edit: 45 days after each start date in Platform' }));
  const form = await screen.findByRole('form', { name: 'Edit feedback rule' });
  // A manager's own teams only, and no whole-organization rule.
  expect(
    within(within(form).getByLabelText('For'))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Platform']);
  expect((within(form).getByLabelText('Days after the start date') as HTMLInputElement).value).toBe('45');
  expect((within(form).getByLabelText('Who is asked') as HTMLSelectElement).value).toBe('BOTH');
  expect((within(form).getByLabelText('Teammates to ask') as HTMLInputElement).value).toBe('4');
  expect((within(form).getByLabelText('Template') as HTMLSelectElement).value).toBe('builtin:after-sprint');

  fireEvent.click(within(form).getByRole('radio', { name: 'Monthly' }));
  fireEvent.change(within(form).getByLabelText('Who is asked'), { target: { value: 'MANAGER' } });
  expect(within(form).queryByLabelText('Teammates to ask')).toBeNull();
  fireEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
  expect(await within(form).findByText('Choose a template of your organization.', undefined, T)).toBeTruthy();
  expect(within(form).getByLabelText('Template').getAttribute('aria-invalid')).toBe('true');
  expect(calls.find((c) => c.operationName === 'UpdateFeedbackAutomationRule')!.variables).toEqual({
    id: 'r1',
    input: {
      team_id: 'team1',
      trigger: 'MONTHLY',
      days_after_start: null,
      template_id: 'builtin:after-sprint',
      responders: 'MANAGER',
      responder_count: 1,
    },
  });
});

it('members are told only managers and admins automate requests; the refused rules break nothing', async () => {
  stubAutomation([], meAs('MEMBER', { id: 'ann' }), {
    FeedbackAutomationRules: () => refusal('Only managers and admins can do this.', 'FORBIDDEN'),
    FeedbackAutomationTemplates: () => refusal('Only managers and admins can do this.', 'FORBIDDEN'),
  });
  await renderSignedIn(PATH);
  expect(await screen.findByText(/Only managers and admins can automate feedback requests/, undefined, T)).toBeTruthy();
  expect(screen.queryByText('This page could not be shown')).toBeNull();
});

it('asks for the rules in the same request as the viewer: one round trip before the page is drawn', async () => {
  const { calls } = stubAutomation([rule({ id: 'r1' })], meAs('MANAGER', { id: 'mia' }));
  await renderSignedIn(PATH);
  await screen.findByRole('heading', { name: /automation/i }, T);
  expect(requestOf(calls, 'FeedbackAutomationRules')).toBe(requestOf(calls, 'Me'));
  expect(requestOf(calls, 'FeedbackAutomationTemplates')).toBe(requestOf(calls, 'Me'));
});
