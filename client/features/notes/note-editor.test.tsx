// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import type { VariablesOf } from '../../lib/graphql.js';
import { meAs, refusal, stubGraphql, type OperationHandlers } from '../../test/graphql-stub.js';
import type { Operations } from '../../test/operations.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { Note } from './note.types.js';
import { ada, grace, note } from './notes-fixtures.test-support.js';

type Sink = { next: (value: { data?: unknown }) => void; error: (e: unknown) => void; complete: () => void };
// The websocket is the edge: the test plays the server's side of `noteChanged`.
const live = vi.hoisted(() => ({ sinks: new Map<string, Sink>() }));
vi.mock('../../lib/subscriptions.js', () => ({
  subscribe: (query: string, sink: Sink, variables?: { id?: string }) => {
    const key = `${/subscription (\w+)/.exec(query)?.[1] ?? ''}:${variables?.id ?? ''}`;
    live.sinks.set(key, sink);
    return () => live.sinks.delete(key);
  },
  subscriptionClient: () => ({ on: () => () => undefined }),
}));

cleanUpBetweenTests();
const T = { timeout: 5000 };
const SAVE = { timeout: 4000 };
const people = [
  { id: ada.id, full_name: ada.full_name, email: 'ada@example.com', role: null, status: 'ACTIVE' as const, team: null },
  { id: grace.id, full_name: grace.full_name, email: 'grace@example.com', role: null, status: 'ACTIVE' as const, team: null },
];

function stubNote(start: Note, over: OperationHandlers = {}, viewer = ada) {
  return stubGraphql(
    {
      Note: () => ({ data: { note: start } }),
      TeamPickerPeople: () => ({ data: { organizationUsers: people } }),
      ...over,
    },
    { me: meAs('MEMBER', { id: viewer.id, full_name: viewer.full_name }) },
  );
}
/** The note as the server answers a save: what was sent over the fixture's note. */
const saved = ({ input }: VariablesOf<Operations['UpdateNote']>, version: number) => {
  const { title, body, tags } = note();
  return {
    data: {
      updateNote: note({
        title: input.title ?? title,
        body: input.body ?? body,
        tags: input.tags ?? tags,
        next_one_on_one: input.next_one_on_one ?? null,
        about: null,
        version,
      }),
    },
  };
};
const body = () => screen.getByLabelText('Note (Markdown)') as HTMLTextAreaElement;
const status = () => screen.getByText(/^(Unsaved changes|Saving…|Saved at|Not saved)/);

it('autosaves with the base version, says when it saved, and previews the Markdown sanitized (no script, no handlers, no javascript: links)', async () => {
  const { calls } = stubNote(note({ body: '' }), { UpdateNote: (v) => saved(v, 4) });
  await renderSignedIn('/notes/my-notes/n1');
  await screen.findByLabelText('Note (Markdown)', undefined, T);
  const xss =
    '# Plan\n\n<script>window.__xss=1</script>\n\n<img src=x onerror="window.__xss=1">\n\n[click](javascript:window.__xss=1) [site](https://example.com) [vb](vbscript:x) [data](data:text/html,x)';
  fireEvent.change(body(), { target: { value: xss } });
  const preview = screen.getByRole('region', { name: 'Preview' });
  expect(within(preview).getByRole('heading', { level: 1, name: 'Plan' })).toBeTruthy();
  expect(preview.querySelector('script')).toBeNull();
  expect(preview.querySelector('img')).toBeNull();
  expect(preview.querySelector('[onerror]')).toBeNull();
  expect([...preview.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')])).toEqual([
    ['site', 'https://example.com', '_blank', 'noopener noreferrer'],
  ]);
  expect((window as { __xss?: number }).__xss).toBeUndefined();

  await waitFor(() => expect(status().textContent).toMatch(/^Saved at \d\d:\d\d$/), SAVE);
  const updates = calls.filter((c) => c.operationName === 'UpdateNote');
  expect(updates).toHaveLength(1);
  expect(updates[0]!.variables).toEqual({
    id: 'n1',
    base_version: 3,
    input: { title: 'Roadmap thoughts', body: xss, tags: ['planning'], about_user_id: null },
  });
  // A change after a save: the status never goes on saying "Saved at" over words that are not saved yet.
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Plan' } });
  expect(status().textContent).toBe('Unsaved changes');
  await waitFor(() => expect(calls.filter((c) => c.operationName === 'UpdateNote')).toHaveLength(2), SAVE);
  expect(calls.filter((c) => c.operationName === 'UpdateNote')[1]!.variables.base_version).toBe(4);
});

