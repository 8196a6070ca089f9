// @vitest-environment jsdom
/** Working together in the meeting (docs/decisions/0059): comments, who is writing, who has voted, ending asks first. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, it, vi } from 'vitest';
import { meAs, stubGraphql, type OperationHandlers } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import { ada, endedRetro, grace } from './retro-fixtures.test-support.js';
import type { Retro, RetroComment, RetroGroup } from './retro.types.js';

type Sink = { next: (value: { data?: unknown }) => void; error: (e: unknown) => void; complete: () => void };
// The websocket is the edge: the test plays the server's side of `retroChanged`.
const live = vi.hoisted(() => ({ sinks: new Map<string, Sink>() }));
vi.mock('../../lib/subscriptions.js', () => ({
  subscribe: (query: string, sink: Sink, variables?: { id?: string }) => {
    const key = `${/subscription (\w+)/.exec(query)?.[1] ?? ''}:${variables?.id ?? ''}`;
    live.sinks.set(key, sink);
    return () => live.sinks.delete(key);
  },
  subscriptionClient: () => ({ on: () => () => undefined }),
}));

beforeAll(() => {
  process.env.TZ = 'UTC';
});
cleanUpBetweenTests();
const T = { timeout: 5000 };
const PATH = '/professional-development/sprint-retro/review/r1';

const running = (patch: Partial<Retro> = {}): Retro =>
  endedRetro({
    phase: 'REFLECT',
    ended_at: null,
    version: 10,
    presence: [ada, grace],
    facilitator: ada,
    viewer_is_facilitator: true,
    viewer_can_facilitate: true,
    groups: [],
    reflections: [],
    action_items: [],
    health: [],
    ...patch,
  });
const comment = (id: string, text: string, patch: Partial<RetroComment> = {}): RetroComment => ({
  id,
  group_id: 'g1',
  text,
  mine: false,
  author: grace,
  from_notes: false,
  edited: false,
  ...patch,
});
const topic = (comments: RetroComment[]): RetroGroup => ({
  id: 'g1',
  title: 'Deploys',
  reflection_ids: [],
  votes: 5,
  my_votes: 0,
  comments,
  discussed_seconds: 0,
});
const discussing = (comments: RetroComment[], patch: Partial<Retro> = {}) =>
  running({ phase: 'DISCUSS', groups: [topic(comments)], discussion: { group_id: 'g1', started_at: null, elapsed_seconds: 0, topic_minutes: 5 }, ...patch });

function stubMeeting(retro: Retro, over: OperationHandlers = {}) {
  return stubGraphql(
    {
      RetroMeeting: () => ({ data: { retro } }),
      RetroTeamPeople: () => ({ data: { retro: { id: 'r1', team: { id: 'team1', users: [ada, grace], manager: null, team_lead: null } } } }),
      SetRetroTyping: () => ({ data: { setRetroTyping: true } }),
      ...over,
    },
    { me: meAs('MEMBER', { id: 'ada', full_name: 'Ada Lovelace' }) },
  );
}
async function push(retro: Retro) {
  await waitFor(() => expect(live.sinks.has('RetroChanged:r1')).toBe(true), T);
  act(() => live.sinks.get('RetroChanged:r1')!.next({ data: { retroChanged: retro } }));
}

it("in DISCUSS each person writes their own comment: what I type stays in my box while others' comments arrive, then mine is added", async () => {
  const { calls } = stubMeeting(discussing([comment('c1', 'Freeze on Fridays')]), {
    AddRetroComment: ({ group_id, text }) => ({
      data: { addRetroComment: comment('c3', String(text), { group_id: String(group_id), mine: true, author: ada }) },
    }),
  });
  await renderSignedIn(PATH);
  const list = await screen.findByRole('list', { name: 'Comments on Deploys' }, T);
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Grace HopperFreeze on Fridays']);

  const box = screen.getByLabelText('Your comment on Deploys') as HTMLTextAreaElement;
  fireEvent.change(box, { target: { value: 'Ask ops first' } });
  fireEvent.change(box, { target: { value: 'Ask ops first, then ship' } });
  // One "is writing" signal for the burst, for this topic, without the text.
  await waitFor(
    () =>
      expect(calls.filter((c) => c.operationName === 'SetRetroTyping').map((c) => c.variables)).toEqual([{ retro_id: 'r1', group_id: 'g1', writing: true }]),
    T,
  );

  // Grace adds a comment and is writing another one: my box keeps my text.
  await push(
    discussing([comment('c1', 'Freeze on Fridays'), comment('c2', 'Checklist first')], {
      version: 11,
      typing: { count: 2, people: [ada, grace], per_group: [{ group_id: 'g1', count: 2, people: [ada, grace] }] },
    }),
  );
  await waitFor(() => expect(within(screen.getByRole('list', { name: 'Comments on Deploys' })).getAllByRole('listitem')).toHaveLength(2), T);
  expect(box.value).toBe('Ask ops first, then ship');
  expect(screen.getByText('Grace Hopper is writing…')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Add comment on Deploys' }));
  await waitFor(
    () => expect(calls.find((c) => c.operationName === 'AddRetroComment')?.variables).toEqual({ group_id: 'g1', text: 'Ask ops first, then ship' }),
    T,
  );
  await waitFor(() => expect(box.value).toBe(''), T);
  const mine = within(screen.getByRole('list', { name: 'Comments on Deploys' }))
    .getAllByRole('listitem')
    .at(-1)!;
  expect(mine.textContent).toContain('You');
  expect(within(mine).getByRole('button', { name: 'Edit your comment “Ask ops first, then ship”' })).toBeTruthy();
});

it('in an anonymous retro names nobody: comments say "Anonymous", writers are counted', async () => {
  stubMeeting(
    discussing([comment('c1', 'Freeze on Fridays', { author: null })], {
      anonymous: true,
      typing: { count: 1, people: [], per_group: [{ group_id: 'g1', count: 1, people: [] }] },
    }),
  );
  await renderSignedIn(PATH);
  const list = await screen.findByRole('list', { name: 'Comments on Deploys' }, T);
  expect(within(list).getByRole('listitem').textContent).toBe('AnonymousFreeze on Fridays');
  expect(screen.getByText('1 person is writing…')).toBeTruthy();
  expect(screen.getByRole('region', { name: 'Comments (1)' }).textContent).not.toContain('Grace Hopper');
});

it('in REFLECT counts the people writing now from their signals, not from the cards', async () => {
  stubMeeting(
    running({
      anonymous: false,
      writing: { people: 1, reflections: 3, per_prompt: [] },
      typing: { count: 2, people: [ada, grace], per_group: [] },
    }),
  );
  await renderSignedIn(PATH);
  expect(await screen.findByText('2 people are writing now (Ada Lovelace, Grace Hopper)', undefined, T)).toBeTruthy();
  expect(screen.getByText('1 person has written 3 reflections')).toBeTruthy();
});

it('in VOTE shows who has voted and who has votes left (names in a signed retro)', async () => {
  stubMeeting(
    running({
      phase: 'VOTE',
      anonymous: false,
      groups: [{ ...topic([]), votes: null }],
      voting: {
        voted: 2,
        done: 1,
        waiting: 1,
        people: [
          { user: grace, used: 2, left: 3 },
          { user: ada, used: 5, left: 0 },
          { user: { id: 'ken', full_name: 'Ken Thompson' }, used: 0, left: 5 },
        ],
      },
    }),
  );
  await renderSignedIn(PATH);
  const status = await screen.findByRole('region', { name: 'Who has voted' }, T);
  expect(status.textContent).toContain('1 used all their votes');
  expect(status.textContent).toContain('1 still voting');
  expect(status.textContent).toContain('1 here has not voted yet');
  expect(
    within(within(status).getByRole('list', { name: 'Votes used per person' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Ada Lovelacedone', 'Grace Hopper3 votes left', 'Ken Thompsonnot voted yet']);
});

it('ending asks first and says the anonymity links are erased for good; only the confirmation ends it', async () => {
  const { calls } = stubMeeting(discussing([]), { SetRetroPhase: () => ({ data: { setRetroPhase: endedRetro({ version: 20 }) } }) });
  await renderSignedIn(PATH);
  fireEvent.click(await screen.findByRole('button', { name: 'Next: Summary' }, T));
  const dialog = await screen.findByRole('alertdialog', { name: 'End the retro now?' });
  expect(dialog.textContent).toContain('erases the anonymity links for good');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect(calls.some((c) => c.operationName === 'SetRetroPhase')).toBe(false);

  fireEvent.click(screen.getByRole('button', { name: 'Next: Summary' }));
  fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'End the retro' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'SetRetroPhase')?.variables).toEqual({ id: 'r1', from: 'DISCUSS', to: 'SUMMARY' }));
});
