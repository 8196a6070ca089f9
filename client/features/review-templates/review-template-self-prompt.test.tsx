// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { DEFAULT_RATING_LABELS } from '../../../shared/review-template.schemas.js';
import { meAs, refusal, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { ReviewQuestion, ReviewTemplate } from './review-templates.api.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };
const LABEL = 'Self-review wording (optional)';

const question = (id: string, prompt: string, patch: Partial<ReviewQuestion> = {}): ReviewQuestion => ({
  id,
  kind: 'RATING',
  prompt,
  self_prompt: null,
  help_text: null,
  options: [...DEFAULT_RATING_LABELS],
  competency: null,
  competency_id: null,
  show_goals: false,
  perspectives: ['SELF', 'PEER'],
  required: true,
  private: false,
  ...patch,
});

const template: ReviewTemplate = {
  id: 't1',
  name: 'Engineering review',
  description: null,
  review_type: '360',
  built_in: false,
  archived_at: null,
  created_by: { id: 'ada', full_name: 'Ada Lovelace' },
  updated_at: '2026-11-20T10:00:00.000Z',
  section_count: 1,
  question_count: 2,
  can_edit: true,
  can_archive: true,
  version: 1,
  sections: [
    {
      id: 's1',
      title: 'Skills',
      description: null,
      questions: [
        question('q1', 'How clearly does this person communicate?', { self_prompt: 'How clearly do you communicate?' }),
        question('q2', 'How well do they plan?', { perspectives: ['MANAGER', 'PEER'] }),
      ],
    },
  ],
};

function stubServer(refuseUpdate?: ReturnType<typeof refusal>) {
  return stubGraphql(
    {
      ReviewTemplates: () => ({ data: { reviewTemplates: [template] } }),
      ReviewTemplate: () => ({ data: { reviewTemplate: template } }),
      UpdateReviewTemplate: ({ input }) => refuseUpdate ?? { data: { updateReviewTemplate: { ...template, name: input.name } } },
    },
    { me: meAs('ADMIN', { id: 'ada' }) },
  );
}

async function openEditor() {
  await renderSignedIn('/reviews/templates?view=edit&id=t1');
  const form = await screen.findByRole('form', { name: 'Edit Engineering review' }, T);
  const item = (n: number) => within(form).getByRole('listitem', { name: new RegExp(`^Question ${n}`) });
  return { form, item };
}

it('the self-review wording field shows only while Self is checked, and its value is sent', async () => {
  const { calls } = stubServer();
  const { form, item } = await openEditor();
  const wording = within(item(1)).getByLabelText(LABEL) as HTMLTextAreaElement;
  expect(wording.value).toBe('How clearly do you communicate?');
  expect(within(item(1)).getByText("How the person reads this question in their own self review, e.g. 'How clearly do you communicate?'")).toBeTruthy();
  expect(within(item(2)).queryByLabelText(LABEL)).toBeNull();

  // Unchecking Self hides it; checking Self again brings back what was written.
  fireEvent.click(within(item(1)).getByRole('checkbox', { name: 'Self' }));
  expect(within(item(1)).queryByLabelText(LABEL)).toBeNull();
  fireEvent.click(within(item(1)).getByRole('checkbox', { name: 'Self' }));
  expect((within(item(1)).getByLabelText(LABEL) as HTMLTextAreaElement).value).toBe('How clearly do you communicate?');

  fireEvent.click(within(item(2)).getByRole('checkbox', { name: 'Self' }));
  fireEvent.change(within(item(2)).getByLabelText(LABEL), { target: { value: '  How well do you plan?  ' } });
  fireEvent.change(within(item(1)).getByLabelText(LABEL), { target: { value: 'How openly do you share context?' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save template' }));
  await waitFor(() => expect(calls.some((c) => c.operationName === 'UpdateReviewTemplate')).toBe(true));
  const sent = calls.find((c) => c.operationName === 'UpdateReviewTemplate')!.variables.input.sections[0].questions;
  expect(sent.map((q: { self_prompt: string | null; perspectives: string[] }) => [q.self_prompt, q.perspectives])).toEqual([
    ['How openly do you share context?', ['SELF', 'PEER']],
    ['How well do you plan?', ['SELF', 'MANAGER', 'PEER']],
  ]);
});

it('a wording left behind when Self is unchecked is not sent', async () => {
  const { calls } = stubServer();
  const { form, item } = await openEditor();
  fireEvent.click(within(item(1)).getByRole('checkbox', { name: 'Self' }));
  fireEvent.click(within(form).getByRole('button', { name: 'Save template' }));
  await waitFor(() => expect(calls.some((c) => c.operationName === 'UpdateReviewTemplate')).toBe(true));
  expect(calls.find((c) => c.operationName === 'UpdateReviewTemplate')!.variables.input.sections[0].questions[0]).toMatchObject({
    self_prompt: null,
    perspectives: ['PEER'],
  });
});

it('a wording refused by the server shows under the field', async () => {
  const message = 'Only questions the person answers about themselves have a self-review wording.';
  stubServer(refusal(`sections.0.questions.0.self_prompt: ${message}`, 'BAD_USER_INPUT', { 'sections.0.questions.0.self_prompt': message }));
  const { form, item } = await openEditor();
  fireEvent.click(within(form).getByRole('button', { name: 'Save template' }));
  const field = within(item(1)).getByLabelText(LABEL);
  await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  expect(within(item(1)).getByText(message)).toBeTruthy();
  expect(field.getAttribute('aria-describedby')).toContain(within(item(1)).getByText(message).id);
});

it('the preview reads questions in their self wording as Self, and lists it under the prompt for any perspective', async () => {
  stubServer();
  await renderSignedIn('/reviews/templates?view=preview&id=t1');
  await screen.findByRole('heading', { name: 'Engineering review', level: 1 }, T);
  expect(screen.getByRole('group', { name: /How clearly does this person communicate\?/ })).toBeTruthy();
  expect(screen.getByText('How clearly do you communicate?').closest('p')!.textContent).toBe('Self review: How clearly do you communicate?');
  fireEvent.change(screen.getByLabelText('Answering as'), { target: { value: 'SELF' } });
  expect(screen.getByRole('group', { name: /How clearly do you communicate\?/ })).toBeTruthy();
  expect(screen.queryByText(/does this person communicate/)).toBeNull();
  expect(screen.queryByText('Self review:')).toBeNull();
  fireEvent.change(screen.getByLabelText('Answering as'), { target: { value: 'PEER' } });
  expect(screen.getByRole('group', { name: /How clearly does this person communicate\?/ })).toBeTruthy();
  expect(screen.queryByText(/do you communicate/)).toBeNull();
});
