// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, refusal, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { GoalSummary, GoalTreeNode } from './goal.types.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };

function node(id: string, patch: Partial<GoalTreeNode>): GoalTreeNode {
  return {
    id,
    parent_id: null,
    title: id,
    owner_kind: 'PERSON',
    owner_name: 'Ada Lovelace',
    owner_id: 'ada',
    status: 'ON_TRACK',
    progress: 40,
    band: { percent: 40, band: 'behind' },
    due_date: null,
    child_count: 0,
    depth: 0,
    ...patch,
  };
}
const TOP = [
  node('C1', { title: 'Grow revenue', owner_kind: 'COMPANY', owner_name: 'Acme', owner_id: null, child_count: 2, progress: 55 }),
  node('C2', { title: 'Keep customers', owner_kind: 'COMPANY', owner_name: 'Acme', owner_id: null }),
  node('T1', { title: 'Platform', owner_kind: 'TEAM', owner_name: 'Core', parent_id: 'C1', depth: 1, child_count: 2, status: 'AT_RISK' }),
  node('T2', { title: 'Hiring', owner_kind: 'TEAM', owner_name: 'Core', parent_id: 'C1', depth: 1 }),
];
const UNDER_T1 = [
  node('P1', { title: 'Test coverage', parent_id: 'T1', progress: 100, band: { percent: 100, band: 'complete' } }),
  node('P2', { title: 'Faster builds', parent_id: 'T1', owner_name: 'Grace Hopper' }),
];

function stubTree(under: (root: string) => ReturnType<typeof refusal> | { data: { goalTree: GoalTreeNode[] } }) {
  return stubGraphql(
    {
      GoalTree: (v) => (v.root_id ? under(v.root_id) : { data: { goalTree: TOP } }),
      Goal: () => refusal('Goal not found.', 'NOT_FOUND'),
    },
    { me: meAs('MEMBER', { id: 'ada' }) },
  );
}

const focused = () => document.activeElement as HTMLElement;
const press = (key: string) =>
  act(() => {
    fireEvent.keyDown(focused(), { key });
  });
const titleOf = (el: Element) => el.querySelector('.goal-tree-title')?.textContent;
const visibleTitles = (tree: HTMLElement) => within(tree).getAllByRole('treeitem').map(titleOf);

