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
    section_title: 'Competencies',
    section_description: null,
    position: 0,
    kind: 'COMPETENCY_RATING',
    prompt: 'How clearly and openly does this person communicate?',
    self_prompt: 'How clearly and openly do you communicate?',
    help_text: null,
    options: [...DEFAULT_RATING_LABELS],
    competency: 'Communication',
    competency_id: null,
    show_goals: false,
    required: true,
    private: false,
  },
  {
    id: 'q2',
    section_position: 0,
    section_title: 'Competencies',
    section_description: null,
    position: 1,
    kind: 'TEXT',
    prompt: 'Anything else?',
    self_prompt: null,
    help_text: null,
    options: [],
    competency: null,
    competency_id: null,
    show_goals: false,
    required: false,
    private: false,
  },
];

function stubRequest(perspective: ReviewRequest['perspective']) {
  const request: ReviewRequest = {
    id: 'r1',
    cycle_id: 'c1',
    cycle_name: 'Autumn 360',
    cycle_type: '360',
    cycle_status: 'ACTIVE',
    perspective,
    reviewee: perspective === 'SELF' ? { id: 'ada', full_name: 'Ada Lovelace' } : { id: 'u2', full_name: 'Grace Hopper' },
    status: 'PENDING',
    due_at: '2026-12-31T23:59:59.999Z',
    submitted_at: null,
    decline_reason: null,
    questions,
    answers: [],
    anonymity_threshold: 5,
    competency_expectations: [],
  };
  stubGraphql({ ReviewRequest: () => ({ data: { reviewRequest: request } }) }, { me: meAs('MEMBER', { id: 'ada' }) });
}

const legends = (form: HTMLElement) =>
  within(form)
    .getAllByRole('group')
    .map((g) => g.querySelector('legend')?.textContent?.replace(/\s+/g, ' '));

it('a self review reads each question in its self-review wording when it has one', async () => {
  stubRequest('SELF');
  await renderSignedIn('/reviews/pending?request=r1');
  const form = await screen.findByRole('form', { name: 'Your self review' }, T);
  expect(legends(form)).toEqual(['1. Communication How clearly and openly do you communicate? *', '2. Anything else? (optional)']);
  expect(within(form).queryByText(/does this person communicate/)).toBeNull();
  expect(within(form).getByRole('radiogroup', { name: /How clearly and openly do you communicate\?/ })).toBeTruthy();
});

it('a peer review keeps the prompt written about the person', async () => {
  stubRequest('PEER');
  await renderSignedIn('/reviews/pending?request=r1');
  const form = await screen.findByRole('form', { name: 'Review of Grace Hopper' }, T);
  expect(legends(form)).toEqual(['1. Communication How clearly and openly does this person communicate? *', '2. Anything else? (optional)']);
  expect(within(form).queryByText(/do you communicate/)).toBeNull();
});
