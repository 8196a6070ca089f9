// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { BUILTIN_FEEDBACK_TEMPLATES } from '../../../shared/feedback.js';
import { meAs, refusal, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn, signIn, testQueryClient } from '../../test/render-route.js';
import { SentRequests } from './feedback-requests-sent.js';
import { RequestFeedbackButton } from './request-feedback-dialog.js';
import type { FeedbackAsk, FeedbackItem, FeedbackRequest, FeedbackTemplate, PendingFeedbackAsk } from './feedback.types.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };

const person = (id: string, full_name: string) => ({ id, full_name });
const ada = person('ada', 'Ada Lovelace');
const margaret = person('margaret', 'Margaret Hamilton');
const ken = person('ken', 'Ken Thompson');
const radia = person('radia', 'Radia Perlman');
const grace = person('grace', 'Grace Hopper');

const ask = (id: string, responder: { id: string; full_name: string }, patch: Partial<FeedbackAsk> = {}): FeedbackAsk => ({
  id,
  request_id: 'r1',
  responder,
  status: 'PENDING',
  decline_reason: null,
  answered_at: null,
  created_at: '2026-11-20T09:00:00.000Z',
  ...patch,
});
const answerItem = (id: string, giver: { id: string; full_name: string }, answers: Array<{ question: string; answer: string }>): FeedbackItem => ({
  id,
  giver,
  recipient: margaret,
  body: '',
  visibility: 'REQUESTER',
  tags: [],
  answers,
  request_id: 'r1',
  reactions: [],
  slack_shared: false,
  can_delete: false,
  created_at: '2026-11-21T09:00:00.000Z',
});
const request = (patch: Partial<FeedbackRequest> = {}): FeedbackRequest => ({
  id: 'r1',
  requester: ada,
  subject: margaret,
  template_name: 'After a project',
  questions: ['What went well?', 'What could change?'],
  message: 'About the launch of the billing service.',
  due_on: '2099-12-01',
  about_report: true,
  shared_at: null,
  cancelled_at: null,
  automated: false,
  asks: [],
  answers: [],
  answered: 0,
  asked: 0,
  created_at: '2026-11-20T09:00:00.000Z',
  ...patch,
});

// ---------------------------------------------------------------- the pending page

function stubPending(options: { conflictOnAnswer?: boolean } = {}) {
  const asks: PendingFeedbackAsk[] = [
    { id: 'a1', status: 'PENDING', created_at: '2026-11-20T09:00:00.000Z', request: request() },
    {
      id: 'a0',
      status: 'DECLINED',
      created_at: '2026-10-01T09:00:00.000Z',
      request: request({ id: 'r0', requester: grace, subject: grace, about_report: false, template_name: null, message: '', due_on: null }),
    },
  ];
  const { calls } = stubGraphql(
    {
      PendingFeedbackRequests: () => ({ data: { pendingFeedbackRequests: asks } }),
      AnswerFeedbackRequest: ({ ask_id }) => {
        if (options.conflictOnAnswer) return refusal('You already answered this request.', 'CONFLICT');
        const a = asks.find((x) => x.id === ask_id)!;
        a.status = 'ANSWERED';
        return { data: { answerFeedbackRequest: a } };
      },
      DeclineFeedbackRequest: ({ ask_id }) => {
        const a = asks.find((x) => x.id === ask_id)!;
        a.status = 'DECLINED';
        return { data: { declineFeedbackRequest: a } };
      },
    },
    { me: meAs('MEMBER', { id: 'ken', full_name: 'Ken Thompson' }) },
  );
  return { calls };
}

const waitingList = () => screen.findByRole('list', { name: 'Requests waiting for you' }, T);