it('sends unsaved words at once when the page goes out of view (another tab, a locked phone), not after the delay', async () => {
  const { calls } = stubNote(note(), { UpdateNote: (v) => saved(v, 4) });
  await renderSignedIn('/notes/my-notes/n1');
  await screen.findByLabelText('Note (Markdown)', undefined, T);
  fireEvent.change(body(), { target: { value: 'Typed just before switching tabs' } });
  const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  try {
    document.dispatchEvent(new Event('visibilitychange'));
    // Sent before the autosave delay (800 ms) could have run out.
    await waitFor(
      () => expect(calls.filter((c) => c.operationName === 'UpdateNote').map((c) => c.variables.input.body)).toEqual(['Typed just before switching tabs']),
      { timeout: 300 },
    );
  } finally {
    visibility.mockRestore();
  }
  await waitFor(() => expect(status().textContent).toMatch(/^Saved at/), SAVE);
});

it('never loses the text when a save fails: says why, keeps it, and saves it on Retry', async () => {
  let refuse = true;
  const { calls } = stubNote(note(), {
    UpdateNote: (v) => (refuse ? refusal('The note is too long: at most 100,000 characters.', 'BAD_USER_INPUT') : saved(v, 4)),
  });
  await renderSignedIn('/notes/my-notes/n1');
  await screen.findByLabelText('Note (Markdown)', undefined, T);
  fireEvent.change(body(), { target: { value: 'My precious words' } });
  await waitFor(() => expect(status().textContent).toBe('Not saved: The note is too long: at most 100,000 characters. Your text is kept here.'), SAVE);
  expect(status().getAttribute('aria-live')).toBe('polite');
  expect(body().value).toBe('My precious words');
  refuse = false;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(status().textContent).toMatch(/^Saved at/), SAVE);
  expect(calls.filter((c) => c.operationName === 'UpdateNote').at(-1)!.variables.input.body).toBe('My precious words');
  expect(body().value).toBe('My precious words');

  // Over the limit: not even sent, and the text stays.
  const before = calls.length;
  fireEvent.change(body(), { target: { value: 'x'.repeat(100_001) } });
  await waitFor(() => expect(status().textContent).toBe('Not saved: The note is too long: at most 100,000 characters. Your text is kept here.'), SAVE);
  expect(calls.slice(before).filter((c) => c.operationName === 'UpdateNote')).toHaveLength(0);
  expect(body().value).toHaveLength(100_001);
});

it('on a CONFLICT offers the latest version and keeps a copy of my text in view', async () => {
  let reads = 0;
  stubNote(note(), {
    Note: () => ({ data: { note: reads++ === 0 ? note() : note({ body: 'Written in another tab', version: 7 }) } }),
    UpdateNote: () => refusal('This note was changed elsewhere.', 'CONFLICT'),
  });
  await renderSignedIn('/notes/my-notes/n1');
  await screen.findByLabelText('Note (Markdown)', undefined, T);
  fireEvent.change(body(), { target: { value: 'My version' } });
  await waitFor(() => expect(status().textContent).toContain('Not saved: this note was changed elsewhere'), SAVE);
  expect(body().value).toBe('My version');
  fireEvent.click(screen.getByRole('button', { name: 'Load the latest version' }));
  await waitFor(() => expect(body().value).toBe('Written in another tab'));
  const kept = screen.getByRole('region', { name: 'Your unsaved text' });
  expect((within(kept).getByLabelText('Your unsaved text') as HTMLTextAreaElement).value).toBe('Roadmap thoughts\n\nMy version');
});

