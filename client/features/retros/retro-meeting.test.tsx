// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, it, vi } from 'vitest';
import { meAs, refusal, stubGraphql, type OperationHandlers } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import { ada, endedRetro, grace } from './retro-fixtures.test-support.js';
import { retroKey } from './retro-meeting.api.js';
import type { Retro } from './retro.types.js';

type Sink = { next: (value: { data?: unknown }) => void; error: (e: unknown) => void; complete: () => void };
// The websocket is the edge: the test plays the server's side of `retroChanged` and the socket's events.
const live = vi.hoisted(() => ({ sinks: new Map<string, Sink>(), listeners: new Map<string, Set<() => void>>() }));
vi.mock('../../lib/subscriptions.js', () => ({
  subscribe: (query: string, sink: Sink, variables?: { id?: string }) => {
    const key = `${/subscription (\w+)/.exec(query)?.[1] ?? ''}:${variables?.id ?? ''}`;
    live.sinks.set(key, sink);
    return () => live.sinks.delete(key);
  },
  subscriptionClient: () => ({
    on: (event: string, listener: () => void) => {
      const set = live.listeners.get(event) ?? new Set();
      live.listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  }),
}));

beforeAll(() => {
  process.env.TZ = 'UTC';
});
cleanUpBetweenTests();
const T = { timeout: 5000 };
const PATH = '/professional-development/sprint-retro/review/r1';

/** A retro running now: started, with the given phase and state. */
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

function stubMeeting(retro: Retro | null, over: OperationHandlers = {}) {
  return stubGraphql(
    {
      RetroMeeting: () => ({ data: { retro } }),
      RetroTeamPeople: () => ({ data: { retro: { id: 'r1', team: { id: 'team1', users: [ada, grace], manager: null, team_lead: null } } } }),
      ...over,
    },
    { me: meAs('MEMBER', { id: 'ada', full_name: 'Ada Lovelace' }) },
  );
}

const push = (retro: Retro) => act(() => live.sinks.get('RetroChanged:r1')!.next({ data: { retroChanged: retro } }));

it('shows the phases with the current one marked, who is here, the facilitator, and says so when the phase moves on', async () => {
  stubMeeting(
    running({
      phase: 'GROUP',
      groups: [{ id: 'g1', title: 'Deploys', reflection_ids: ['x1'], votes: null, my_votes: 0, comments: [], discussed_seconds: 0 }],
      reflections: [{ id: 'x1', prompt_id: 'stop', text: 'Deploys break on Fridays', group_id: 'g1', mine: false, author: null }],
    }),
  );
  await renderSignedIn(PATH);
  const phases = await screen.findByRole('navigation', { name: 'Retro phases' }, T);
  const steps = within(phases).getAllByRole('listitem');
  expect(steps.map((s) => s.textContent)).toEqual(['1Health check (done)', '2Reflect (done)', '3Group', '4Vote', '5Discuss', '6Summary']);
  expect(steps.filter((s) => s.getAttribute('aria-current') === 'step').map((s) => s.textContent)).toEqual(['3Group']);
  expect(screen.getByText('2 here')).toBeTruthy();
  expect(
    within(screen.getByRole('list', { name: 'Here now' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['ALAda Lovelace', 'GHGrace Hopper']);
  expect(screen.getByRole('button', { name: 'Next: Vote' })).toBeTruthy();
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Group');

  push(
    running({
      phase: 'VOTE',
      version: 11,
      groups: [{ id: 'g1', title: 'Deploys', reflection_ids: ['x1'], votes: null, my_votes: 0, comments: [], discussed_seconds: 0 }],
    }),
  );
  await waitFor(() => expect(screen.getByText('The retro moved to Vote.')).toBeTruthy());
  expect(screen.getByRole('listitem', { current: 'step' }).textContent).toBe('4Vote');
});

it('keeps the newest version: a newer state replaces an older one, and an older one arriving late is ignored', async () => {
  stubMeeting(running({ version: 5, title: 'Version 5' }));
  const { queryClient } = await renderSignedIn(PATH);
  expect(await screen.findByRole('heading', { level: 1, name: 'Version 5' }, T)).toBeTruthy();
  push(running({ version: 7, title: 'Version 7' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Version 7' })).toBeTruthy();
  push(running({ version: 6, title: 'Version 6' }));
  // An event is written to the cache as it arrives: what the screen shows next is what the cache holds now.
  expect(queryClient.getQueryData<Retro>(retroKey('r1'))?.version).toBe(7);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Version 7');
});

it('moves the phase with the current phase as "from", and on a CONFLICT keeps the state that won without an error', async () => {
  const { calls } = stubMeeting(running({ phase: 'REFLECT' }), { SetRetroPhase: () => refusal('The retro has already moved to Group.', 'CONFLICT') });
  await renderSignedIn(PATH);
  fireEvent.click(await screen.findByRole('button', { name: 'Next: Group' }, T));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'SetRetroPhase')?.variables).toEqual({ id: 'r1', from: 'REFLECT', to: 'GROUP' }));
  push(running({ phase: 'GROUP', version: 12 }));
  expect(await screen.findByRole('button', { name: 'Next: Vote' })).toBeTruthy();
  expect(screen.queryByText('The retro has already moved to Group.')).toBeNull();
});

it("in REFLECT shows my reflections in full and only counts of everyone else's", async () => {
  const { calls } = stubMeeting(
    running({
      phase: 'REFLECT',
      anonymous: true,
      reflections: [
        { id: 'm1', prompt_id: 'start', text: 'Pair on the release', group_id: null, mine: true, author: null },
        { id: 'o1', prompt_id: 'start', text: null, group_id: null, mine: false, author: null },
        { id: 'o2', prompt_id: 'stop', text: null, group_id: null, mine: false, author: null },
      ],
      writing: {
        people: 4,
        reflections: 9,
        per_prompt: [
          { prompt_id: 'start', count: 5 },
          { prompt_id: 'stop', count: 4 },
        ],
      },
    }),
    {
      AddRetroReflection: ({ prompt_id, text }) => ({ data: { addRetroReflection: { id: 'm2', prompt_id, text, group_id: null, mine: true, author: null } } }),
    },
  );
  await renderSignedIn(PATH);
  // Who is writing now comes from the "is writing" signals, not from the cards (docs/decisions/0059).
  await screen.findByText('0 people are writing now', undefined, T);
  expect(screen.getByText('4 people have written 9 reflections')).toBeTruthy();
  expect(screen.getByText('Anonymous: nobody, admins included, will see who wrote what.', { exact: false })).toBeTruthy();
  const start = screen.getByRole('region', { name: 'Start' });
  expect(within(start).getByText('5 reflections (4 by others)')).toBeTruthy();
  expect(
    within(start)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.retro-text')?.textContent),
  ).toEqual(['Pair on the release']);
  expect(within(screen.getByRole('region', { name: 'Stop' })).getByText('4 reflections (4 by others)')).toBeTruthy();
  expect(screen.queryAllByRole('list', { name: 'My reflections: Stop' })).toHaveLength(0);

  // Ctrl+Enter adds; the counter counts against the 2,000 limit.
  const box = within(start).getByLabelText('New reflection: Start');
  fireEvent.change(box, { target: { value: 'Demo on Fridays' } });
  expect(within(start).getByText('15 / 2,000')).toBeTruthy();
  fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
  await waitFor(() =>
    expect(calls.find((c) => c.operationName === 'AddRetroReflection')?.variables).toEqual({ retro_id: 'r1', prompt_id: 'start', text: 'Demo on Fridays' }),
  );
  expect(await within(start).findByText('Demo on Fridays')).toBeTruthy();
  expect((box as HTMLTextAreaElement).value).toBe('');
  fireEvent.change(box, { target: { value: 'x'.repeat(2001) } });
  expect(within(start).getByText('2,001 / 2,000 · too long')).toBeTruthy();
  expect((within(start).getByRole('button', { name: 'Add to Start' }) as HTMLButtonElement).disabled).toBe(true);
});

it('in VOTE shows the votes left, disables "+" once none are left, and reads out the server\'s refusal', async () => {
  const groups = [
    { id: 'g1', title: 'Deploys', reflection_ids: [], votes: null, my_votes: 3, comments: [], discussed_seconds: 0 },
    { id: 'g2', title: 'Reviews', reflection_ids: [], votes: null, my_votes: 1, comments: [], discussed_seconds: 0 },
  ];
  stubMeeting(running({ phase: 'VOTE', groups, my_votes_left: 1, max_votes: 5, max_votes_per_group: 3 }), {
    VoteRetroGroup: () => refusal('You have used all 5 of your votes.', 'CONFLICT'),
  });
  await renderSignedIn(PATH);
  expect((await screen.findByText('votes left', { exact: false }, T)).textContent).toBe('1 of 5 votes left');
  const plus = (title: string) => screen.getByRole('button', { name: `Vote for ${title}` }) as HTMLButtonElement;
  expect(plus('Deploys').disabled).toBe(true); // 3 of 3 on one group
  expect(plus('Reviews').disabled).toBe(false);
  fireEvent.click(plus('Reviews'));
  expect(await screen.findByText('You have used all 5 of your votes.')).toBeTruthy();

  push(running({ phase: 'VOTE', version: 11, groups: groups.map((g) => (g.id === 'g2' ? { ...g, my_votes: 2 } : g)), my_votes_left: 0 }));
  await waitFor(() => expect(screen.getByText('votes left', { exact: false }).textContent).toBe('0 of 5 votes left'));
  expect(plus('Reviews').disabled).toBe(true);
  expect((screen.getByRole('button', { name: 'Take a vote back from Reviews' }) as HTMLButtonElement).disabled).toBe(false);
});

it('in GROUP moves a card with the keyboard through its "Move to…" menu', async () => {
  const reflections = [
    { id: 'x1', prompt_id: 'stop', text: 'Deploys break on Fridays', group_id: 'g1', mine: false, author: null },
    { id: 'x2', prompt_id: 'start', text: 'A deploy checklist', group_id: 'g2', mine: false, author: null },
  ];
  const groups = [
    { id: 'g1', title: 'Fridays', reflection_ids: ['x1'], votes: null, my_votes: 0, comments: [], discussed_seconds: 0 },
    { id: 'g2', title: 'Checklist', reflection_ids: ['x2'], votes: null, my_votes: 0, comments: [], discussed_seconds: 0 },
  ];
  const moved = running({
    phase: 'GROUP',
    version: 11,
    reflections: reflections.map((r) => ({ ...r, group_id: 'g2' })),
    groups: [{ ...groups[1]!, reflection_ids: ['x2', 'x1'] }],
  });
  const { calls } = stubMeeting(running({ phase: 'GROUP', reflections, groups }), { MoveRetroReflection: () => ({ data: { moveRetroReflection: moved } }) });
  await renderSignedIn(PATH);
  const trigger = await screen.findByRole('button', { name: 'Move to… (reflection “Deploys break on Fridays”)' }, T);
  trigger.focus();
  fireEvent.keyDown(trigger, { key: 'Enter' });
  const menu = await screen.findByRole('menu');
  expect(
    within(menu)
      .getAllByRole('menuitem')
      .map((m) => m.textContent),
  ).toEqual(['Checklist']);
  fireEvent.click(within(menu).getByRole('menuitem', { name: 'Checklist' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'MoveRetroReflection')?.variables).toEqual({ id: 'x1', group_id: 'g2' }));
  const checklist = await screen.findByRole('region', { name: 'Group Checklist, 2 cards' });
  expect(within(checklist).getByText('Deploys break on Fridays')).toBeTruthy();
  expect(screen.queryByRole('region', { name: /Group Fridays/ })).toBeNull();
});

it('says when the socket drops and reads the retro again when it is back', async () => {
  let reads = 0;
  stubMeeting(null, { RetroMeeting: () => ({ data: { retro: running({ version: 10 + reads++, title: `Read ${reads}` }) } }) });
  await renderSignedIn(PATH);
  expect(await screen.findByRole('heading', { level: 1, name: 'Read 1' }, T)).toBeTruthy();
  act(() => live.listeners.get('closed')?.forEach((l) => l()));
  expect(screen.getByText(/Reconnecting…/)).toBeTruthy();
  act(() => live.listeners.get('connected')?.forEach((l) => l()));
  expect(await screen.findByRole('heading', { level: 1, name: 'Read 2' })).toBeTruthy();
  expect(screen.queryByText(/Reconnecting…/)).toBeNull();
});

it('says when the retro does not exist', async () => {
  stubMeeting(null);
  await renderSignedIn(PATH);
  expect(await screen.findByRole('heading', { name: 'Retro not found' }, T)).toBeTruthy();
});

it("a retro the server refuses (another team's) says so and offers the way back, not a retry that cannot help", async () => {
  stubMeeting(null, { RetroMeeting: () => refusal('Retro not found.', 'NOT_FOUND') });
  await renderSignedIn(PATH);
  expect(await screen.findByRole('heading', { name: 'Retro not found.' }, T)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/home/dashboard');
});

it("in HEALTH sends my score and shows the team's average only when the server shows it", async () => {
  const health = [
    { index: 0, statement: 'Releasing our work is easy and safe.', answers: 4, average: 3.5, distribution: [0, 1, 1, 1, 1], my_score: null },
    { index: 1, statement: 'We enjoy working together.', answers: 2, average: null, distribution: null, my_score: 4 },
  ];
  const { calls } = stubMeeting(running({ phase: 'HEALTH', health }), {
    AnswerRetroHealth: () => ({
      data: { answerRetroHealth: running({ phase: 'HEALTH', version: 11, health: [{ ...health[0]!, my_score: 2, answers: 5 }, health[1]!] }) },
    }),
  });
  await renderSignedIn(PATH);
  const first = await screen.findByRole('group', { name: 'Releasing our work is easy and safe.' }, T);
  const second = screen.getByRole('group', { name: 'We enjoy working together.' });
  expect((within(second).getByRole('radio', { name: '4 Agree' }) as HTMLInputElement).checked).toBe(true);
  const [firstItem, secondItem] = screen.getAllByRole('listitem').filter((li) => li.classList.contains('retro-health-item'));
  expect(within(firstItem!).getByText(/^Average/).textContent).toBe('Average 3.5 of 5 from 4 answers');
  expect(within(secondItem!).getByText('2 answers so far. Shown once 3 people have answered.')).toBeTruthy();
  expect(within(secondItem!).queryByText(/^Average/)).toBeNull();
  fireEvent.click(within(first).getByRole('radio', { name: '2 Disagree' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'AnswerRetroHealth')?.variables).toEqual({ id: 'r1', index: 0, score: 2 }));
  await waitFor(() => expect((within(first).getByRole('radio', { name: '2 Disagree' }) as HTMLInputElement).checked).toBe(true));
});

it("lets the team's manager who does not facilitate take the role over, without the facilitator's controls", async () => {
  const { calls } = stubMeeting(running({ facilitator: grace, viewer_is_facilitator: false, viewer_can_facilitate: true }), {
    SetRetroFacilitator: () => ({ data: { setRetroFacilitator: running({ version: 11 }) } }),
  });
  await renderSignedIn(PATH);
  fireEvent.click(await screen.findByRole('button', { name: 'Take over' }, T));
  expect(screen.queryByRole('button', { name: /^Next: / })).toBeNull();
  await waitFor(() => expect(calls.find((c) => c.operationName === 'SetRetroFacilitator')?.variables).toEqual({ id: 'r1', user_id: 'ada' }));
  expect(await screen.findByRole('button', { name: 'Next: Group' })).toBeTruthy();
});

it("shows an async retro's deadlines while they lie ahead, and the check-in with my answer and everyone's", async () => {
  const { calls } = stubMeeting(
    running({
      phase: 'CHECK_IN',
      phases: ['SCHEDULED', 'CHECK_IN', 'REFLECT', 'GROUP', 'VOTE', 'DISCUSS', 'SUMMARY'],
      check_in_question: 'One word for this sprint?',
      reflect_deadline: '2026-11-27T12:00:00.000Z',
      vote_deadline: '2026-11-28T09:30:00.000Z',
      check_ins: [
        { user: grace, answer: 'Busy' },
        { user: ada, answer: null },
      ],
    }),
    {
      AnswerRetroCheckIn: ({ answer }) => ({
        data: {
          answerRetroCheckIn: running({
            phase: 'CHECK_IN',
            version: 11,
            check_in_question: 'One word for this sprint?',
            check_ins: [
              { user: grace, answer: 'Busy' },
              { user: ada, answer },
            ],
          }),
        },
      }),
    },
  );
  await renderSignedIn(PATH);
  expect(await screen.findByText(/^Reflection closes Nov 27, 2026, /, undefined, T)).toBeTruthy();
  expect(screen.getByText(/^Voting closes Nov 28, 2026, /)).toBeTruthy();
  expect(screen.getByText('Not answered yet: Ada Lovelace')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('One word for this sprint?'), { target: { value: ' Calm ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Share my answer' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'AnswerRetroCheckIn')?.variables).toEqual({ id: 'r1', answer: 'Calm' }));
  const answers = await screen.findByRole('region', { name: 'Answers (2)' });
  expect(
    within(answers)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Grace HopperBusy', 'Ada LovelaceCalm']);

  push(
    running({
      phase: 'DISCUSS',
      version: 12,
      phases: ['SCHEDULED', 'CHECK_IN', 'REFLECT', 'GROUP', 'VOTE', 'DISCUSS', 'SUMMARY'],
      reflect_deadline: '2026-11-27T12:00:00.000Z',
      vote_deadline: '2026-11-28T09:30:00.000Z',
    }),
  );
  await waitFor(() => expect(screen.queryByText(/^Voting closes/)).toBeNull());
  expect(screen.queryByText(/^Reflection closes/)).toBeNull();
});

it('hands the facilitator role over to a person of the team', async () => {
  const { calls } = stubMeeting(running(), {
    SetRetroFacilitator: () => ({ data: { setRetroFacilitator: running({ version: 11, facilitator: grace, viewer_is_facilitator: false }) } }),
  });
  await renderSignedIn(PATH);
  fireEvent.click(await screen.findByRole('button', { name: 'Hand over…' }, T));
  const to = screen.getByLabelText('Hand over to');
  await waitFor(() =>
    expect(
      within(to)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a person…', 'Grace Hopper']),
  );
  fireEvent.change(to, { target: { value: 'grace' } });
  fireEvent.click(screen.getByRole('button', { name: 'Hand over' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'SetRetroFacilitator')?.variables).toEqual({ id: 'r1', user_id: 'grace' }));
  expect(await screen.findByRole('button', { name: 'Take over' })).toBeTruthy();
  expect(screen.getByText('Grace Hopper', { selector: 'strong' })).toBeTruthy();
});

it('in DISCUSS shows topics in vote order with the current one and its time, and the facilitator moves to the next topic', async () => {
  const groups = [
    { id: 'g1', title: 'Deploys', reflection_ids: [], votes: 5, my_votes: 0, comments: [], discussed_seconds: 0 },
    { id: 'g2', title: 'Reviews', reflection_ids: [], votes: 2, my_votes: 0, comments: [], discussed_seconds: 0 },
  ];
  const discussion = { group_id: 'g1', started_at: null, elapsed_seconds: 95, topic_minutes: 5 };
  const { calls } = stubMeeting(running({ phase: 'DISCUSS', groups, discussion }), {
    SetRetroTopic: () => ({
      data: { setRetroTopic: running({ phase: 'DISCUSS', version: 11, groups, discussion: { ...discussion, group_id: 'g2', elapsed_seconds: 0 } }) },
    }),
  });
  await renderSignedIn(PATH);
  const current = await screen.findByRole('listitem', { current: true }, T);
  expect(within(current).getByRole('heading', { level: 3 }).textContent).toBe('Deploys');
  expect(within(current).getByRole('timer').textContent).toBe('1:35 / 5:00');
  fireEvent.click(screen.getByRole('button', { name: 'Discuss next: Reviews' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'SetRetroTopic')?.variables).toEqual({ retro_id: 'r1', group_id: 'g2' }));
  await waitFor(() => expect(within(screen.getByRole('listitem', { current: true })).getByRole('heading', { level: 3 }).textContent).toBe('Reviews'));
});
