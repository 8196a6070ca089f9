// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { DEFAULT_RATING_LABELS } from '../../../shared/review-template.schemas.js';
import { meAs, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { CycleQuestion, ReviewRequest } from './review-cycles.api.js';

/** "Who sees your answers" on the answer page, one case per perspective, from the request's own settings. */
cleanUpBetweenTests();
const T = { timeout: 5000 };

const question = (id: string, patch: Partial<CycleQuestion> = {}): CycleQuestion => ({
  id,
  section_position: 0,
  section_title: 'Skills',
  section_description: null,
  position: Number(id.slice(1)),
  kind: 'RATING',
  prompt: `Question ${id}?`,
  self_prompt: null,
  help_text: null,
  options: [...DEFAULT_RATING_LABELS],
  competency: null,
  competency_id: null,
  show_goals: false,
  required: false,
  private: false,
  ...patch,
});

async function panelFor(perspective: ReviewRequest['perspective'], threshold: number, questions: CycleQuestion[] = [question('q1')]) {
  const request: ReviewRequest = {
    id: 'r1',
    cycle_id: 'c1',
    cycle_name: 'Autumn 360',
    cycle_type: '360',
    cycle_status: 'ACTIVE',
    perspective,
    anonymity_threshold: threshold,
    reviewee: perspective === 'SELF' ? { id: 'ada', full_name: 'Ada Lovelace' } : { id: 'u2', full_name: 'Grace Hopper' },
    status: 'PENDING',
    due_at: '2026-12-31T23:59:59.999Z',
    submitted_at: null,
    decline_reason: null,
    questions,
    answers: [],
    competency_expectations: [],
  };
  stubGraphql({ ReviewRequest: () => ({ data: { reviewRequest: request } }) }, { me: meAs('MEMBER', { id: 'ada' }) });
  await renderSignedIn('/reviews/pending?request=r1');
  const panel = await screen.findByRole('region', { name: 'Who sees your answers' }, T);
  return {
    text: panel.textContent ?? '',
    points: within(panel)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  };
}

it('a peer review is anonymous: combined from the cycle threshold on, comments unsigned', async () => {
  const { text, points } = await panelFor('PEER', 4);
  expect(text).toContain(
    'Anonymous Grace Hopper, Grace Hopper’s manager and admins see peers’ answers only combined, and only when at least 4 peers answered a question.',
  );
  expect(points).toEqual([
    'With fewer than 4 answers, a figure is withheld from everyone, managers and admins included.',
    'Ratings and choices are shown as averages and counts, never one person’s answer.',
    'Comments are shown word for word without your name: leave out details that would identify you.',
  ]);
});

it('a direct-report review names the group and the threshold of its cycle', async () => {
  const { text, points } = await panelFor('DIRECT_REPORT', 7);
  expect(text).toContain('see direct reports’ answers only combined, and only when at least 7 direct reports answered a question.');
  expect(points[0]).toBe('With fewer than 7 answers, a figure is withheld from everyone, managers and admins included.');
});

it('a manager review is signed, and private questions never reach the reviewee', async () => {
  const { text, points } = await panelFor('MANAGER', 5, [question('q1'), question('q2', { private: true })]);
  expect(text).toContain('Signed Grace Hopper reads your answers with your name once you or an admin releases the results; admins can read them too.');
  expect(text).not.toContain('combined');
  expect(points).toEqual([
    'Your ratings and comments are shown as you write them, signed.',
    'One question is marked private: Grace Hopper never sees its answers; only admins do.',
  ]);
});

it('a self review is signed and read by the manager', async () => {
  const { text, points } = await panelFor('SELF', 5, [question('q1'), question('q2', { private: true }), question('q3', { private: true })]);
  expect(text).toContain('Signed Your manager and admins read your self review with your name');
  expect(points).toEqual([
    'You see your own answers again in your results, once your manager releases them.',
    '2 questions are marked private: you will not see those answers; only your manager and admins do.',
  ]);
});