it('asks before sharing a 1:1 note, naming what becomes visible (cancel shares nothing), and keeps its agenda live with the other person', async () => {
  const point = (id: string, text: string, by = ada) => ({
    id,
    text,
    done: false,
    done_at: null,
    done_by: null,
    created_by: by,
    created_at: '2026-11-25T10:00:00.000Z',
    version: 1,
  });
  const oneOnOne = note({
    about: grace,
    body: 'My private line about Grace',
    next_one_on_one: '2026-12-03',
    agenda: [point('i0', 'Prep'), point('i9', 'Goals')],
  });
  const { calls } = stubNote(oneOnOne, {
    ShareNote: () => ({ data: { shareNote: { ...oneOnOne, shared: true, shared_at: '2026-11-25T10:00:00.000Z' } } }),
    AddNoteAgendaItem: (v) => ({ data: { addNoteAgendaItem: { ...oneOnOne, shared: true, agenda: [...oneOnOne.agenda, point('i1', String(v.text))] } } }),
  });
  await renderSignedIn('/notes/my-notes/n1');
  expect(((await screen.findByLabelText('My private notes (Markdown)', undefined, T)) as HTMLTextAreaElement).value).toBe('My private line about Grace');
  expect(screen.getByText(/Only you see these: Grace Hopper never does, also once you share the note/)).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Share with Grace Hopper' }));
  let dialog = await screen.findByRole('alertdialog');
  expect(
    within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['the title “Roadmap thoughts”', '2 talking points', 'the next 1:1 date, Dec 3, 2026']);
  expect(dialog.textContent).toContain('Your private notes stay private: Grace Hopper never sees them, nor your tags.');
  expect(dialog.textContent).not.toContain('My private line');
  // Cancel: nothing is shared.
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect(calls.filter((c) => c.operationName === 'ShareNote')).toHaveLength(0);

  fireEvent.click(screen.getByRole('button', { name: 'Share with Grace Hopper' }));
  dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Share with Grace Hopper' }));
  expect(await screen.findByText('Shared with', { exact: false, selector: '.note-share p' })).toBeTruthy();
  expect(calls.find((c) => c.operationName === 'ShareNote')?.variables).toEqual({ id: 'n1', shared: true });

  fireEvent.change(screen.getByLabelText('New talking point'), { target: { value: 'Roadmap' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add talking point' }));
  expect(await screen.findByRole('checkbox', { name: /Roadmap/ })).toBeTruthy();
  expect(calls.find((c) => c.operationName === 'AddNoteAgendaItem')?.variables).toEqual({ note_id: 'n1', text: 'Roadmap' });

  // Grace adds one and ticks ours off in her browser: it shows here without a reload, and is read out.
  act(() =>
    live.sinks.get('NoteChanged:n1')!.next({
      data: {
        noteChanged: {
          ...oneOnOne,
          shared: true,
          agenda: [
            ...oneOnOne.agenda,
            { ...point('i1', 'Roadmap'), done: true, done_at: '2026-11-25T10:01:00.000Z', done_by: grace },
            point('i2', 'Promotion case', grace),
          ],
        },
      },
    }),
  );
  expect(await screen.findByRole('checkbox', { name: /Promotion case/ })).toBeTruthy();
  expect((screen.getByRole('checkbox', { name: /Roadmap/ }) as HTMLInputElement).checked).toBe(true);
  expect(screen.getByText('Grace Hopper ticked off “Roadmap”. Grace Hopper added “Promotion case”.')).toBeTruthy();

  // Stopping asks too, and says what Grace loses.
  fireEvent.click(screen.getByRole('button', { name: 'Stop sharing' }));
  dialog = await screen.findByRole('alertdialog');
  expect(dialog.textContent).toContain('Grace Hopper will no longer see this note:');
  expect(
    within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['the title “Roadmap thoughts”', '4 talking points', 'the next 1:1 date, Dec 3, 2026']);
  expect(dialog.textContent).toContain('Their own private notes on it are kept for them');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect(calls.filter((c) => c.operationName === 'ShareNote')).toHaveLength(1);
});

it("a note shared with me: the shared agenda, and beside it my own private notes (autosaved with my own version), never the author's", async () => {
  const shared = note({
    mine: false,
    author: grace,
    about: ada,
    shared: true,
    body: '',
    version: 0,
    tags: [],
    next_one_on_one: '2026-12-03',
    agenda: [
      { id: 'i1', text: 'Conference budget', done: false, done_at: null, done_by: null, created_by: grace, created_at: '2026-11-25T10:00:00.000Z', version: 1 },
    ],
  });
  const { calls } = stubNote(
    shared,
    {
      UpdateNoteAgendaItem: () => ({ data: { updateNoteAgendaItem: { ...shared, agenda: [{ ...shared.agenda[0]!, done: true, done_by: ada }] } } }),
      UpdateNote: (v) => ({ data: { updateNote: { ...shared, body: v.input.body ?? shared.body, version: 1 } } }),
    },
    ada,
  );
  await renderSignedIn('/notes/my-notes/n1');
  expect(await screen.findByText('Shared with you', undefined, T)).toBeTruthy();
  expect(screen.queryByLabelText('Title')).toBeNull();
  expect(screen.queryByLabelText('Note (Markdown)')).toBeNull();
  const mine = screen.getByLabelText('My private notes (Markdown)') as HTMLTextAreaElement;
  expect(mine.value).toBe('');
  expect(screen.getByText(/Only you see these: Grace Hopper never does/)).toBeTruthy();
  fireEvent.change(mine, { target: { value: 'Ask for the **budget**' } });
  await waitFor(() => expect(status().textContent).toMatch(/^Saved at/), SAVE);
  expect(calls.find((c) => c.operationName === 'UpdateNote')?.variables).toEqual({ id: 'n1', input: { body: 'Ask for the **budget**' }, base_version: 0 });
  expect(screen.getByRole('region', { name: 'Preview' }).querySelector('strong')?.textContent).toBe('budget');

  expect((screen.getByLabelText('Next 1:1') as HTMLInputElement).value).toBe('2026-12-03');
  fireEvent.click(screen.getByRole('checkbox', { name: /Conference budget/ }));
  await waitFor(() => expect((screen.getByRole('checkbox', { name: /Conference budget/ }) as HTMLInputElement).checked).toBe(true));
  expect(calls.find((c) => c.operationName === 'UpdateNoteAgendaItem')?.variables).toEqual({ id: 'i1', done: true });

  // Grace stops sharing: the server ends the subscription, and the screen says so.
  act(() => live.sinks.get('NoteChanged:n1')!.complete());
  expect(await screen.findByText('Live updates stopped: this note was deleted or is no longer shared with you.', { exact: false })).toBeTruthy();
});

it('editing a talking point someone changed meanwhile: refused, my text stays in the box with theirs shown, and a second save replaces theirs knowingly', async () => {
  const item = { id: 'i1', text: 'Budget', done: false, done_at: null, done_by: null, created_by: ada, created_at: '2026-11-25T10:00:00.000Z', version: 1 };
  const oneOnOne = note({ about: grace, shared: true, agenda: [item] });
  let reads = 0;
  const { calls } = stubNote(oneOnOne, {
    Note: () => ({ data: { note: reads++ === 0 ? oneOnOne : { ...oneOnOne, agenda: [{ ...item, text: 'Budget for training', version: 2 }] } } }),
    UpdateNoteAgendaItem: (v) =>
      v.base_version === 1
        ? refusal('This talking point was changed meanwhile by someone else.', 'CONFLICT')
        : { data: { updateNoteAgendaItem: { ...oneOnOne, agenda: [{ ...item, text: v.text ?? item.text, version: 3 }] } } },
  });
  await renderSignedIn('/notes/my-notes/n1');
  fireEvent.click(await screen.findByRole('button', { name: 'Edit talking point “Budget”' }, T));
  fireEvent.change(screen.getByLabelText('Talking point'), { target: { value: 'Budget for the conference' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'This talking point was changed meanwhile. It now reads: Budget for training. Your text is kept below: save to replace theirs, or cancel to keep theirs.',
  );
  expect((screen.getByLabelText('Talking point') as HTMLInputElement).value).toBe('Budget for the conference');
  fireEvent.click(screen.getByRole('button', { name: 'Save mine over theirs' }));
  expect(await screen.findByRole('checkbox', { name: /Budget for the conference/ })).toBeTruthy();
  expect(calls.filter((c) => c.operationName === 'UpdateNoteAgendaItem').map((c) => c.variables)).toEqual([
    { id: 'i1', text: 'Budget for the conference', base_version: 1 },
    { id: 'i1', text: 'Budget for the conference', base_version: 2 },
  ]);
});
