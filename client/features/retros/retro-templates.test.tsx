// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { BUILTIN_RETRO_HEALTH_CHECKS, BUILTIN_RETRO_TEMPLATES, type RetroPrompt } from '../../../shared/retros.js';
import { meAs, refusal, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { RetroHealthCheck, RetroTemplate } from './retro-templates.api.js';

const PATH = '/professional-development/sprint-retro/templates';
const base = {
  built_in: false,
  archived: false,
  created_by: { id: 'ada', full_name: 'Ada Lovelace' },
  updated_at: '2026-11-20T10:00:00.000Z',
  can_manage: true,
  version: 1,
};
const builtIns = (): RetroTemplate[] =>
  BUILTIN_RETRO_TEMPLATES.map((t) => ({
    ...t,
    prompts: [...t.prompts],
    built_in: true,
    archived: false,
    created_by: null,
    updated_at: null,
    can_manage: false,
    version: 0,
  }));
const own = (id: string, name: string, patch: Partial<RetroTemplate> = {}): RetroTemplate => ({
  id,
  name,
  description: '',
  prompts: [{ id: 'good', title: 'Good', description: '', colour: '#2f7d4f' }],
  ...base,
  ...patch,
});
/** Prompts as the server keeps them: a new prompt gets an id, a missing description is empty. */
const prompts = (input: Array<{ id?: string | null; title: string; description?: string | null; colour: string }>): RetroPrompt[] =>
  input.map((p, i) => ({ id: p.id ?? `p${i + 1}`, title: p.title, description: p.description ?? '', colour: p.colour }));
const healthBuiltIns = (): RetroHealthCheck[] =>
  BUILTIN_RETRO_HEALTH_CHECKS.map((h) => ({
    ...h,
    statements: [...h.statements],
    built_in: true,
    archived: false,
    created_by: null,
    updated_at: null,
    can_manage: false,
    version: 0,
  }));

/** The server at the network edge: templates in memory; CreateRetroTemplate answers `refuseCreate` when given. */
function stubServer(
  options: { refuseCreate?: ReturnType<typeof refusal>; refuseUpdate?: ReturnType<typeof refusal>; templates?: RetroTemplate[]; failList?: boolean } = {},
) {
  const templates = [...builtIns(), ...(options.templates ?? [own('t1', 'Our retro'), own('t2', 'Old format', { archived: true })])];
  const checks = healthBuiltIns();
  const { calls } = stubGraphql(
    {
      RetroTemplates: () => (options.failList ? refusal('The database is busy.', 'INTERNAL_SERVER_ERROR') : { data: { retroTemplates: templates } }),
      RetroHealthChecks: () => ({ data: { retroHealthChecks: checks } }),
      CopyRetroTemplate: ({ id }) => {
        const source = templates.find((t) => t.id === id)!;
        const copy = own('copy1', `Copy of ${source.name}`, { prompts: source.prompts });
        templates.push(copy);
        return { data: { copyRetroTemplate: copy } };
      },
      CreateRetroTemplate: ({ input }) => {
        if (options.refuseCreate) return options.refuseCreate;
        const made = own('new1', input.name, { prompts: prompts(input.prompts) });
        templates.push(made);
        return { data: { createRetroTemplate: made } };
      },
      UpdateRetroTemplate: ({ id, input }) =>
        options.refuseUpdate ?? { data: { updateRetroTemplate: own(id, input.name, { prompts: prompts(input.prompts), version: 2 }) } },
      ArchiveRetroTemplate: ({ id }) => {
        const t = templates.find((x) => x.id === id)!;
        t.archived = true;
        return { data: { archiveRetroTemplate: t } };
      },
      CopyRetroHealthCheck: ({ id }) => {
        const copy = {
          ...checks.find((h) => h.id === id)!,
          id: 'hc1',
          name: 'Copy of Quick pulse',
          built_in: false,
          created_by: base.created_by,
          can_manage: true,
        };
        checks.push(copy);
        return { data: { copyRetroHealthCheck: copy } };
      },
    },
    { me: meAs('MEMBER', { id: 'ada' }) },
  );
  return { calls };
}

const templateList = () => screen.findByRole('list', { name: 'Retro templates' }, { timeout: 5000 });
const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

cleanUpBetweenTests();

it('lists the built-ins first with their badge and coloured prompt chips, then our own; archived ones only behind the toggle', async () => {
  stubServer();
  await renderSignedIn(PATH);
  const list = await templateList();
  expect(names(list)).toEqual([...BUILTIN_RETRO_TEMPLATES.map((t) => t.name), 'Our retro']);
  const ssc = within(list).getByRole('listitem', { name: 'Start, Stop, Continue' });
  expect(within(ssc).getByText('Built-in')).toBeTruthy();
  const chips = within(within(ssc).getByRole('list', { name: 'Prompts of Start, Stop, Continue' })).getAllByRole('listitem');
  expect(chips.map((c) => c.textContent)).toEqual(['Start (Green)', 'Stop (Red)', 'Continue (Blue)']);
  expect(chips[1]!.style.background).toBe('rgb(179, 38, 30)');
  expect(within(ssc).queryByRole('button', { name: 'Edit Start, Stop, Continue' })).toBeNull();
  expect(within(ssc).queryByRole('button', { name: 'Archive Start, Stop, Continue' })).toBeNull();
  const ours = within(list).getByRole('listitem', { name: 'Our retro' });
  expect(within(ours).queryByText('Built-in')).toBeNull();
  expect(within(ours).getByRole('button', { name: 'Edit Our retro' })).toBeTruthy();

  fireEvent.click(screen.getByLabelText('Show archived'));
  expect(names(list)).toContain('Old format');
  expect(within(within(list).getByRole('listitem', { name: 'Old format' })).getByRole('button', { name: 'Restore Old format' })).toBeTruthy();
  // The health check sets are a second section.
  const sets = screen.getByRole('list', { name: 'Health check sets' });
  expect(names(sets)).toEqual(BUILTIN_RETRO_HEALTH_CHECKS.map((h) => h.name));
});

it('says when the organization has no templates of its own', async () => {
  stubServer({ templates: [] });
  await renderSignedIn(PATH);
  await templateList();
  expect(screen.getByRole('heading', { name: 'No templates of your own yet' })).toBeTruthy();
});

it('shows an error with a retry when the list cannot be loaded', async () => {
  stubServer({ failList: true });
  await renderSignedIn(PATH);
  expect(await screen.findByRole('heading', { name: 'This page could not be shown' }, { timeout: 5000 })).toBeTruthy();
  expect(screen.getByText('The database is busy.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
});

it('copy calls the mutation for that template and opens the copy in the form', async () => {
  const { calls } = stubServer();
  await renderSignedIn(PATH);
  const list = await templateList();
  fireEvent.click(within(list).getByRole('button', { name: 'Copy Sailboat' }));
  await waitFor(() => expect(calls.filter((c) => c.operationName === 'CopyRetroTemplate').map((c) => c.variables)).toEqual([{ id: 'builtin:sailboat' }]));
  const form = await screen.findByRole('form', { name: 'Edit Copy of Sailboat' });
  expect((within(form).getByLabelText('Template name') as HTMLInputElement).value).toBe('Copy of Sailboat');
  expect(within(within(form).getByRole('list', { name: 'Prompts' })).getAllByRole('listitem').length).toBe(4);
});

it('a health check set is copied through its own mutation', async () => {
  const { calls } = stubServer();
  await renderSignedIn(PATH);
  await templateList();
  fireEvent.click(screen.getByRole('button', { name: 'Copy Quick pulse' }));
  await waitFor(() => expect(calls.some((c) => c.operationName === 'CopyRetroHealthCheck' && c.variables.id === 'builtin:quick-pulse')).toBe(true));
  expect(await screen.findByRole('form', { name: 'Edit Copy of Quick pulse' })).toBeTruthy();
});

it('a new template with no prompts is refused in the form and nothing is sent', async () => {
  const { calls } = stubServer();
  await renderSignedIn(PATH);
  await templateList();
  fireEvent.click(screen.getByRole('button', { name: 'New template' }));
  const form = await screen.findByRole('form', { name: 'New retro template' });
  fireEvent.change(within(form).getByLabelText('Template name'), { target: { value: 'Empty' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Remove prompt 1' }));
  expect(within(form).getByText('No prompts yet. Add at least one.')).toBeTruthy();
  fireEvent.click(within(form).getByRole('button', { name: 'Save template' }));
  expect(await within(form).findByText('A template needs 1 to 6 prompts.')).toBeTruthy();
  expect(calls.some((c) => c.operationName === 'CreateRetroTemplate')).toBe(false);
});

it("builds a template with the keyboard buttons and colour swatches, and shows the server's field error inline", async () => {
  const { calls } = stubServer({
    refuseCreate: refusal('prompts.1.title: Prompt title: at most 80 characters.', 'BAD_USER_INPUT', {
      'prompts.1.title': 'Prompt title: at most 80 characters.',
    }),
  });
  await renderSignedIn(PATH);
  await templateList();
  fireEvent.click(screen.getByRole('button', { name: 'New template' }));
  const form = await screen.findByRole('form', { name: 'New retro template' });
  fireEvent.change(within(form).getByLabelText('Template name'), { target: { value: 'Pulse' } });
  const prompts = () => within(within(form).getByRole('list', { name: 'Prompts' })).getAllByRole('listitem');
  fireEvent.change(within(prompts()[0]!).getByLabelText('Title'), { target: { value: 'Kudos' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Add prompt' }));
  fireEvent.change(within(prompts()[1]!).getByLabelText('Title'), { target: { value: 'Worries' } });
  fireEvent.click(within(prompts()[1]!).getByRole('radio', { name: 'Purple' }));
  fireEvent.click(within(form).getByRole('button', { name: 'Move prompt 2 up' }));
  expect(screen.getByText('Prompt moved to position 1 of 2.')).toBeTruthy();

  fireEvent.click(within(form).getByRole('button', { name: 'Save template' }));
  await waitFor(() => expect(calls.some((c) => c.operationName === 'CreateRetroTemplate')).toBe(true));
  expect(calls.find((c) => c.operationName === 'CreateRetroTemplate')!.variables.input).toEqual({
    name: 'Pulse',
    description: '',
    prompts: [
      { title: 'Worries', description: '', colour: '#6b3fa0' },
      { title: 'Kudos', description: '', colour: '#2f7d4f' },
    ],
  });
  // The server's message for prompts.1.title shows at the second prompt's title, and the form stays.
  const second = within(prompts()[1]!).getByLabelText('Title');
  expect(await within(prompts()[1]!).findByText('Prompt title: at most 80 characters.')).toBeTruthy();
  expect(second.getAttribute('aria-invalid')).toBe('true');
  await waitFor(() => expect(document.activeElement).toBe(second));
  expect(
    within(form)
      .getAllByRole('alert')
      .map((a) => a.textContent),
  ).toContain('prompts.1.title: Prompt title: at most 80 characters.');
  expect((within(form).getByLabelText('Template name') as HTMLInputElement).value).toBe('Pulse');
});

it('archiving asks first, then hides the template unless archived ones are shown', async () => {
  const { calls } = stubServer();
  await renderSignedIn(PATH);
  const list = await templateList();
  fireEvent.click(within(list).getByRole('button', { name: 'Archive Our retro' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Archive Our retro?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Archive template' }));
  await waitFor(() => expect(calls.filter((c) => c.operationName === 'ArchiveRetroTemplate').map((c) => c.variables)).toEqual([{ id: 't1' }]));
  await waitFor(() => expect(names(list)).not.toContain('Our retro'));
  fireEvent.click(screen.getByLabelText('Show archived'));
  expect(within(within(list).getByRole('listitem', { name: 'Our retro' })).getByText('Archived')).toBeTruthy();
});

it('a save refused because someone else saved first (CONFLICT) says so and keeps what I typed in the form', async () => {
  const message =
    'Someone else saved this template after you opened it, so your changes were not saved. They are still in the form: copy what you need, reload to see the other version, then save again.';
  const { calls } = stubServer({ refuseUpdate: refusal(message, 'CONFLICT') });
  await renderSignedIn(PATH);
  const list = await templateList();
  fireEvent.click(within(list).getByRole('button', { name: 'Edit Our retro' }));
  const form = await screen.findByRole('form', { name: 'Edit Our retro' });
  fireEvent.change(within(form).getByLabelText('Template name'), { target: { value: 'Our better retro' } });
  const prompt = within(within(form).getByRole('list', { name: 'Prompts' })).getAllByRole('listitem')[0]!;
  fireEvent.change(within(prompt).getByLabelText('Title'), { target: { value: 'What helped us' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save template' }));
  // The version the form was opened on goes with the save.
  await waitFor(() => expect(calls.find((c) => c.operationName === 'UpdateRetroTemplate')?.variables).toMatchObject({ id: 't1', base_version: 1 }));
  expect(await within(form).findByText(message)).toBeTruthy();
  expect((within(form).getByLabelText('Template name') as HTMLInputElement).value).toBe('Our better retro');
  expect((within(prompt).getByLabelText('Title') as HTMLInputElement).value).toBe('What helped us');
});