it('shows who asks about whom with the message and due date; an empty answer is refused, a sent one moves to Done', async () => {
  const { calls } = stubPending();
  await renderSignedIn('/continuous-feedback/pending');
  const waiting = await waitingList();
  const card = within(waiting).getByRole('listitem', { name: 'Ada Lovelace asks for feedback about Margaret Hamilton' });
  expect(within(card).getByText('About the launch of the billing service.')).toBeTruthy();
  expect(card.textContent).toContain('After a project');
  expect(card.textContent).toMatch(/answer by .*2099/);
  // The done one: asked by Grace about herself, declined.
  const done = screen.getByRole('list', { name: 'Requests done' });
  expect(within(within(done).getByRole('listitem', { name: 'Grace Hopper asks for feedback about themself' })).getByText('Declined')).toBeTruthy();

  const form = within(card).getByRole('form', { name: 'Answer: Ada Lovelace asks for feedback about Margaret Hamilton' });
  fireEvent.click(within(form).getByRole('button', { name: 'Send answers' }));
  expect(await within(form).findByText('Answer at least one question.')).toBeTruthy();
  expect(calls.some((c) => c.operationName === 'AnswerFeedbackRequest')).toBe(false);

  fireEvent.change(within(form).getByLabelText('What went well?'), { target: { value: '  She kept the launch calm.  ' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Send answers' }));
  await waitFor(() =>
    expect(calls.filter((c) => c.operationName === 'AnswerFeedbackRequest').map((c) => c.variables)).toEqual([
      { ask_id: 'a1', answers: ['She kept the launch calm.', ''] },
    ]),
  );
  // Answered once: the request leaves the waiting list and shows as answered below, without a form.
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Waiting for you (0)' })).toBeTruthy(), T);
  const answered = within(screen.getByRole('list', { name: 'Requests done' })).getByRole('listitem', {
    name: 'Ada Lovelace asks for feedback about Margaret Hamilton',
  });
  expect(within(answered).getByText('Answered')).toBeTruthy();
  expect(within(answered).queryByRole('form')).toBeNull();
  expect(screen.getByText('No one is waiting for your feedback right now.')).toBeTruthy();
});

it('declining needs a reason, which is sent; a second answer refused by the server keeps the text and says why', async () => {
  const { calls } = stubPending({ conflictOnAnswer: true });
  await renderSignedIn('/continuous-feedback/pending');
  const card = within(await waitingList()).getByRole('listitem', { name: /Ada Lovelace asks/ });
  const answerForm = within(card).getByRole('form', { name: /^Answer: / });
  fireEvent.change(within(answerForm).getByLabelText('What could change?'), { target: { value: 'Share the plan earlier.' } });
  fireEvent.click(within(answerForm).getByRole('button', { name: 'Send answers' }));
  expect(await within(answerForm).findByText('You already answered this request. The list was refreshed.')).toBeTruthy();
  expect((within(answerForm).getByLabelText('What could change?') as HTMLTextAreaElement).value).toBe('Share the plan earlier.');

  fireEvent.click(within(card).getByRole('button', { name: 'Decline…' }));
  const declineForm = within(card).getByRole('form', { name: /^Decline: / });
  fireEvent.click(within(declineForm).getByRole('button', { name: 'Decline request' }));
  expect(await within(declineForm).findByText('Reason cannot be empty.')).toBeTruthy();
  expect(calls.some((c) => c.operationName === 'DeclineFeedbackRequest')).toBe(false);
  fireEvent.change(within(declineForm).getByLabelText('Why do you decline?'), { target: { value: 'I did not work with Margaret on it.' } });
  fireEvent.click(within(declineForm).getByRole('button', { name: 'Decline request' }));
  await waitFor(() =>
    expect(calls.filter((c) => c.operationName === 'DeclineFeedbackRequest').map((c) => c.variables)).toEqual([
      { ask_id: 'a1', reason: 'I did not work with Margaret on it.' },
    ]),
  );
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Waiting for you (0)' })).toBeTruthy(), T);
});

// ---------------------------------------------------------------- asking, and the requests I sent

const builtIns = (): FeedbackTemplate[] =>
  BUILTIN_FEEDBACK_TEMPLATES.map((t) => ({
    ...t,
    questions: [...t.questions],
    built_in: true,
    archived: false,
    created_by: null,
    updated_at: null,
    can_manage: false,
    version: 0,
  }));
const orgPerson = (p: { id: string; full_name: string }, managerId: string | null, team: string | null) => ({
  ...p,
  email: `${p.id}@example.com`,
  role: null,
  status: 'ACTIVE' as const,
  manager: managerId ? { id: managerId } : null,
  team: team ? { id: team, name: team } : null,
});

function stubRequests(options: { refuseFirst?: boolean } = {}) {
  const sent: FeedbackRequest[] = [
    request({ id: 'r0', subject: ada, about_report: false, created_at: '2026-10-02T09:00:00.000Z', asks: [ask('k0', ken, { request_id: 'r0' })], asked: 1 }),
    request({
      id: 'r1',
      asks: [ask('k1', ken, { status: 'ANSWERED' }), ask('k2', radia, { status: 'DECLINED', decline_reason: 'On leave that month.' }), ask('k3', grace)],
      answers: [
        answerItem('f1', ken, [
          { question: 'What went well?', answer: 'Calm under pressure.' },
          { question: 'What could change?', answer: '' },
        ]),
      ],
      answered: 1,
      asked: 3,
    }),
  ];
  let refused = false;
  const { calls } = stubGraphql(
    {
      FeedbackRequestPeople: () => ({
        data: {
          findOneUser: { id: 'ada', permission_level: 'MANAGER', managed_teams: [{ id: 'platform' }] },
          organizationUsers: [
            orgPerson(ada, null, 'platform'),
            orgPerson(margaret, 'ada', 'platform'),
            orgPerson(ken, 'ada', 'platform'),
            orgPerson(radia, null, 'data'),
            orgPerson(grace, null, 'web'),
          ],
        },
      }),
      FeedbackTemplates: () => ({ data: { feedbackTemplates: builtIns() } }),
      SentFeedbackRequests: () => ({ data: { sentFeedbackRequests: sent } }),
      RequestFeedback: ({ input }) => {
        if (options.refuseFirst && !refused) {
          refused = true;
          return refusal('Radia Perlman cannot be asked: deactivated.', 'BAD_USER_INPUT', { responder_ids: 'Radia Perlman cannot be asked: deactivated.' });
        }
        const made = request({
          id: 'r2',
          created_at: '2026-11-25T09:00:00.000Z',
          questions: input.questions ?? [],
          template_name: null,
          message: input.message ?? '',
          asks: input.responder_ids.map((id: string, i: number) =>
            ask(
              `n${i}`,
              [ken, radia, grace].find((p) => p.id === id)!,
            ),
          ),
          asked: input.responder_ids.length,
        });
        sent.push(made);
        return { data: { requestFeedback: made } };
      },
      ShareFeedbackRequest: ({ id }) => {
        const r = sent.find((x) => x.id === id)!;
        r.shared_at = '2026-11-25T10:00:00.000Z';
        return { data: { shareFeedbackRequest: r } };
      },
    },
    { me: meAs('MANAGER', { id: 'ada' }) },
  );
  return { calls };
}

async function renderRequests() {
  await signIn();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RequestFeedbackButton />
      <SentRequests />
    </QueryClientProvider>,
  );
}

it('a manager asks about a report: only reports to choose, people added and removed by keyboard, checks before sending, and keeps everything on a refusal', async () => {
  const { calls } = stubRequests({ refuseFirst: true });
  await renderRequests();
  fireEvent.click(screen.getByRole('button', { name: 'Request feedback' }));
  const form = await screen.findByRole('form', { name: 'Request feedback' }, T);
  fireEvent.click(within(form).getByLabelText('About one of my reports'));
  const subject = within(form).getByLabelText('Feedback about') as HTMLSelectElement;
  expect([...subject.options].map((o) => o.textContent)).toEqual([
    'Choose a person',
    'Margaret Hamilton (margaret@example.com)',
    'Ken Thompson (ken@example.com)',
  ]);
  fireEvent.change(subject, { target: { value: 'margaret' } });

  // Nobody asked yet: refused in the form.
  fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));
  expect(await within(form).findByText('Choose at least one person to ask.')).toBeTruthy();

  const search = within(form).getByLabelText('Find people to ask');
  for (const name of ['Ken', 'Radia', 'Grace']) {
    fireEvent.change(search, { target: { value: name } });
    fireEvent.click(within(form).getByRole('button', { name: new RegExp(`^Ask ${name}`) }));
  }
  // Margaret herself is not offered: the feedback is about her.
  fireEvent.change(search, { target: { value: 'Margaret' } });
  expect(within(form).getByText('Nobody else matches “Margaret”.')).toBeTruthy();
  fireEvent.change(search, { target: { value: '' } });
  const chips = within(form).getByRole('list', { name: 'People to ask' });
  fireEvent.keyDown(within(chips).getByRole('button', { name: 'Remove Grace Hopper' }), { key: 'Backspace' });
  expect(
    within(chips)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Ken Thompson×', 'Radia Perlman×']);
  expect(screen.getByText('Grace Hopper removed: 2 of at most 10 people.')).toBeTruthy();

  // A built-in template shows its questions; own questions instead, left empty, are refused.
  const questions = within(form).getByLabelText('Questions') as HTMLSelectElement;
  expect(
    within(within(form).getByRole('list', { name: 'Questions of General' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(BUILTIN_FEEDBACK_TEMPLATES[0]!.questions);
  fireEvent.change(questions, { target: { value: '' } });
  fireEvent.change(within(form).getByLabelText('Message (optional)'), { target: { value: 'For the billing launch.' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));
  expect(await within(form).findByText('Question cannot be empty.')).toBeTruthy();
  expect(calls.some((c) => c.operationName === 'RequestFeedback')).toBe(false);

  fireEvent.change(within(form).getByLabelText('Question 1'), { target: { value: 'How did the launch go?' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));
  // The server refuses once: its message shows at the people, and nothing typed is lost.
  expect(await within(form).findAllByText('Radia Perlman cannot be asked: deactivated.')).not.toHaveLength(0);
  expect((within(form).getByLabelText('Message (optional)') as HTMLTextAreaElement).value).toBe('For the billing launch.');
  expect((within(form).getByLabelText('Question 1') as HTMLInputElement).value).toBe('How did the launch go?');
  fireEvent.click(within(chips).getByRole('button', { name: 'Remove Radia Perlman' }));
  fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));
  await waitFor(() => expect(screen.queryByRole('form', { name: 'Request feedback' })).toBeNull(), T);
  expect(calls.filter((c) => c.operationName === 'RequestFeedback').map((c) => c.variables.input)).toEqual([
    {
      subject_id: 'margaret',
      responder_ids: ['ken', 'radia'],
      template_id: null,
      questions: ['How did the launch go?'],
      message: 'For the billing launch.',
      due_on: null,
    },
    {
      subject_id: 'margaret',
      responder_ids: ['ken'],
      template_id: null,
      questions: ['How did the launch go?'],
      message: 'For the billing launch.',
      due_on: null,
    },
  ]);
});

it("lists my requests newest first with each ask's status, the answers, and shares them with the report after confirming", async () => {
  const { calls } = stubRequests();
  await renderRequests();
  const list = await screen.findByRole('list', { name: 'Requests I made' }, T);
  expect(
    within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent),
  ).toEqual(['Feedback about Margaret Hamilton', 'Feedback about you']);
  const card = within(list).getByRole('listitem', { name: 'Feedback about Margaret Hamilton' });
  expect(within(card).getByText('1 of 3 answered')).toBeTruthy();
  // About myself: nothing to share.
  expect(within(within(list).getByRole('listitem', { name: 'Feedback about you' })).queryByRole('button', { name: /^Share/ })).toBeNull();
  const asks = within(card).getByRole('list', { name: 'People asked about Margaret Hamilton' });
  expect(
    within(asks)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Ken ThompsonAnswered', 'Radia PerlmanDeclinedReason: On leave that month.', 'Grace HopperWaiting']);
  const answer = within(card).getByRole('article', { name: 'Answer from Ken Thompson' });
  expect(within(answer).getByText('What went well?')).toBeTruthy();
  expect(within(answer).getByText('Calm under pressure.')).toBeTruthy();
  expect(within(answer).getByText('No answer')).toBeTruthy();

  fireEvent.click(within(card).getByRole('button', { name: 'Share with Margaret Hamilton' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Share the answers with Margaret Hamilton?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Share answers' }));
  await waitFor(() => expect(calls.filter((c) => c.operationName === 'ShareFeedbackRequest').map((c) => c.variables)).toEqual([{ id: 'r1' }]));
  expect(await within(card).findByText(/^Shared with Margaret Hamilton on /, {}, T)).toBeTruthy();
  expect(within(card).queryByRole('button', { name: 'Share with Margaret Hamilton' })).toBeNull();
  expect(within(card).getByRole('button', { name: 'Cancel the request about Margaret Hamilton' })).toBeTruthy();
});
