// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, refusal, requestOf, stubGraphql, type OperationHandlers } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { GoalSummary } from '../goals/goal.types.js';
import type { DevelopmentPlanView } from './development.api.js';
import type { DevelopmentAction, DevelopmentPersonProgress, DevelopmentTeamProgress } from './growth.types.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };

const ada = { id: 'user-1', full_name: 'Ada Lovelace' };
const competencies = [
  { id: 'c1', name: 'Code review' },
  { id: 'c2', name: 'System design' },
];
const growthGoal: GoalSummary & { competency: { id: string; name: string } | null } = {
  id: 'g1',
  title: 'Lead three design reviews',
  kind: 'GROWTH',
  owner_kind: 'PERSON',
  owner: ada,
  team: null,
  parent: null,
  parent_hidden: false,
  competency_id: 'c2',
  start_date: null,
  due_date: '2099-06-30',
  visibility: 'EVERYONE',
  status: 'ON_TRACK',
  progress: 50,
  band: { percent: 50, band: 'behind' },
  expected_progress: null,
  key_results: [],
  child_count: 0,
  last_check_in_at: null,
  can_edit: true,
  updated_at: '2026-11-20T09:00:00.000Z',
  competency: competencies[1]!,
};

/** The server's arithmetic (shared/growth.ts developmentPlanProgress) on the stub's state. */
function progressOf(goals: Array<{ progress: number }>, actions: DevelopmentAction[]) {
  const items = [...goals.map((g) => g.progress), ...actions.map((a) => (a.done ? 100 : 0))];
  if (!items.length) return null;
  const percent = Math.floor(items.reduce((a, b) => a + b, 0) / items.length);
  return { percent, band: percent >= 100 ? 'complete' : percent >= 80 ? 'almost' : 'behind' };
}

function planServer(initial: DevelopmentAction[] = []): OperationHandlers {
  const actions = [...initial];
  const plan = (): DevelopmentPlanView => ({
    user: ada,
    mentor: null,
    focus: 'Grow as a reviewer',
    updated_at: '2026-11-20T09:00:00.000Z',
    can_edit: true,
    placement: {
      user: ada,
      track: { id: 't1', name: 'Engineering IC', competencies },
      level: { id: 'l2', name: 'Engineer II', position: 1 },
      placed_by: null,
      placed_at: '2026-01-01T00:00:00.000Z',
    },
    growth_goals: [growthGoal],
    actions: [...actions].sort((a, b) => Number(a.done) - Number(b.done)),
    progress: progressOf([growthGoal], actions),
  });
  return {
    DevelopmentPlan: (v) =>
      v.user_id === 'user-1'
        ? { data: { developmentPlan: plan() } }
        : refusal('Only the person, their managers, their mentor and admins can see a development plan.', 'FORBIDDEN'),
    AddDevelopmentAction: (v) => {
      const competency = competencies.find((c) => c.id === v.input.competency_id) ?? null;
      const action: DevelopmentAction = {
        id: `a${actions.length + 1}`,
        title: v.input.title,
        due_date: v.input.due_date ?? null,
        competency,
        goal_id: v.input.goal_id ?? null,
        done: false,
        done_at: null,
        created_at: '2026-11-26T09:00:00.000Z',
      };
      actions.push(action);
      return { data: { addDevelopmentAction: action } };
    },
    SetDevelopmentActionDone: (v) => {
      const action = actions.find((a) => a.id === v.id)!;
      Object.assign(action, { done: v.done, done_at: v.done ? '2026-11-26T10:00:00.000Z' : null });
      return { data: { setDevelopmentActionDone: action } };
    },
    DeleteDevelopmentAction: (v) => {
      actions.splice(
        actions.findIndex((a) => a.id === v.id),
        1,
      );
      return { data: { deleteDevelopmentAction: true } };
    },
  };
}

const planProgress = () => screen.getByRole('progressbar', { name: /^Plan progress/ });

