// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { DEFAULT_RATING_LABELS } from '../../../shared/review-template.schemas.js';
import { meAs, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import { templateSummary } from '../review-templates/review-templates.test-support.js';
import type { Cycle, CycleQuestion, ReviewRequest } from './review-cycles.api.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };

const cycle = (patch: Partial<Cycle> = {}): Cycle => ({
  id: 'c1',
  name: 'Autumn 360',
  type: '360',
  status: 'DRAFT',
  template_name: '360 review',
  nomination_end: null,
  review_end: '2026-12-31T23:59:59.999Z',
  results_release: null,
  participant_count: 1,
  request_count: 0,
  submitted_count: 0,
  can_manage: true,
  created_by: { id: 'ada', full_name: 'Ada Lovelace' },
  perspectives: ['SELF', 'MANAGER', 'PEER', 'DIRECT_REPORT'],
  min_peers: 1,
  max_peers: 3,
  anonymity_threshold: 5,
  launched_at: null,
  closed_at: null,
  readiness: null,
  participants: [],
  ...patch,
});

function stubNewCycle() {
  return stubGraphql(
    {
      ReviewTemplates: () => ({
        data: {
          reviewTemplates: [
            templateSummary({ id: 't360', name: '360 review', review_type: '360', built_in: true }),
            templateSummary({ id: 'tsp', name: 'Sprint check', review_type: 'sprint' }),
          ],
        },
      }),
      TeamPickerPeople: () => ({
        data: {
          organizationUsers: [
            { id: 'u2', full_name: 'Grace Hopper', email: 'grace@example.com', role: null, status: 'ACTIVE' as const, team: { id: 'team1', name: 'Platform' } },
          ],
        },
      }),
      Teams: () => ({
        data: { teams: [{ id: 'team1', name: 'Platform', status: 'ACTIVE', manager: null, team_lead: null, users: [], aggregations: { count_users: 4 } }] },
      }),
      CreateReviewCycle: ({ input }) => ({ data: { createReviewCycle: cycle({ name: input.name }) } }),
      ReviewCycle: () => ({ data: { reviewCycle: cycle() } }),
    },
    { me: meAs('ADMIN', { id: 'ada' }) },
  );
}

it('the new-cycle form shows what is missing next to the fields and sends nothing until it is valid', async () => {
  const { calls } = stubNewCycle();
  await renderSignedIn('/reviews?view=new');
  const form = await screen.findByRole('form', { name: 'New review cycle' }, T);
  expect((within(form).getByLabelText('Template') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('360 review (built-in)');
  fireEvent.click(within(form).getByRole('button', { name: 'Create draft cycle' }));
  expect(await within(form).findByText('Enter a cycle name.')).toBeTruthy();
  expect(within(form).getByText('Add at least one person or team.')).toBeTruthy();
  expect(within(form).getByText('Choose when reviews are due.')).toBeTruthy();

  fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Autumn 360' } });
  fireEvent.click(within(form).getByRole('checkbox', { name: /Platform · 4 people/ }));
  fireEvent.change(within(form).getByLabelText('Reviews due'), { target: { value: '2026-12-31' } });
  fireEvent.change(within(form).getByLabelText('Anonymity threshold'), { target: { value: '2' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Create draft cycle' }));
  expect(await within(form).findByText('The anonymity threshold is at least 3, so no answer can be traced to one person.')).toBeTruthy();
  expect(calls.some((c) => c.operationName === 'CreateReviewCycle')).toBe(false);

  fireEvent.change(within(form).getByLabelText('Anonymity threshold'), { target: { value: '5' } });
  fireEvent.click(within(form).getByRole('checkbox', { name: 'Direct report' }));
  fireEvent.click(within(form).getByRole('button', { name: 'Create draft cycle' }));
  expect(await screen.findByRole('heading', { name: 'Autumn 360', level: 1 }, T)).toBeTruthy();
  const sent = calls.find((c) => c.operationName === 'CreateReviewCycle')!.variables.input;
  expect(sent).toMatchObject({
    name: 'Autumn 360',
    type: '360',
    template_id: 't360',
    team_ids: ['team1'],
    participant_ids: [],
    review_end: '2026-12-31T23:59:59.999Z',
    perspectives: ['SELF', 'MANAGER', 'PEER'],
    anonymity_threshold: 5,
    min_peers: 5,
    max_peers: 8,
  });
});

it('the new-cycle form defaults to a minimum of peers equal to the threshold, and warns when the minimum is below it', async () => {
  stubNewCycle();
  await renderSignedIn('/reviews?view=new');
  const form = await screen.findByRole('form', { name: 'New review cycle' }, T);
  expect((within(form).getByLabelText('Minimum peers') as HTMLInputElement).value).toBe('5');
  expect((within(form).getByLabelText('Anonymity threshold') as HTMLInputElement).value).toBe('5');
  expect(within(form).queryByTestId('peer-threshold-warning')).toBeNull();
  fireEvent.change(within(form).getByLabelText('Minimum peers'), { target: { value: '3' } });
  expect(within(form).getByTestId('peer-threshold-warning').textContent).toBe(
    'Peer answers are shown only when at least 5 peers answered (the anonymity threshold). With a minimum of 3 peers, anyone with fewer than 5 approved peers will see no peer results. Set the minimum to 5 or more.',
  );
  // Raising the minimum, lowering the threshold or turning peers off each settle it.
  fireEvent.change(within(form).getByLabelText('Anonymity threshold'), { target: { value: '3' } });
  expect(within(form).queryByTestId('peer-threshold-warning')).toBeNull();
  fireEvent.change(within(form).getByLabelText('Anonymity threshold'), { target: { value: '6' } });
  expect(within(form).getByTestId('peer-threshold-warning')).toBeTruthy();
  fireEvent.click(within(form).getByRole('checkbox', { name: 'Peer' }));
  expect(within(form).queryByTestId('peer-threshold-warning')).toBeNull();
});

const q = (id: string, kind: CycleQuestion['kind'], prompt: string, patch: Partial<CycleQuestion> = {}): CycleQuestion => ({
  id,
  section_position: 0,
  section_title: 'Working together',
  section_description: null,
  position: Number(id.slice(1)),
  kind,
  prompt,
  self_prompt: null,
  help_text: null,
  options: kind === 'RATING' ? [...DEFAULT_RATING_LABELS] : [],
  competency: null,
  competency_id: null,
  show_goals: false,
  required: true,
  private: false,
  ...patch,
});

function stubRequest(saved: ReviewRequest['answers'] = []) {
  const request: ReviewRequest = {
    id: 'r1',
    cycle_id: 'c1',
    cycle_name: 'Autumn 360',
    cycle_type: '360',
    cycle_status: 'ACTIVE',
    reviewee: { id: 'u2', full_name: 'Grace Hopper' },
    perspective: 'PEER',
    status: 'PENDING',
    due_at: '2026-12-31T23:59:59.999Z',
    submitted_at: null,
    decline_reason: null,
    anonymity_threshold: 5,
    competency_expectations: [],
    questions: [
      q('q1', 'RATING', 'How well does Grace communicate?'),
      q('q2', 'TEXT', 'What should Grace keep doing?'),
      q('q3', 'TEXT', 'Anything else?', { required: false }),
    ],
    answers: saved,
  };
  return stubGraphql(
    {
      ReviewRequest: () => ({ data: { reviewRequest: request } }),
      SaveReviewDraft: ({ answers }) => {
        for (const a of answers)
          request.answers = [
            ...request.answers.filter((x) => x.question_id !== a.question_id),
            { rating: null, text: null, choices: null, ...a, updated_at: new Date().toISOString() },
          ];
        return { data: { saveReviewDraft: { id: 'r1' } } };
      },
      MyReviewRequests: () => {
        const { questions: _q, answers: _a, anonymity_threshold: _t, competency_expectations: _c, ...item } = request;
        return { data: { myReviewRequests: [item] } };
      },
      SubmitReviewRequest: () => ({ data: { submitReviewRequest: { ...request, status: 'SUBMITTED', submitted_at: '2026-11-23T12:00:00.000Z' } } }),
    },
    { me: meAs('MEMBER', { id: 'ada' }) },
  );
}

it('the answer page shows the saved draft and saves what is typed after a pause, saying Saving… then Saved', async () => {
  const { calls } = stubRequest([{ question_id: 'q1', rating: 4, text: null, choices: null, updated_at: '2026-11-23T10:00:00.000Z' }]);
  await renderSignedIn('/reviews/pending?request=r1');
  const form = await screen.findByRole('form', { name: 'Review of Grace Hopper' }, T);
  expect((within(form).getByRole('radio', { name: /4 Exceeds expectations/ }) as HTMLInputElement).checked).toBe(true);
  fireEvent.change(within(form).getByLabelText('Answer to question 2'), { target: { value: 'Clear design notes' } });
  expect(screen.getByTestId('save-status').textContent).toBe('Saving…');
  expect(calls.some((c) => c.operationName === 'SaveReviewDraft')).toBe(false);
  await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe('Saved'), { timeout: 3000 });
  const saves = calls.filter((c) => c.operationName === 'SaveReviewDraft');
  expect(saves).toHaveLength(1);
  expect(saves[0]!.variables).toEqual({ requestId: 'r1', answers: [{ question_id: 'q2', rating: null, text: 'Clear design notes', choices: null }] });
  expect(screen.getByTestId('save-status').getAttribute('aria-live')).toBe('polite');
});

it('submit refuses missing required answers with a message next to each question, then submits once confirmed', async () => {
  const { calls } = stubRequest();
  await renderSignedIn('/reviews/pending?request=r1');
  const form = await screen.findByRole('form', { name: 'Review of Grace Hopper' }, T);
  fireEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
  expect(await within(form).findByText('Pick a rating from 1 to 5.')).toBeTruthy();
  expect(within(form).getByText('Write an answer.')).toBeTruthy();
  expect(within(form).getByText('Answer the 2 required questions marked below before you submit.')).toBeTruthy();
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(calls.some((c) => c.operationName === 'SubmitReviewRequest')).toBe(false);

  fireEvent.click(within(form).getByRole('radio', { name: /3 Meets expectations/ }));
  fireEvent.change(within(form).getByLabelText('Answer to question 2'), { target: { value: 'Mentoring' } });
  expect(within(form).queryByText('Pick a rating from 1 to 5.')).toBeNull();
  fireEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Submit your review of Grace Hopper?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Submit review' }));
  await waitFor(() => expect(calls.filter((c) => c.operationName === 'SubmitReviewRequest')).toHaveLength(1));
  expect(calls.find((c) => c.operationName === 'SubmitReviewRequest')!.variables.answers).toEqual([
    { question_id: 'q1', rating: 3, text: null, choices: null },
    { question_id: 'q2', rating: null, text: 'Mentoring', choices: null },
  ]);
});

it('lists my pending reviews with the overdue one marked, and declining asks for a reason', async () => {
  const item = (id: string, name: string, due: string) => ({
    id,
    cycle_id: 'c1',
    cycle_name: 'Autumn 360',
    cycle_type: '360',
    cycle_status: 'ACTIVE' as const,
    reviewee: { id: `p-${id}`, full_name: name },
    perspective: 'PEER' as const,
    status: 'PENDING' as const,
    due_at: due,
    submitted_at: null,
    decline_reason: null,
  });
  const { calls } = stubGraphql(
    {
      MyReviewRequests: () => ({
        data: { myReviewRequests: [item('r1', 'Grace Hopper', '2026-01-01T23:59:59.999Z'), item('r2', 'Alan Turing', '2099-01-01T23:59:59.999Z')] },
      }),
      DeclineReviewRequest: () => ({
        data: { declineReviewRequest: { ...item('r2', 'Alan Turing', '2099-01-01T23:59:59.999Z'), status: 'DECLINED' as const } },
      }),
    },
    { me: meAs('MEMBER', { id: 'ada' }) },
  );
  await renderSignedIn('/reviews/pending');
  const list = await screen.findByRole('list', { name: 'Review requests' }, T);
  expect(within(within(list).getByRole('listitem', { name: 'Review of Grace Hopper' })).getByText(/Overdue: was due/)).toBeTruthy();
  const alan = within(list).getByRole('listitem', { name: 'Review of Alan Turing' });
  expect(within(alan).queryByText(/Overdue/)).toBeNull();
  fireEvent.click(within(alan).getByRole('button', { name: 'Decline the review of Alan Turing' }));
  const dialog = await screen.findByRole('dialog', { name: 'Decline the review of Alan Turing?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Decline review' }));
  expect(await within(dialog).findByText('Say why you decline, so the person can ask someone else.')).toBeTruthy();
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'I have not worked with Alan.' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Decline review' }));
  await waitFor(() =>
    expect(calls.find((c) => c.operationName === 'DeclineReviewRequest')?.variables).toEqual({ id: 'r2', reason: 'I have not worked with Alan.' }),
  );
});

it('leaving the answer page and coming back shows the answers saved meanwhile, not an older copy', async () => {
  stubRequest();
  await renderSignedIn('/reviews/pending?request=r1');
  const form = await screen.findByRole('form', { name: 'Review of Grace Hopper' }, T);
  fireEvent.change(within(form).getByLabelText('Answer to question 2'), { target: { value: 'Calm on call' } });
  await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe('Saved'), { timeout: 3000 });
  fireEvent.click(screen.getByRole('button', { name: 'Back to pending reviews' }));
  fireEvent.click(await screen.findByRole('link', { name: 'Write review of Grace Hopper' }, T));
  const again = await screen.findByRole('form', { name: 'Review of Grace Hopper' }, T);
  expect((within(again).getByLabelText('Answer to question 2') as HTMLTextAreaElement).value).toBe('Calm on call');
  expect(localStorage.getItem('teamlens.review-draft.r1')).toBeNull();
});
