// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { ResultOf, VariablesOf } from '../../lib/graphql.js';
import { meAs, stubGraphql, type OperationHandlers } from '../../test/graphql-stub.js';
import type { Operations } from '../../test/operations.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import { ada, emptyOverview, grace, note, page } from './notes-fixtures.test-support.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };
const me = meAs('MEMBER', { id: ada.id, full_name: ada.full_name });

const mine = note({ id: 'n1', title: 'Roadmap thoughts', body: 'Plan the **Q1 roadmap** with the team.' });
const pinned = note({ id: 'n2', title: 'Hiring plan', pinned: true, tags: ['hiring'] });
const sharedWithMe = note({ id: 'n3', title: '1:1 Grace / Ada', mine: false, author: grace, about: ada, shared: true, tags: [] });
const oneOnOne = note({ id: 'n4', title: 'Grace 1:1', about: grace, shared: false, tags: [], next_one_on_one: '2026-12-03' });

type NotesFilter = NonNullable<VariablesOf<Operations['Notes']>['filter']>;

function stubList(answer: (filter: NotesFilter) => ResultOf<Operations['Notes']>['notes'], over: OperationHandlers = {}) {
  return stubGraphql(
    {
      Notes: (v) => ({ data: { notes: answer(v.filter ?? {}) } }),
      NoteTags: () => ({
        data: {
          noteTags: [
            { tag: 'hiring', count: 1 },
            { tag: 'planning', count: 2 },
          ],
        },
      }),
      NotesOverview: () => ({ data: { notesOverview: { ...emptyOverview, next_one_on_ones: [{ note: oneOnOne, with: grace, date: '2026-12-03' }] } } }),
      ...over,
    },
    { me },
  );
}

it('lists pinned notes first, marks the ones shared with me and 1:1 notes, shows the next 1:1s, and searches with highlighted matches as plain text', async () => {
  const { calls } = stubList((filter) =>
    filter.query
      ? page([
          { note: mine, title_match: '\u0002Roadmap\u0003 thoughts', snippet: '## Plan the **\u0002roadmap\u0003** <img src=x onerror="window.__xss=1"> now' },
        ])
      : page([mine, pinned, sharedWithMe, oneOnOne]),
  );
  await renderSignedIn('/notes/my-notes');
  const list = await screen.findByRole('list', { name: 'Notes' }, T);
  const titles = within(list)
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);
  expect(titles).toEqual(['Hiring plan', 'Roadmap thoughts', '1:1 Grace / Ada', 'Grace 1:1']);
  expect(within(list).getByText('Pinned')).toBeTruthy();
  expect(within(list).getByText('Shared with you by Grace Hopper')).toBeTruthy();
  expect(within(list).getByText('1:1 with Grace Hopper · private')).toBeTruthy();
  expect(within(list).getByText('Plan the Q1 roadmap with the team.')).toBeTruthy();
  const next = screen.getByRole('complementary', { name: 'Next 1:1s' });
  expect(next.textContent).toContain('Dec 3, 2026 with Grace Hopper');
  expect(within(next).getByRole('link', { name: 'Grace 1:1' }).getAttribute('href')).toBe('/notes/my-notes/n4');

  fireEvent.change(screen.getByLabelText('Search notes'), { target: { value: 'roadmap' } });
  const results = await screen.findByRole('list', { name: 'Search results' }, T);
  expect(calls.filter((c) => c.operationName === 'Notes').at(-1)?.variables.filter).toMatchObject({ query: 'roadmap', tag: null });
  // Typing is debounced: one search for the whole word, not one per key.
  expect(calls.filter((c) => c.operationName === 'Notes' && c.variables.filter?.query)).toHaveLength(1);
  expect([...results.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Roadmap', 'roadmap']);
  expect(results.querySelector('img')).toBeNull();
  expect(within(results).getByText('<img src=x onerror="window.__xss=1"> now', { exact: false })).toBeTruthy();
  // The snippet reads as the rendered note does: no Markdown marks around the match.
  expect(results.querySelector('mark')!.parentElement!.textContent).not.toMatch(/##|\*\*/);
  expect(screen.getByText('1 note found, best match first.')).toBeTruthy();
});

it('filters by tag, says when nothing matches, and "New note" creates a note and opens it', async () => {
  const created = note({ id: 'new1', title: '', body: '', tags: [], version: 1 });
  const { calls } = stubList((filter) => (filter.tag === 'hiring' ? page([]) : page([mine])), {
    CreateNote: () => ({ data: { createNote: created } }),
    Note: () => ({ data: { note: created } }),
    TeamPickerPeople: () => ({ data: { organizationUsers: [] } }),
  });
  await renderSignedIn('/notes/my-notes');
  await screen.findByRole('list', { name: 'Notes' }, T);
  fireEvent.change(screen.getByLabelText('Tag'), { target: { value: 'hiring' } });
  expect(await screen.findByText('No note matches', undefined, T)).toBeTruthy();
  expect(screen.getByText('No note is tagged “hiring”', { exact: false })).toBeTruthy();
  expect(calls.filter((c) => c.operationName === 'Notes').at(-1)?.variables.filter).toMatchObject({ query: null, tag: 'hiring' });

  fireEvent.click(screen.getByRole('button', { name: 'New note' }));
  expect(await screen.findByLabelText('Note (Markdown)', undefined, T)).toBeTruthy();
  expect(calls.find((c) => c.operationName === 'CreateNote')?.variables.input).toEqual({ title: '', body: '', tags: ['hiring'] });
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Untitled note');
});

it('shows a welcome with a way to start when there are no notes yet', async () => {
  stubList(() => page([]), { NotesOverview: () => ({ data: { notesOverview: emptyOverview } }) });
  await renderSignedIn('/notes/my-notes');
  expect(await screen.findByRole('heading', { name: 'No notes yet' }, T)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Write your first note' })).toBeTruthy();
  expect(screen.getByText('No 1:1 date set. Set one on a note about a person.')).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('list', { name: 'Notes' })).toBeNull());
});
