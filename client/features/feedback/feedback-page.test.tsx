// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, refusal, stubGraphql, type Answer, type OperationHandlers } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { FeedbackItem } from './feedback.types.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };
const PATH = '/continuous-feedback';

const ada = { id: 'ada', full_name: 'Ada Lovelace' };
const grace = { id: 'grace', full_name: 'Grace Hopper' };
const ken = { id: 'ken', full_name: 'Ken Thompson' };
const ownership = { id: 'tag-own', name: 'Ownership', kind: 'VALUE' as const, description: 'We own outcomes.', archived: false, uses: 3 };
const clarity = { id: 'tag-clear', name: 'Clear writing', kind: 'COMPETENCY' as const, description: '', archived: false, uses: 1 };
const people = [ada, grace, ken].map((p) => ({ ...p, email: `${p.id}@example.com`, role: null, status: 'ACTIVE' as const, team: null }));

function item(patch: Partial<FeedbackItem> = {}): FeedbackItem {
  return {
    id: 'f1',
    giver: grace,
    recipient: ada,
    body: 'Your incident write-up was calm and clear.',
    visibility: 'PRIVATE',
    tags: [],
    answers: null,
    request_id: null,
    reactions: [],
    slack_shared: false,
    can_delete: false,
    created_at: '2026-11-20T10:00:00.000Z',
    ...patch,
  };
}

function stubPage(operations: OperationHandlers = {}) {
  return stubGraphql(
    {
      TeamPickerPeople: () => ({ data: { organizationUsers: people } }),
      FeedbackTags: () => ({ data: { feedbackTags: [ownership, clarity] } }),
      MyFeedback: () => ({ data: { myFeedback: { items: [], total: 0, next_cursor: null } } }),
      PraiseWall: () => ({ data: { praiseWall: { items: [], total: 0, next_cursor: null } } }),
      ...operations,
    },
    { me: meAs('MEMBER', { id: 'ada' }) },
  );
}

