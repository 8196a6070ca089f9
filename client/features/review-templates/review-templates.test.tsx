// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { DEFAULT_RATING_LABELS } from '../../../shared/review-template.schemas.js';
import { meAs, refusal, requestOf, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { ReviewQuestion, ReviewTemplate } from './review-templates.api.js';

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

function template(id: string, name: string, patch: Partial<ReviewTemplate> = {}): ReviewTemplate {
  const sections = patch.sections ?? [
    {
      id: `${id}-s1`,
      title: 'Skills',
      description: null,
      questions: [question(`${id}-q1`, 'How well does this person communicate?'), question(`${id}-q2`, 'How well do they plan?')],
    },
  ];
  return {
    id,
    name,
    description: null,
    review_type: '360',
    built_in: false,
    archived_at: null,
    created_by: { id: 'ada', full_name: 'Ada Lovelace' },
    updated_at: '2026-11-20T10:00:00.000Z',
    section_count: sections.length,
    question_count: sections.reduce((n, s) => n + s.questions.length, 0),
    can_edit: true,
    can_archive: true,
    version: 1,
    ...patch,
    sections,
  };
}

/** The server at the network edge: templates in memory, BAD_USER_INPUT when told to refuse. */
function stubServer(level: 'ADMIN' | 'MANAGER' | 'MEMBER' = 'ADMIN', refuseUpdate?: ReturnType<typeof refusal>) {
  const templates = [
    template('b360', '360 review', { built_in: true, created_by: null, can_edit: false, description: 'A rounded view.' }),
    template('t1', 'Engineering review', { review_type: 'sprint' }),
  ];
  const { calls } = stubGraphql(
    {
      // The server refuses members the list (asked with the viewer, never shown to them).
      ReviewTemplates: () => (level === 'MEMBER' ? refusal('Only managers and admins can do this.', 'FORBIDDEN') : { data: { reviewTemplates: templates } }),
      ReviewTemplate: ({ id }) => ({ data: { reviewTemplate: templates.find((t) => t.id === id)! } }),
      CopyReviewTemplate: ({ id, name }) => {
        const copy = { ...template('copy1', name), sections: templates.find((t) => t.id === id)!.sections };
        templates.push(copy);
        return { data: { copyReviewTemplate: copy } };
      },
      UpdateReviewTemplate: ({ id, input }) => {
        if (refuseUpdate) return refuseUpdate;
        const saved = { ...templates.find((t) => t.id === id)!, name: input.name };
        return { data: { updateReviewTemplate: saved } };
      },
    },
    { me: meAs(level, { id: 'ada' }) },
  );
  return { calls };
}

async function openEditor() {
  await renderSignedIn('/reviews/templates?view=edit&id=t1');
  return screen.findByRole('form', { name: 'Edit Engineering review' }, { timeout: 5000 });
}

cleanUpBetweenTests();

it('lists templates with the built-in badge, their type and question count; built-ins offer copy, not edit', async () => {
  stubServer();
  await renderSignedIn('/reviews/templates');
  const list = await screen.findByRole('list', { name: 'Review templates' }, { timeout: 5000 });
  const builtIn = within(list).getByRole('listitem', { name: '360 review' });
  expect(within(builtIn).getByText('Built-in')).toBeTruthy();
  expect(within(builtIn).getByText('360 review', { selector: '.rt-badge' })).toBeTruthy();
  expect(within(builtIn).getByTestId('rt-counts').textContent).toBe('2 questions in 1 section');
  expect(within(builtIn).queryByRole('button', { name: 'Edit 360 review' })).toBeNull();
  expect(within(builtIn).getByRole('button', { name: 'Copy 360 review' })).toBeTruthy();
  const own = within(list).getByRole('listitem', { name: 'Engineering review' });
  expect(within(own).getByText('Sprint review')).toBeTruthy();
  expect(within(own).getByText('Created by Ada Lovelace')).toBeTruthy();
});

it('a member is told review templates are for managers and admins; the refused list breaks nothing', async () => {
  stubServer('MEMBER');
  await renderSignedIn('/reviews/templates');
  expect(
    await screen.findByText(
      'Only managers and admins can see review templates. The reviews you are asked to write are under Pending reviews.',
      {},
      { timeout: 5000 },
    ),
  ).toBeTruthy();
  expect(screen.queryByText('This page could not be shown')).toBeNull();
});

it('asks for the templates in the same request as the viewer: one round trip before the page is drawn', async () => {
  const { calls } = stubServer('MANAGER');
  await renderSignedIn('/reviews/templates');
  expect(await screen.findByText('Engineering review', {}, { timeout: 5000 })).toBeTruthy();
  expect(requestOf(calls, 'ReviewTemplates')).toBe(requestOf(calls, 'Me'));
});

it('adds a single-choice question, moves it up with the keyboard buttons, and saves the new order', async () => {
  const { calls } = stubServer();
  const form = await openEditor();
  fireEvent.click(within(form).getByRole('button', { name: 'Add question to section 1' }));
  const third = within(form).getByRole('listitem', { name: 'Question 3' });
  fireEvent.change(within(third).getByLabelText('Kind'), { target: { value: 'SINGLE_CHOICE' } });
  fireEvent.change(within(third).getByLabelText('Question'), { target: { value: 'Ready for a bigger scope?' } });
  fireEvent.change(within(third).getByLabelText('Option 1'), { target: { value: 'Not yet' } });
  fireEvent.change(within(third).getByLabelText('Option 2'), { target: { value: 'Ready now' } });
  fireEvent.click(within(third).getByLabelText('Private'));

  fireEvent.click(within(form).getByRole('button', { name: 'Move question 3 up' }));
  await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move question 2 up'));
  expect(screen.getByText('Question moved to position 2 of 3.')).toBeTruthy();
  const order = within(within(form).getByRole('list', { name: 'Questions of section 1' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('h4')!.textContent);
  expect(order).toEqual(['Question 1: How well does this person communicate?', 'Question 2: Ready for a bigger scope?', 'Question 3: How well do they plan?']);

  fireEvent.click(within(form).getByRole('button', { name: 'Save template' }));
  await waitFor(() => expect(calls.some((c) => c.operationName === 'UpdateReviewTemplate')).toBe(true));
  const sent = calls.find((c) => c.operationName === 'UpdateReviewTemplate')!.variables;
  expect(sent.id).toBe('t1');
  expect(sent.input.sections[0].questions.map((q: { prompt: string }) => q.prompt)).toEqual([
    'How well does this person communicate?',
    'Ready for a bigger scope?',
    'How well do they plan?',
  ]);
  expect(sent.input.sections[0].questions[1]).toMatchObject({
    id: null,
    kind: 'SINGLE_CHOICE',
    options: ['Not yet', 'Ready now'],
    private: true,
    required: true,
    competency: null,
  });
  expect(sent.input.sections[0].questions[0].id).toBe('t1-q1');
  // Back on the list once saved.
  expect(await screen.findByRole('heading', { name: 'Review templates', level: 1 })).toBeTruthy();
});

it('bad input is shown next to the fields and nothing is sent', async () => {
  const { calls } = stubServer();
  const form = await openEditor();
  fireEvent.change(within(form).getByLabelText('Template name'), { target: { value: '  ' } });
  const first = within(form).getByRole('listitem', { name: /^Question 1/ });
  fireEvent.change(within(first).getByLabelText('Kind'), { target: { value: 'MULTIPLE_CHOICE' } });
  fireEvent.change(within(first).getByLabelText('Option 1'), { target: { value: 'Design' } });
  for (const box of within(first).getAllByRole('checkbox', { checked: true })) if (box.getAttribute('name')?.endsWith('perspectives')) fireEvent.click(box);
  fireEvent.click(within(form).getByRole('button', { name: 'Save template' }));

  expect(await within(form).findByText('Enter a template name.')).toBeTruthy();
  expect(within(first).getByText('Enter the option or remove it.')).toBeTruthy();
  expect(within(first).getByText('Give at least 2 options.')).toBeTruthy();
  expect(within(first).getByText('Choose at least one perspective that answers this question.')).toBeTruthy();
  expect(within(form).getByRole('alert').textContent).toContain('Fix the 4 problems marked below, then save again.');
  await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Template name')));
  expect(calls.some((c) => c.operationName === 'UpdateReviewTemplate')).toBe(false);
});

it('a field refused by the server shows under that field', async () => {
  stubServer('ADMIN', refusal('sections.0.title: At most 120 characters.', 'BAD_USER_INPUT', { 'sections.0.title': 'At most 120 characters.' }));
  const form = await openEditor();
  fireEvent.click(within(form).getByRole('button', { name: 'Save template' }));
  const title = within(form).getByLabelText('Section title');
  await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
  expect(within(form).getByText('At most 120 characters.')).toBeTruthy();
  expect(within(form).getByRole('alert').textContent).toContain('sections.0.title: At most 120 characters.');
});

it('the preview shows a built-in template as a reviewer sees it, filtered by perspective', async () => {
  stubServer('MANAGER');
  await renderSignedIn('/reviews/templates?view=preview&id=b360');
  expect(await screen.findByRole('heading', { name: '360 review', level: 1 }, { timeout: 5000 })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  expect(screen.getByRole('group', { name: /How well does this person communicate\?/ })).toBeTruthy();
  expect(screen.getAllByLabelText(/1\s+Needs significant improvement/, { selector: 'input' })).toHaveLength(2);
  fireEvent.change(screen.getByLabelText('Answering as'), { target: { value: 'MANAGER' } });
  expect(screen.getByText('No question of this template is answered by this perspective.')).toBeTruthy();
});

it('copying a built-in names the copy and opens it in the editor', async () => {
  const { calls } = stubServer('MANAGER');
  await renderSignedIn('/reviews/templates');
  fireEvent.click(await screen.findByRole('button', { name: 'Copy 360 review' }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Copy 360 review' });
  const name = within(dialog).getByLabelText('Name of the copy') as HTMLInputElement;
  expect(name.value).toBe('Copy of 360 review');
  fireEvent.change(name, { target: { value: '' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Copy and edit' }));
  expect(await within(dialog).findByText('Enter a template name.')).toBeTruthy();
  fireEvent.change(name, { target: { value: 'Team 360' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Copy and edit' }));
  const form = await screen.findByRole('form', { name: 'Edit Team 360' });
  expect(calls.find((c) => c.operationName === 'CopyReviewTemplate')!.variables).toEqual({ id: 'b360', name: 'Team 360' });
  expect((within(form).getByLabelText('Template name') as HTMLInputElement).value).toBe('Team 360');
});

it('leaving the editor with unsaved changes asks first', async () => {
  stubServer();
  const form = await openEditor();
  fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
  // Nothing changed: Cancel leaves at once.
  expect(await screen.findByRole('heading', { name: 'Review templates', level: 1 })).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Edit Engineering review' }));
  const again = await screen.findByRole('form', { name: 'Edit Engineering review' });
  fireEvent.change(within(again).getByLabelText('Template name'), { target: { value: 'Renamed' } });
  fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
  const ask = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
  fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect((within(again).getByLabelText('Template name') as HTMLInputElement).value).toBe('Renamed');
  fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
  fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }));
  expect(await screen.findByRole('heading', { name: 'Review templates', level: 1 })).toBeTruthy();
});