it('adds an action with a due date, a competency and a growth goal, ticks it, and the plan’s progress follows', async () => {
  const overdue: DevelopmentAction = {
    id: 'a0',
    title: 'Read the RFC guide',
    due_date: '2020-01-01',
    competency: null,
    goal_id: null,
    done: false,
    done_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
  };
  const { calls } = stubGraphql(planServer([overdue]), { me: meAs('MEMBER') });
  await renderSignedIn('/professional-development');
  expect(await screen.findByRole('heading', { name: 'My development plan', level: 1 }, T)).toBeTruthy();
  // The plan is asked with the viewer (the viewer's id comes with the session): one round trip.
  expect(requestOf(calls, 'DevelopmentPlan')).toBe(requestOf(calls, 'Me'));
  // Placement, with the framework and the assessment a link away.
  expect(screen.getByText('Engineering IC')).toBeTruthy();
  expect(screen.getByText('Engineer II')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'See the competency framework' }).getAttribute('href')).toBe('/professional-development/framework');
  expect(screen.getByRole('link', { name: 'My assessment' }).getAttribute('href')).toBe('/profile/assesment');
  // The growth goal with its competency; the overdue action says so in words.
  const goals = screen.getByRole('list', { name: 'Growth goals' });
  expect(within(goals).getByRole('link', { name: 'Lead three design reviews' })).toBeTruthy();
  expect(within(goals).getByText(/Develops System design/)).toBeTruthy();
  expect(screen.getByText(/Due Jan 1, 2020 \(overdue\)/)).toBeTruthy();
  // Goal 50, one open action: 25 %.
  expect(planProgress().getAttribute('aria-valuenow')).toBe('25');

  const form = screen.getByRole('form', { name: 'Add an action' });
  fireEvent.click(within(form).getByRole('button', { name: 'Add action' }));
  expect(await within(form).findByText('Action is required.', {}, T)).toBeTruthy();
  expect(calls.some((c) => c.operationName === 'AddDevelopmentAction')).toBe(false);

  fireEvent.change(within(form).getByLabelText('Action'), { target: { value: 'Pair on two code reviews' } });
  fireEvent.change(within(form).getByLabelText('Due date (optional)'), { target: { value: '2099-02-01' } });
  fireEvent.change(within(form).getByLabelText('Competency (optional)'), { target: { value: 'c1' } });
  fireEvent.change(within(form).getByLabelText('Growth goal (optional)'), { target: { value: 'g1' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Add action' }));

  const actions = screen.getByRole('list', { name: 'Actions' });
  const added = await within(actions).findByRole('checkbox', { name: 'Pair on two code reviews' }, T);
  expect(calls.find((c) => c.operationName === 'AddDevelopmentAction')!.variables).toEqual({
    user_id: 'user-1',
    input: { title: 'Pair on two code reviews', due_date: '2099-02-01', competency_id: 'c1', goal_id: 'g1' },
  });
  expect(within(actions).getByText(/Due Feb 1, 2099 · Code review · For “Lead three design reviews”/)).toBeTruthy();
  expect((within(form).getByLabelText('Action') as HTMLInputElement).value).toBe('');
  // Goal 50 and two open actions: 50 / 3 = 16 %.
  await waitFor(() => expect(planProgress().getAttribute('aria-valuenow')).toBe('16'), T);

  fireEvent.click(added);
  await waitFor(() => expect((within(actions).getByRole('checkbox', { name: 'Pair on two code reviews' }) as HTMLInputElement).checked).toBe(true), T);
  expect(calls.find((c) => c.operationName === 'SetDevelopmentActionDone')!.variables).toEqual({ id: 'a2', done: true });
  // 50 + 0 + 100 over 3 = 50 %, with no "Behind" of its own (docs/decisions/0060); the live region says what happened.
  await waitFor(() => expect(planProgress().getAttribute('aria-valuetext')).toBe('50%'), T);
  expect(screen.queryByText(/Behind/)).toBeNull();
  expect(screen.getByText('Pair on two code reviews: done.')).toBeTruthy();
  expect(screen.getByText('1 open, 1 done')).toBeTruthy();
});

it('explains a refused plan', async () => {
  stubGraphql(planServer(), { me: meAs('MEMBER') });
  await renderSignedIn('/professional-development?user=someone-else');
  expect(await screen.findByRole('heading', { name: 'This development plan is not yours to see' }, T)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Go to my development plan' })).toBeTruthy();
});

const person = (id: string, name: string, patch: Partial<DevelopmentPersonProgress> = {}): DevelopmentPersonProgress => ({
  user: { id, full_name: name },
  placement: null,
  self_assessed_at: null,
  manager_assessed_at: null,
  plan_progress: null,
  growth_goals: 0,
  actions_open: 0,
  actions_overdue: 0,
  ...patch,
});
const TEAMS: DevelopmentTeamProgress[] = [
  {
    team: { id: 't1', name: 'Platform' },
    people: [
      person('ann', 'Ann Archer', {
        placement: {
          user: { id: 'ann', full_name: 'Ann Archer' },
          track: { id: 'tr', name: 'Engineering IC' },
          level: { id: 'l1', name: 'Engineer I', position: 0 },
          placed_by: null,
          placed_at: '2026-01-01T00:00:00.000Z',
        },
        self_assessed_at: '2026-03-05T10:00:00.000Z',
        plan_progress: { percent: 85, band: 'almost' },
        growth_goals: 2,
        actions_open: 3,
        actions_overdue: 1,
      }),
    ],
  },
  { team: null, people: [person('bob', 'Bob Baker')] },
];

it('team progress: one table per team with placement, assessments, plan progress, and a team filter', async () => {
  stubGraphql({ DevelopmentTeamProgress: () => ({ data: { developmentTeamProgress: TEAMS } }) }, { me: meAs('MANAGER') });
  await renderSignedIn('/professional-development/team-progress');
  expect(await screen.findByRole('heading', { name: 'Development team progress', level: 1 }, T)).toBeTruthy();
  const platform = screen.getByRole('region', { name: 'Platform: development progress' });
  const ann = within(platform).getAllByRole('row')[1]!;
  expect(within(ann).getByRole('link', { name: 'Ann Archer' }).getAttribute('href')).toBe('/professional-development?user=ann');
  expect(within(ann).getByRole('link', { name: 'Assessment of Ann Archer' }).getAttribute('href')).toBe('/profile/assesment?user=ann');
  expect(within(ann).getByText('Engineering IC, Engineer I')).toBeTruthy();
  expect(within(ann).getByText('Not yet')).toBeTruthy();
  expect(within(ann).getByRole('progressbar', { name: 'Plan progress of Ann Archer: 85%' })).toBeTruthy();
  expect(within(ann).getByText('1 overdue')).toBeTruthy();
  const bob = within(screen.getByRole('region', { name: 'No team: development progress' })).getAllByRole('row')[1]!;
  expect(within(bob).getByText('Not placed')).toBeTruthy();
  expect(within(bob).getAllByText('Not yet')).toHaveLength(2);
  expect(within(bob).getByText('Nothing to do')).toBeTruthy();

  fireEvent.change(screen.getByLabelText('Team'), { target: { value: 'none' } });
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Platform: development progress' })).toBeNull(), T);
  expect(screen.getByRole('region', { name: 'No team: development progress' })).toBeTruthy();
});

it('team progress tells a member it is for managers', async () => {
  stubGraphql({ DevelopmentTeamProgress: () => refusal('Only managers, team leads and admins can see team progress.', 'FORBIDDEN') }, { me: meAs('MEMBER') });
  await renderSignedIn('/professional-development/team-progress');
  expect(await screen.findByRole('heading', { name: 'Team progress is for managers' }, T)).toBeTruthy();
});

it('deleting an action asks first: Cancel keeps it, confirming removes it from the plan', async () => {
  const action: DevelopmentAction = {
    id: 'a0',
    title: 'Read the RFC guide',
    due_date: null,
    competency: null,
    goal_id: null,
    done: false,
    done_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
  };
  const { calls } = stubGraphql(planServer([action]), { me: meAs('MEMBER') });
  await renderSignedIn('/professional-development');
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Read the RFC guide' }, T));
  let dialog = within(await screen.findByRole('alertdialog', { name: 'Delete the action “Read the RFC guide”?' }, T));
  fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), T);
  expect(calls.filter((c) => c.operationName === 'DeleteDevelopmentAction')).toHaveLength(0);
  fireEvent.click(screen.getByRole('button', { name: 'Delete Read the RFC guide' }));
  dialog = within(await screen.findByRole('alertdialog', { name: 'Delete the action “Read the RFC guide”?' }, T));
  fireEvent.click(dialog.getByRole('button', { name: 'Delete action' }));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Read the RFC guide' })).toBeNull(), T);
  expect(calls.filter((c) => c.operationName === 'DeleteDevelopmentAction').map((c) => c.variables)).toEqual([{ id: 'a0' }]);
});
