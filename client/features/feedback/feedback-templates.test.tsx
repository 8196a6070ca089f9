// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { BUILTIN_FEEDBACK_TEMPLATES } from '../../../shared/feedback.js';
import { meAs, refusal, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { FeedbackTag, FeedbackTemplate } from './feedback.types.js';

cleanUpBetweenTests();
const PATH = '/continuous-feedback/templates';
const T = { timeout: 5000 };

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
const own = (id: string, name: string, patch: Partial<FeedbackTemplate> = {}): FeedbackTemplate => ({
  id,
  name,
  description: '',
  questions: ['How was onboarding?'],
  built_in: false,
  archived: false,
  created_by: { id: 'ada', full_name: 'Ada Lovelace' },
  updated_at: '2026-11-20T10:00:00.000Z',
  can_manage: true,
  version: 1,
  ...patch,
});
const tag = (id: string, name: string, kind: FeedbackTag['kind'], patch: Partial<FeedbackTag> = {}): FeedbackTag => ({
  id,
  name,
  kind,
  description: '',
  archived: false,
  uses: 0,
  ...patch,
});

function stubServer(role: 'ADMIN' | 'MEMBER', options: { refuseCreate?: boolean } = {}) {
  const templates = [
    ...builtIns(),
    own('t1', 'Onboarding check'),
    own('t2', 'Old questions', { archived: true }),
    own('t3', 'Grace’s set', { can_manage: false, created_by: { id: 'grace', full_name: 'Grace Hopper' } }),
  ];
  const tags = [
    tag('v1', 'Ownership', 'VALUE', { uses: 3 }),
    tag('v2', 'Candour', 'VALUE', { archived: true }),
    tag('c1', 'Communication', 'COMPETENCY', { description: 'Clear and kind.' }),
  ];
  const { calls } = stubGraphql(
    {
      FeedbackTemplates: () => ({ data: { feedbackTemplates: templates } }),
      FeedbackTagsAdmin: () => ({ data: { feedbackTags: tags } }),
      CopyFeedbackTemplate: ({ id }) => {
        const source = templates.find((t) => t.id === id)!;
        const copy = own('copy1', `Copy of ${source.name}`, { questions: [...source.questions], description: source.description });
        templates.push(copy);
        return { data: { copyFeedbackTemplate: copy } };
      },
      UpdateFeedbackTemplate: ({ id, input }) => {
        const t = templates.find((x) => x.id === id)!;
        Object.assign(t, input);
        return { data: { updateFeedbackTemplate: t } };
      },
      CreateFeedbackTemplate: ({ input }) => {
        if (options.refuseCreate)
          return refusal('questions.1: Question: at most 300 characters.', 'BAD_USER_INPUT', { 'questions.1': 'Question: at most 300 characters.' });
        const made = own('new1', input.name, { ...input, description: input.description ?? '' });
        templates.push(made);
        return { data: { createFeedbackTemplate: made } };
      },
      ArchiveFeedbackTemplate: ({ id }) => {
        const t = templates.find((x) => x.id === id)!;
        t.archived = true;
        return { data: { archiveFeedbackTemplate: t } };
      },
      CreateFeedbackTag: ({ input }) => {
        const made = tag('n1', input.name, input.kind, { description: input.description ?? '' });
        tags.push(made);
        return { data: { createFeedbackTag: made } };
      },
      UpdateFeedbackTag: ({ id, input }) => {
        const t = tags.find((x) => x.id === id)!;
        Object.assign(t, input);
        return { data: { updateFeedbackTag: t } };
      },
      ArchiveFeedbackTag: ({ id }) => {
        const t = tags.find((x) => x.id === id)!;
        t.archived = true;
        return { data: { archiveFeedbackTag: t } };
      },
      RestoreFeedbackTag: ({ id }) => {
        const t = tags.find((x) => x.id === id)!;
        t.archived = false;
        return { data: { restoreFeedbackTag: t } };
      },
    },
    { me: meAs(role, { id: 'ada' }) },
  );
  return { calls };
}

const templateList = () => screen.findByRole('list', { name: 'Feedback templates' }, T);
const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

it('lists built-ins with their questions, then ours; edit and archive only where allowed; a member reads values and competencies without changing them', async () => {
  stubServer('MEMBER');
  await renderSignedIn(PATH);
  const list = await templateList();
  expect(names(list)).toEqual([...BUILTIN_FEEDBACK_TEMPLATES.map((t) => t.name), 'Onboarding check', 'Grace’s set']);
  const general = within(list).getByRole('listitem', { name: 'General' });
  expect(within(general).getByText('Built-in')).toBeTruthy();
  expect(
    within(within(general).getByRole('list', { name: 'Questions of General' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(BUILTIN_FEEDBACK_TEMPLATES[0]!.questions);
  expect(within(general).queryByRole('button', { name: 'Edit General' })).toBeNull();
  expect(within(general).getByRole('button', { name: 'Copy General' })).toBeTruthy();
  expect(within(list).getByRole('button', { name: 'Edit Onboarding check' })).toBeTruthy();
  expect(within(list).queryByRole('button', { name: 'Archive Grace’s set' })).toBeNull();
  fireEvent.click(screen.getByLabelText('Show archived'));
  expect(within(within(list).getByRole('listitem', { name: 'Old questions' })).getByRole('button', { name: 'Restore Old questions' })).toBeTruthy();

  const values = screen.getByRole('list', { name: 'Values' });
  expect(
    within(values)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Ownership · used 3 times', 'CandourArchived · used 0 times']);
  expect(within(screen.getByRole('list', { name: 'Competencies' })).getByText('Clear and kind.')).toBeTruthy();
  expect(screen.getByText(/Admins keep this list\./)).toBeTruthy();
  expect(screen.queryByRole('button', { name: /^Rename / })).toBeNull();
  expect(screen.queryByRole('button', { name: /^Archive Ownership/ })).toBeNull();
  expect(screen.queryByRole('form', { name: 'Add a value or competency' })).toBeNull();
});

it('a copy opens in the form; questions reorder with buttons and the saved order is sent', async () => {
  const { calls } = stubServer('MEMBER');
  await renderSignedIn(PATH);
  fireEvent.click(within(await templateList()).getByRole('button', { name: 'Copy After a project' }));
  await waitFor(() =>
    expect(calls.filter((c) => c.operationName === 'CopyFeedbackTemplate').map((c) => c.variables)).toEqual([{ id: 'builtin:after-project' }]),
  );
  const form = await screen.findByRole('form', { name: 'Edit Copy of After a project' }, T);
  fireEvent.click(within(form).getByRole('button', { name: 'Move question 3 up' }));
  expect(screen.getByText('Question moved to position 2 of 3.')).toBeTruthy();
  fireEvent.click(within(form).getByRole('button', { name: 'Remove question 1' }));
  fireEvent.click(within(form).getByRole('button', { name: 'Save template' }));
  const [, q2, q3] = BUILTIN_FEEDBACK_TEMPLATES[1]!.questions;
  await waitFor(() =>
    expect(calls.filter((c) => c.operationName === 'UpdateFeedbackTemplate').map((c) => c.variables)).toEqual([
      // The version the form was opened on goes with the save (docs/decisions/0059).
      { id: 'copy1', input: { name: 'Copy of After a project', description: 'Feedback when a project ends.', questions: [q3, q2] }, base_version: 1 },
    ]),
  );
  expect(names(await templateList())).toContain('Copy of After a project');
});

it("a new template needs a question; the server's field error shows at its question and keeps what was typed; archiving asks first", async () => {
  const { calls } = stubServer('MEMBER', { refuseCreate: true });
  await renderSignedIn(PATH);
  await templateList();
  fireEvent.click(screen.getByRole('button', { name: 'New template' }));
  const form = await screen.findByRole('form', { name: 'New feedback template' });
  fireEvent.change(within(form).getByLabelText('Template name'), { target: { value: 'Quarterly' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Remove question 1' }));
  fireEvent.click(within(form).getByRole('button', { name: 'Save template' }));
  expect(await within(form).findByText('A template needs 1 to 10 questions.')).toBeTruthy();
  expect(calls.some((c) => c.operationName === 'CreateFeedbackTemplate')).toBe(false);

  fireEvent.click(within(form).getByRole('button', { name: 'Add question' }));
  fireEvent.change(within(form).getByLabelText('Question 1'), { target: { value: 'What went well?' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Add question' }));
  fireEvent.change(within(form).getByLabelText('Question 2'), { target: { value: 'x'.repeat(20) } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save template' }));
  expect(await within(form).findByText('Question: at most 300 characters.')).toBeTruthy();
  const second = within(form).getByLabelText('Question 2');
  expect(second.getAttribute('aria-invalid')).toBe('true');
  expect((within(form).getByLabelText('Template name') as HTMLInputElement).value).toBe('Quarterly');
  fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));

  const list = await templateList();
  fireEvent.click(within(list).getByRole('button', { name: 'Archive Onboarding check' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Archive Onboarding check?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Archive template' }));
  await waitFor(() => expect(calls.filter((c) => c.operationName === 'ArchiveFeedbackTemplate').map((c) => c.variables)).toEqual([{ id: 't1' }]));
  await waitFor(() => expect(names(list)).not.toContain('Onboarding check'));
});

it('an admin adds, renames, archives and restores values and competencies', async () => {
  const { calls } = stubServer('ADMIN');
  await renderSignedIn(PATH);
  await templateList();
  const add = screen.getByRole('form', { name: 'Add a value or competency' });
  fireEvent.click(within(add).getByRole('button', { name: 'Add' }));
  expect(await within(add).findByText('Name cannot be empty.')).toBeTruthy();
  fireEvent.change(within(add).getByLabelText('Name'), { target: { value: 'Mentoring' } });
  fireEvent.change(within(add).getByLabelText('Kind'), { target: { value: 'COMPETENCY' } });
  fireEvent.click(within(add).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(within(screen.getByRole('list', { name: 'Competencies' })).getByText('Mentoring')).toBeTruthy(), T);
  expect(calls.find((c) => c.operationName === 'CreateFeedbackTag')!.variables).toEqual({ input: { name: 'Mentoring', kind: 'COMPETENCY', description: '' } });

  fireEvent.click(screen.getByRole('button', { name: 'Rename Ownership' }));
  const rename = screen.getByRole('form', { name: 'Rename Ownership' });
  fireEvent.change(within(rename).getByLabelText('Name'), { target: { value: 'Ownership and care' } });
  fireEvent.click(within(rename).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(within(screen.getByRole('list', { name: 'Values' })).getByText('Ownership and care')).toBeTruthy(), T);
  expect(calls.find((c) => c.operationName === 'UpdateFeedbackTag')!.variables).toEqual({
    id: 'v1',
    input: { name: 'Ownership and care', kind: 'VALUE', description: '' },
  });

  fireEvent.click(screen.getByRole('button', { name: 'Archive Ownership and care' }));
  expect(await screen.findByText('None in use; 2 archived (shown with “Show archived”).', {}, T)).toBeTruthy();
  expect(calls.filter((c) => c.operationName === 'ArchiveFeedbackTag').map((c) => c.variables)).toEqual([{ id: 'v1' }]);
  fireEvent.click(screen.getByLabelText('Show archived'));
  fireEvent.click(screen.getByRole('button', { name: 'Restore Candour' }));
  await waitFor(() => expect(calls.filter((c) => c.operationName === 'RestoreFeedbackTag').map((c) => c.variables)).toEqual([{ id: 'v2' }]));
});
