// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { ChartPerson } from './api.js';
import { buildChart } from './org-chart.tree.js';
import { makeChart, makeProfile, stubProfileApi } from './profile.test-server.js';

async function renderChart(chart: ChartPerson[]) {
  stubProfileApi({ me: makeProfile(), chart });
  const { router } = await renderSignedIn('/profile/user-profile/organization-chart');
  return { router, tree: await screen.findByRole('tree', { name: 'Organization chart' }, { timeout: 5000 }) };
}

const item = (tree: HTMLElement, name: RegExp) => within(tree).getByRole('treeitem', { name });

cleanUpBetweenTests();

it('starts with the people without a manager and their reports; searching a name expands the path to it', async () => {
  const { tree } = await renderChart(makeChart(30));
  const ceo = item(tree, /^Ada Lovelace/);
  expect(ceo.getAttribute('aria-level')).toBe('1');
  expect(ceo.getAttribute('aria-expanded')).toBe('true');
  expect(item(tree, /^Barbara Liskov/).getAttribute('aria-expanded')).toBe('false');
  expect(within(tree).queryByRole('treeitem', { name: /^Zoë Quinn/ })).toBeNull();

  fireEvent.change(screen.getByLabelText('Find a person'), { target: { value: 'zoe' } });
  const zoe = item(tree, /^Zoë Quinn Software Engineer, matches the search$/);
  expect(zoe.getAttribute('aria-level')).toBe('4');
  expect(zoe.querySelector('mark')?.textContent).toBe('Zoë');
  expect(item(tree, /^Barbara Liskov/).getAttribute('aria-expanded')).toBe('true');
  expect(item(tree, /^Charles Babbage/).getAttribute('aria-expanded')).toBe('true');
  expect(screen.getByText('1 person matches.')).toBeTruthy();
  // Only the path is open: the other managers stay closed.
  expect(item(tree, /^Manager 0000/).getAttribute('aria-expanded')).toBe('false');
  expect(
    within(tree)
      .getByRole('link', { name: /Zoë Quinn/ })
      .getAttribute('href'),
  ).toBe('/profile/user-profile/zoe');

  fireEvent.change(screen.getByLabelText('Find a person'), { target: { value: 'nobody like this' } });
  expect(screen.getByText('Nobody is called “nobody like this”.')).toBeTruthy();
});

it('moves with the arrow keys and opens and closes branches with Right and Left', async () => {
  const { tree } = await renderChart(makeChart(2));
  const ceo = item(tree, /^Ada Lovelace/);
  expect(ceo.tabIndex).toBe(0);
  ceo.focus();
  fireEvent.keyDown(tree, { key: 'ArrowDown' });
  const vp = item(tree, /^Barbara Liskov/);
  expect(document.activeElement).toBe(vp);
  fireEvent.keyDown(tree, { key: 'ArrowRight' });
  expect(vp.getAttribute('aria-expanded')).toBe('true');
  fireEvent.keyDown(tree, { key: 'ArrowRight' });
  expect(document.activeElement).toBe(item(tree, /^Charles Babbage/));
  fireEvent.keyDown(tree, { key: 'ArrowLeft' });
  expect(document.activeElement).toBe(item(tree, /^Barbara Liskov/));
  fireEvent.keyDown(tree, { key: 'ArrowLeft' });
  expect(item(tree, /^Barbara Liskov/).getAttribute('aria-expanded')).toBe('false');
  expect(within(tree).queryByRole('treeitem', { name: /^Charles Babbage/ })).toBeNull();
});

it('keeps 5,000 people fast: few rows in the page, long sibling lists in pages of 100', async () => {
  const people: ChartPerson[] = [{ id: 'boss', full_name: 'The Boss', role: null, status: 'ACTIVE', manager: null, team: null, profile_picture: null }];
  for (let i = 0; i < 4999; i++)
    people.push({
      id: `p${i}`,
      full_name: `Person ${String(i).padStart(4, '0')}`,
      role: null,
      status: 'ACTIVE',
      manager: { id: i < 200 ? 'boss' : `p${i % 200}` },
      team: null,
      profile_picture: null,
    });
  const started = performance.now();
  const chart = buildChart(people);
  expect(performance.now() - started).toBeLessThan(500);
  expect(chart.roots).toEqual(['boss']);

  const { tree } = await renderChart(people);
  const rows = within(tree).getAllByRole('treeitem');
  expect(rows.length).toBe(102); // the boss, 100 reports, "show more"
  fireEvent.click(within(tree).getByRole('treeitem', { name: /^Show 100 more/ }));
  expect(within(tree).getAllByRole('treeitem').length).toBe(201);

  fireEvent.change(screen.getByLabelText('Find a person'), { target: { value: 'Person 4998' } });
  expect(item(tree, /^Person 4998/).getAttribute('aria-level')).toBe('3');
});

it('breaks a loop of managers instead of losing the people in it', () => {
  const chart = buildChart([
    { id: 'a', full_name: 'A', manager: { id: 'b' } },
    { id: 'b', full_name: 'B', manager: { id: 'a' } },
    { id: 'c', full_name: 'C', manager: { id: 'c' } },
  ]);
  expect(chart.roots.sort()).toEqual(['a', 'c']);
  expect(chart.nodes.get('a')!.children).toEqual(['b']);
});
