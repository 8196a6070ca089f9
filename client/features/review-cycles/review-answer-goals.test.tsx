// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { DEFAULT_RATING_LABELS } from '../../../shared/review-template.schemas.js';
import { meAs, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { CycleQuestion, ReviewRequest } from './review-cycles.api.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };

const questions: CycleQuestion[] = [
  {
    id: 'q1',
    section_position: 0,
    section_title: 'Half year',
    section_description: null,
    position: 0,
    kind: 'COMPETENCY_RATING',
    prompt: 'How well does this person deliver?',
    self_prompt: null,
    help_text: null,
    options: [...DEFAULT_RATING_LABELS],
    competency: 'Delivery',
    competency_id: 'c-delivery',
    show_goals: false,
    required: true,
    private: false,
  },
  {
    id: 'q2',
    section_position: 0,
    section_title: 'Half year',
    section_description: null,
    position: 1,
    kind: 'TEXT',
    prompt: 'What did this person achieve?',
    self_prompt: null,
    help_text: null,
    options: [],
    competency: null,
    competency_id: null,
    show_goals: true,
    required: false,
    private: false,
  },
];

it('a manager review shows the level’s expectation under the competency question and the person’s goals of the period under the question that asks for them', async () => {
  const request: ReviewRequest = {
    id: 'r1',
    cycle_id: 'c1',
    cycle_name: 'Autumn 360',
    cycle_type: '360',
    cycle_status: 'ACTIVE',
    perspective: 'MANAGER',
    reviewee: { id: 'u2', full_name: 'Grace Hopper' },
    status: 'PENDING',
    due_at: '2026-12-31T23:59:59.999Z',
    submitted_at: null,
    decline_reason: null,
    questions,
    answers: [],
    anonymity_threshold: 5,
    competency_expectations: [
      { question_id: 'q1', competency_name: 'Delivery', level_name: 'Senior Engineer', text: 'Leads a project of several people to release.' },
    ],
  };
  const asked: Array<Record<string, unknown>> = [];
  stubGraphql(
    {
      ReviewRequest: () => ({ data: { reviewRequest: request } }),
      GoalsInPeriod: (variables) => {
        asked.push(variables);
        return {
          data: {
            goalsInPeriod: [
              { id: 'g1', title: 'Ship the job queue', status: 'AT_RISK', progress: 42.5, start_date: '2026-07-01', due_date: '2026-11-30' },
              { id: 'g2', title: 'Give a public talk', status: 'DONE', progress: 100, start_date: null, due_date: null },
            ],
          },
        };
      },
    },
    { me: meAs('MANAGER', { id: 'boss' }) },
  );
  await renderSignedIn('/reviews/pending?request=r1');
  const form = await screen.findByRole('form', { name: 'Review of Grace Hopper' }, T);
  const [first, second] = within(form)
    .getAllByRole('listitem')
    .filter((li) => li.classList.contains('rc-question'));
  const expectation = within(first!).getByRole('complementary', { name: 'What their level expects of Delivery' });
  expect(expectation.textContent).toContain('Expected at Senior Engineer: Delivery');
  expect(expectation.textContent).toContain('Leads a project of several people to release.');
  expect(within(first!).queryByRole('region', { name: /goals in this period/ })).toBeNull();

  const panel = await within(second!).findByRole('region', { name: "Grace Hopper's goals in this period" }, T);
  await within(panel).findByText('Ship the job queue', {}, T);
  expect(asked[0]).toMatchObject({ user: 'u2', to: '2026-12-31' });
  expect(within(panel).getByText('At risk')).toBeTruthy();
  expect(within(panel).getByRole('progressbar', { name: /Progress of Ship the job queue: 43%/ })).toBeTruthy();
  expect(within(panel).getByRole('progressbar', { name: /Progress of Give a public talk: 100%/ })).toBeTruthy();
});