it('moves through the tree with the keyboard, opens a node by loading its children once, and opens a goal with Enter', async () => {
  const { calls } = stubTree((root) => ({ data: { goalTree: root === 'T1' ? UNDER_T1 : [] } }));
  const { router } = await renderSignedIn('/goals/team-goals?view=tree');
  const tree = await screen.findByRole('tree', { name: 'Goal alignment tree' }, T);

  // Only the roots at first; one item in the Tab order.
  expect(visibleTitles(tree)).toEqual(['Grow revenue', 'Keep customers']);
  const [c1, c2] = within(tree).getAllByRole('treeitem');
  expect(c1!.getAttribute('aria-expanded')).toBe('false');
  expect([c1!.getAttribute('aria-level'), c1!.getAttribute('aria-posinset'), c1!.getAttribute('aria-setsize')]).toEqual(['1', '1', '2']);
  expect(c2!.hasAttribute('aria-expanded')).toBe(false);
  expect([c1!.tabIndex, c2!.tabIndex]).toEqual([0, -1]);
  expect(c1!.textContent).toContain('Company · Acme');
  expect(within(c1!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('55');

  act(() => c1!.focus());
  press('ArrowDown');
  expect(titleOf(focused())).toBe('Keep customers');
  expect([c1!.tabIndex, c2!.tabIndex]).toEqual([-1, 0]);
  press('ArrowUp');
  expect(titleOf(focused())).toBe('Grow revenue');

  // The roots' children came with the first answer: opening C1 asks for nothing.
  press('ArrowRight');
  expect(visibleTitles(tree)).toEqual(['Grow revenue', 'Platform', 'Hiring', 'Keep customers']);
  expect(c1!.getAttribute('aria-expanded')).toBe('true');
  press('ArrowRight');
  expect(titleOf(focused())).toBe('Platform');
  expect(focused().getAttribute('aria-level')).toBe('2');

  // T1's children are not loaded yet: Right loads them (once), then Right goes to the first child.
  press('ArrowRight');
  await within(tree).findByText('Test coverage', {}, T);
  expect(calls.filter((c) => c.operationName === 'GoalTree').map((c) => c.variables.root_id ?? null)).toEqual([null, 'T1']);
  expect(visibleTitles(tree)).toEqual(['Grow revenue', 'Platform', 'Test coverage', 'Faster builds', 'Hiring', 'Keep customers']);
  expect(screen.getByText('2 goals aligned under Platform.')).toBeTruthy();
  press('ArrowRight');
  expect(titleOf(focused())).toBe('Test coverage');
  expect(focused().getAttribute('aria-level')).toBe('3');
  expect(focused().hasAttribute('aria-expanded')).toBe(false);

  press('End');
  expect(titleOf(focused())).toBe('Keep customers');
  press('Home');
  expect(titleOf(focused())).toBe('Grow revenue');
  press('ArrowDown');
  press('ArrowDown');
  expect(titleOf(focused())).toBe('Test coverage');

  // Left on a leaf goes to the parent; Left again closes it; Right opens it again from what was loaded.
  press('ArrowLeft');
  expect(titleOf(focused())).toBe('Platform');
  press('ArrowLeft');
  expect(focused().getAttribute('aria-expanded')).toBe('false');
  expect(visibleTitles(tree)).toEqual(['Grow revenue', 'Platform', 'Hiring', 'Keep customers']);
  press('ArrowRight');
  expect(visibleTitles(tree)).toContain('Faster builds');
  expect(calls.filter((c) => c.operationName === 'GoalTree')).toHaveLength(2);

  // Each node links to its goal page; Enter opens it.
  expect(within(focused()).getAllByRole('link')[0]!.getAttribute('href')).toBe('/goals/my-goals/T1');
  press('Enter');
  await waitFor(() => expect(router.state.location.pathname).toBe('/goals/my-goals/T1'), T);
});

it('says so when the children of a node could not be loaded, and tries again on Right', async () => {
  let fail = true;
  const { calls } = stubTree(() => (fail ? refusal('Goal not found.', 'NOT_FOUND') : { data: { goalTree: UNDER_T1 } }));
  await renderSignedIn('/goals/team-goals?view=tree');
  const tree = await screen.findByRole('tree', { name: 'Goal alignment tree' }, T);
  act(() => within(tree).getAllByRole('treeitem')[0]!.focus());
  press('ArrowRight');
  press('ArrowRight');
  press('ArrowRight');
  await screen.findByText('The goals aligned under Platform could not be loaded. Press Right arrow to try again.', {}, T);
  expect(focused().getAttribute('aria-expanded')).toBe('false');
  expect(focused().textContent).toContain('could not load the aligned goals');

  const asked = () => calls.filter((c) => c.operationName === 'GoalTree' && c.variables.root_id === 'T1').length;
  expect(asked()).toBe(1);
  fail = false;
  press('ArrowRight');
  await within(tree).findByText('Faster builds', {}, T);
  expect(focused().getAttribute('aria-expanded')).toBe('true');
  expect(asked()).toBe(2);
});

function summary(id: string, patch: Partial<GoalSummary>): GoalSummary {
  return {
    id,
    title: id,
    kind: 'OBJECTIVE',
    owner_kind: 'PERSON',
    owner: { id: 'ada', full_name: 'Ada Lovelace' },
    team: null,
    parent: null,
    parent_hidden: false,
    competency_id: null,
    start_date: null,
    due_date: null,
    visibility: 'EVERYONE',
    status: 'ON_TRACK',
    progress: 40,
    band: { percent: 40, band: 'behind' },
    expected_progress: null,
    key_results: [],
    child_count: 0,
    last_check_in_at: null,
    can_edit: false,
    updated_at: '2026-11-20T10:00:00.000Z',
    ...patch,
  };
}

it("shows a team's goals with its members' goals grouped under the goal they align to, the unaligned ones, and the team's progress", async () => {
  const core = { id: 'core', name: 'Core' };
  const { calls } = stubGraphql(
    {
      GoalTeamNames: () => ({ data: { myGoalTeams: [core] } }),
      TeamGoals: () => ({
        data: {
          teamGoals: {
            team: core,
            progress: { percent: 47, band: 'behind' },
            goals: [
              summary('T1', { title: 'Platform', owner_kind: 'TEAM', owner: null, team: core, status: 'AT_RISK', progress: 47.5, due_date: '2026-12-31' }),
            ],
            member_goals: [summary('P1', { title: 'Test coverage', parent: { id: 'T1', title: 'Platform' }, progress: 80 })],
            unaligned_member_goals: [summary('P4', { title: 'Learn Rust', owner: { id: 'grace', full_name: 'Grace Hopper' } })],
          },
        },
      }),
    },
    { me: meAs('MEMBER', { id: 'ada' }) },
  );
  await renderSignedIn('/goals/team-goals');
  const goals = await screen.findByRole('list', { name: 'Goals of Core' }, T);
  expect(calls.find((c) => c.operationName === 'TeamGoals')?.variables).toEqual({ team_id: 'core' });
  expect(screen.getByRole('progressbar', { name: 'Core progress: 47%' })).toBeTruthy();
  const [t1] = within(goals)
    .getAllByRole('listitem')
    .filter((li) => li.parentElement === goals);
  expect(within(t1!).getByRole('link', { name: 'Platform' }).getAttribute('href')).toBe('/goals/my-goals/T1');
  expect(t1!.textContent).toContain('At risk');
  const aligned = within(t1!).getByRole('list', { name: 'Member goals aligned to Platform' });
  expect(aligned.textContent).toContain('Ada Lovelace: Test coverage');
  expect(screen.getByRole('list', { name: 'Member goals not aligned' }).textContent).toContain('Grace Hopper: Learn Rust');
  // The tree is a view of the same page.
  expect(screen.getByRole('link', { name: 'Alignment tree' }).getAttribute('href')).toBe('/goals/team-goals?view=tree');
});