it('shows received feedback as cards, filters through the address, and loads more with the cursor', async () => {
  const { calls } = stubPage({
    MyFeedback: ({ filter }) => ({
      data: {
        myFeedback:
          filter.after === 'c1'
            ? { items: [item({ id: 'f3', body: 'Thanks for pairing on the migration.', giver: null })], total: 3, next_cursor: null }
            : filter.person_id === 'ken'
              ? { items: [item({ id: 'f9', giver: ken, body: 'Great demo.' })], total: 1, next_cursor: null }
              : {
                  items: [
                    item({ id: 'f1', tags: [ownership], visibility: 'MANAGER' }),
                    item({
                      id: 'f2',
                      giver: ken,
                      visibility: 'REQUESTER',
                      body: '',
                      request_id: 'r1',
                      answers: [
                        { question: 'What should I keep doing?', answer: 'Reviewing carefully.' },
                        { question: 'What could I do better?', answer: '' },
                      ],
                    }),
                  ],
                  total: 3,
                  next_cursor: 'c1',
                },
      },
    }),
  });
  const { router } = await renderSignedIn(PATH);
  const list = await screen.findByRole('list', { name: 'Feedback received' }, T);
  const first = within(list).getByRole('listitem', { name: 'Grace Hopper to Ada Lovelace' });
  expect(first.textContent).toContain('Nov 20, 2026');
  expect(first.textContent).toContain('Recipient and their manager');
  expect(first.textContent).toContain('Your incident write-up was calm and clear.');
  expect(within(within(first).getByRole('list', { name: 'Tags' })).getByText('Ownership')).toBeTruthy();
  expect(within(first).queryByRole('button', { name: /Delete/ })).toBeNull();
  const answered = within(list).getByRole('listitem', { name: 'Ken Thompson to Ada Lovelace' });
  expect(within(answered).getByText('What should I keep doing?').tagName).toBe('DT');
  expect(within(answered).getByText('Reviewing carefully.').tagName).toBe('DD');
  expect(within(answered).getByText('No answer')).toBeTruthy();
  expect(screen.getByText('Showing 2 of 3.')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await within(list).findByRole('listitem', { name: 'A former colleague to Ada Lovelace' })).toBeTruthy();
  expect(screen.getByText('Showing 3 of 3.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  expect(calls.filter((c) => c.operationName === 'MyFeedback').map((c) => c.variables.filter.after)).toEqual([null, 'c1']);

  fireEvent.change(screen.getByLabelText('Given by'), { target: { value: 'ken' } });
  fireEvent.change(screen.getByLabelText('Tag'), { target: { value: 'tag-own' } });
  fireEvent.change(screen.getByLabelText('From (day)'), { target: { value: '2026-11-01' } });
  fireEvent.change(screen.getByLabelText('To (day, included)'), { target: { value: '2026-10-01' } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
  expect(await screen.findByText('The end date is before the start date.')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('To (day, included)'), { target: { value: '2026-11-30' } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
  expect(await screen.findByText('Great demo.', {}, T)).toBeTruthy();
  expect(calls.filter((c) => c.operationName === 'MyFeedback').at(-1)!.variables.filter).toEqual({
    box: 'RECEIVED',
    person_id: 'ken',
    tag_id: 'tag-own',
    from: '2026-11-01',
    to: '2026-11-30',
    first: 20,
    after: null,
  });
  expect(router.state.location.search).toEqual({ person: 'ken', tag: 'tag-own', from: '2026-11-01', to: '2026-11-30' });
});

it('opens Given from the address, says when nothing was given, and shows a list that failed with Try again', async () => {
  let fail = true;
  const { calls } = stubPage({
    MyFeedback: ({ filter }) =>
      filter.box === 'RECEIVED' && fail
        ? refusal('Continuous feedback is switched off for your organization.', 'FORBIDDEN')
        : { data: { myFeedback: { items: [], total: 0, next_cursor: null } } },
  });
  const { router } = await renderSignedIn(`${PATH}?tab=given&tag=tag-own`);
  expect(await screen.findByRole('heading', { name: 'Nothing matches these filters' }, T)).toBeTruthy();
  expect(screen.getByRole('tab', { name: 'Given', selected: true })).toBeTruthy();
  expect(calls.find((c) => c.operationName === 'MyFeedback')!.variables.filter).toMatchObject({ box: 'GIVEN', tag_id: 'tag-own' });

  // Tabs move with the arrow keys (radix, automatic activation) and the tab goes to the address.
  const given = screen.getByRole('tab', { name: 'Given' });
  act(() => given.focus());
  fireEvent.keyDown(given, { key: 'ArrowLeft' });
  await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'received', tag: 'tag-own' }));
  expect(await screen.findByText('The feedback could not be loaded: Continuous feedback is switched off for your organization.', {}, T)).toBeTruthy();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Nothing matches these filters' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(await screen.findByRole('heading', { name: 'No feedback received yet' })).toBeTruthy();
  expect(router.state.location.search).toEqual({ tab: 'received' });
});

it('gives feedback: field messages first, a refusal keeps the text and says why, then it is sent as chosen', async () => {
  let refuse = true;
  const { calls } = stubPage({
    GiveFeedback: ({ input }) =>
      refuse
        ? refusal('Grace Hopper is deactivated.', 'BAD_USER_INPUT', { recipient_id: 'This person cannot receive feedback.' })
        : { data: { giveFeedback: item({ id: 'new', giver: ada, recipient: grace, body: input.body, visibility: input.visibility, slack_shared: true }) } },
  });
  await renderSignedIn(PATH);
  fireEvent.click(await screen.findByRole('button', { name: 'Give feedback' }, T));
  const dialog = await screen.findByRole('dialog', { name: 'Give feedback' });
  const send = within(dialog).getByRole('button', { name: 'Send feedback' });
  fireEvent.click(send);
  expect(await within(dialog).findByText('Choose who the feedback is for.')).toBeTruthy();
  expect(within(dialog).getByText('Feedback cannot be empty.')).toBeTruthy();
  expect(within(dialog).getByText('Choose who can see it: private, recipient and their manager, or public praise.')).toBeTruthy();
  expect(calls.some((c) => c.operationName === 'GiveFeedback')).toBe(false);

  const to = within(dialog).getByLabelText('To');
  expect(within(to).queryByRole('option', { name: /Ada Lovelace/ })).toBeNull();
  fireEvent.change(to, { target: { value: 'grace' } });
  fireEvent.change(within(dialog).getByLabelText('Feedback'), { target: { value: 'You unblocked the release on Friday.' } });
  for (const label of ['Private', 'Recipient and their manager', 'Public praise']) expect(within(dialog).getByRole('radio', { name: label })).toBeTruthy();
  expect(within(dialog).getByText('Everyone in the organization sees it on the praise wall.')).toBeTruthy();
  expect(within(dialog).queryByRole('checkbox', { name: /Slack/ })).toBeNull();
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Public praise' }));
  fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Also share to Slack' }));
  fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Ownership' }));
  fireEvent.click(send);
  expect(await within(dialog).findByText('Your feedback was not sent: Grace Hopper is deactivated. What you wrote is still here.')).toBeTruthy();
  expect(within(dialog).getByText('This person cannot receive feedback.')).toBeTruthy();
  expect((within(dialog).getByLabelText('Feedback') as HTMLTextAreaElement).value).toBe('You unblocked the release on Friday.');

  refuse = false;
  fireEvent.click(send);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(await screen.findByText('Your feedback to Grace Hopper was sent.')).toBeTruthy();
  expect(calls.filter((c) => c.operationName === 'GiveFeedback').map((c) => c.variables.input)).toEqual([
    { recipient_id: 'grace', body: 'You unblocked the release on Friday.', visibility: 'PUBLIC', tag_ids: ['tag-own'], share_to_slack: true },
    { recipient_id: 'grace', body: 'You unblocked the release on Friday.', visibility: 'PUBLIC', tag_ids: ['tag-own'], share_to_slack: true },
  ]);
  // The lists are read again after sending.
  await waitFor(() => expect(calls.filter((c) => c.operationName === 'MyFeedback').length).toBeGreaterThan(1));
});

it('reacts to praise on the wall at once, takes a refused reaction back, and deletes my own praise', async () => {
  let answer: (value: Answer<{ toggleFeedbackReaction: FeedbackItem }>) => void = () => undefined;
  let refuse = false;
  const praise = item({
    id: 'p1',
    giver: grace,
    recipient: ken,
    visibility: 'PUBLIC',
    body: 'Ken shipped search in a week!',
    reactions: [{ reaction: 'CLAP', count: 2, mine: false }],
  });
  const mine = item({ id: 'p2', giver: ada, recipient: grace, visibility: 'PUBLIC', body: 'Grace ran a great retro.', can_delete: true });
  let wall = [praise, mine];
  const { calls } = stubPage({
    PraiseWall: () => ({ data: { praiseWall: { items: wall, total: wall.length, next_cursor: null } } }),
    ToggleFeedbackReaction: ({ id, reaction }) =>
      new Promise((resolve) => {
        answer = resolve;
        if (refuse) resolve(refusal('Reactions are for public praise only.', 'BAD_USER_INPUT'));
        else if (reaction !== 'CLAP' || id !== 'p1') resolve(refusal('unexpected', 'BAD_USER_INPUT'));
      }),
    DeleteFeedback: () => {
      wall = [praise];
      return { data: { deleteFeedback: true } };
    },
  });
  await renderSignedIn(`${PATH}?tab=praise`);
  const list = await screen.findByRole('list', { name: 'Praise wall' }, T);
  const card = within(list).getByRole('listitem', { name: 'Grace Hopper to Ken Thompson' });
  expect(card.textContent).toContain('Public praise');
  const clap = within(card).getByRole('button', { name: 'Applause, 2', pressed: false });
  expect(within(card).getByRole('button', { name: 'Love, 0', pressed: false })).toBeTruthy();

  fireEvent.click(clap);
  // Shown before the server answers.
  expect(await within(card).findByRole('button', { name: 'Applause, 3', pressed: true })).toBeTruthy();
  answer({ data: { toggleFeedbackReaction: { ...praise, reactions: [{ reaction: 'CLAP' as const, count: 3, mine: true }] } } });
  await waitFor(() => expect(calls.filter((c) => c.operationName === 'ToggleFeedbackReaction')).toHaveLength(1));

  refuse = true;
  fireEvent.click(within(card).getByRole('button', { name: 'Love, 0' }));
  expect(await screen.findByText('The reaction was not saved: Reactions are for public praise only.')).toBeTruthy();
  expect(within(card).getByRole('button', { name: 'Love, 0', pressed: false })).toBeTruthy();
  expect(within(card).getByRole('button', { name: 'Applause, 3', pressed: true })).toBeTruthy();
  expect(calls.filter((c) => c.operationName === 'ToggleFeedbackReaction').map((c) => c.variables)).toEqual([
    { id: 'p1', reaction: 'CLAP' },
    { id: 'p1', reaction: 'HEART' },
  ]);

  const own = within(list).getByRole('listitem', { name: 'Ada Lovelace to Grace Hopper' });
  expect(within(card).queryByRole('button', { name: /Delete/ })).toBeNull();
  fireEvent.click(within(own).getByRole('button', { name: 'Delete feedback to Grace Hopper from Nov 20, 2026' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Delete your feedback to Grace Hopper?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Delete feedback' }));
  await waitFor(() => expect(within(screen.getByRole('list', { name: 'Praise wall' })).queryByText('Grace ran a great retro.')).toBeNull());
  expect(calls.filter((c) => c.operationName === 'DeleteFeedback').map((c) => c.variables)).toEqual([{ id: 'p2' }]);
});

it('links to the other feedback pages, team progress and automation for managers only', async () => {
  stubPage();
  await renderSignedIn(PATH);
  const nav = await screen.findByRole('navigation', { name: 'Continuous feedback pages' }, T);
  expect(
    within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent),
  ).toEqual(['My feedback', 'Pending', 'Templates']);
  expect(within(nav).getByRole('link', { name: 'My feedback' }).getAttribute('aria-current')).toBe('page');
  expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Received', 'Given', 'Requested', 'Praise wall']);
});
