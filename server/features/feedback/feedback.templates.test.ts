import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { BUILTIN_FEEDBACK_TEMPLATES } from '../../../shared/feedback.js';
import { codeOf, createTestApp } from '../../test/helpers.js';
import { feedbackWorld, type FeedbackCaller, type FeedbackWorld } from './feedback.test-support.js';
import { feedbackRequests, feedbackTemplates } from './feedback.tables.js';

let app: FastifyInstance;
let w: FeedbackWorld;

beforeAll(async () => {
  app = await createTestApp();
  w = await feedbackWorld(app);
});
afterAll(async () => {
  await app.close();
});

const T = 'id name description questions built_in archived created_by { id } can_manage';
const list = (c: FeedbackCaller, all = false) => c.gql(`query($all: Boolean) { feedbackTemplates(include_archived: $all) { ${T} } }`, { all });
const create = (c: FeedbackCaller, input: unknown) =>
  c.gql(`mutation($input: FeedbackTemplateInput!) { createFeedbackTemplate(input: $input) { ${T} } }`, { input });
const rowOf = (id: string) => app.services.db.select().from(feedbackTemplates).where(eq(feedbackTemplates.id, id)).get();
/** Edits what is stored now (a fresh form) unless `base` says which version the form started from. */
const update = (c: FeedbackCaller, id: string, input: unknown, base = rowOf(id)?.version ?? 1) =>
  c.gql(
    `mutation($id: ID!, $input: FeedbackTemplateInput!, $base: Int!) { updateFeedbackTemplate(id: $id, input: $input, base_version: $base) { ${T} version } }`,
    { id, input, base },
  );
const op = (c: FeedbackCaller, name: 'copy' | 'archive' | 'restore', id: string) =>
  c.gql(`mutation($id: ID!) { ${name}FeedbackTemplate(id: $id) { ${T} } }`, { id });

describe('feedback templates', () => {
  it("lists the built-ins first, then the organization's own; never another organization's", async () => {
    expect((await create(w.otherMember, { name: 'Globex only', questions: ['G?'] })).errors).toBeUndefined();
    const mine = await create(w.peer, {
      name: 'After an on-call week',
      description: 'Pager duty',
      questions: [' How did I handle incidents? ', 'What should I hand over better?'],
    });
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.createFeedbackTemplate).toMatchObject({
      built_in: false,
      archived: false,
      created_by: { id: w.peer.id },
      can_manage: true,
      questions: ['How did I handle incidents?', 'What should I hand over better?'],
    });
    const res = (await list(w.owl)).data!.feedbackTemplates;
    const names = res.map((t: { name: string }) => t.name);
    expect(names.slice(0, BUILTIN_FEEDBACK_TEMPLATES.length)).toEqual(BUILTIN_FEEDBACK_TEMPLATES.map((t) => t.name));
    expect(names).toContain('After an on-call week');
    expect(names).not.toContain('Globex only');
    expect(res[0]).toMatchObject({ id: 'builtin:general', built_in: true, can_manage: false, created_by: null });
    expect(res.find((t: { name: string }) => t.name === 'After an on-call week').can_manage).toBe(false);
  });

  it('the creator, their manager and an admin change it; another manager or a peer copies it instead', async () => {
    const t = (await create(w.peer, { name: 'Peer set', questions: ['Q1?'] })).data!.createFeedbackTemplate;
    const edited = (name: string) => ({ name, questions: ['Q1?', 'Q2?'] });
    expect((await update(w.peer, t.id, edited('By creator'))).data!.updateFeedbackTemplate.name).toBe('By creator');
    expect((await update(w.manager, t.id, edited('By manager'))).data!.updateFeedbackTemplate.name).toBe('By manager');
    expect((await update(w.teamLead, t.id, edited('By team lead'))).data!.updateFeedbackTemplate.name).toBe('By team lead');
    expect((await update(w.admin, t.id, edited('By admin'))).data!.updateFeedbackTemplate.questions).toEqual(['Q1?', 'Q2?']);
    expect(codeOf(await update(w.otherManager, t.id, edited('Hijack')))).toBe('FORBIDDEN');
    expect(codeOf(await op(w.report, 'archive', t.id))).toBe('FORBIDDEN');
    expect(codeOf(await update(w.otherAdmin, t.id, edited('Other org')))).toBe('NOT_FOUND');
    expect(rowOf(t.id)!.name).toBe('By admin');

    const copy = (await op(w.otherManager, 'copy', t.id)).data!.copyFeedbackTemplate;
    expect(copy).toMatchObject({ name: 'Copy of By admin', questions: ['Q1?', 'Q2?'], created_by: { id: w.otherManager.id }, can_manage: true });
    expect(copy.id).not.toBe(t.id);

    // Archived: left out of the list, not usable for a request, restorable by the manager.
    expect((await op(w.peer, 'archive', t.id)).data!.archiveFeedbackTemplate.archived).toBe(true);
    expect((await list(w.peer)).data!.feedbackTemplates.some((x: { id: string }) => x.id === t.id)).toBe(false);
    expect((await list(w.peer, true)).data!.feedbackTemplates.some((x: { id: string }) => x.id === t.id)).toBe(true);
    expect(codeOf(await update(w.peer, t.id, edited('While archived')))).toBe('CONFLICT');
    const refused = await w.peer.gql(`mutation($input: RequestFeedbackInput!) { requestFeedback(input: $input) { id } }`, {
      input: { responder_ids: [w.owl.id], template_id: t.id },
    });
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect((await op(w.manager, 'restore', t.id)).data!.restoreFeedbackTemplate.archived).toBe(false);
  });

  it('built-ins cannot be changed (BAD_USER_INPUT) but can be copied; bad input is refused', async () => {
    for (const name of ['archive', 'restore'] as const) expect(codeOf(await op(w.admin, name, 'builtin:after-project'))).toBe('BAD_USER_INPUT');
    expect(codeOf(await update(w.admin, 'builtin:after-project', { name: 'Mine now', questions: ['?'] }))).toBe('BAD_USER_INPUT');
    const copy = (await op(w.report, 'copy', 'builtin:after-project')).data!.copyFeedbackTemplate;
    const builtIn = BUILTIN_FEEDBACK_TEMPLATES.find((t) => t.id === 'builtin:after-project')!;
    expect(copy).toMatchObject({ name: 'Copy of After a project', questions: builtIn.questions, built_in: false, can_manage: true });
    expect(codeOf(await op(w.report, 'copy', 'builtin:nope'))).toBe('NOT_FOUND');

    expect(codeOf(await create(w.report, { name: '  ', questions: ['Q?'] }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await create(w.report, { name: 'Empty', questions: [] }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await create(w.report, { name: 'Too many', questions: Array.from({ length: 11 }, (_, i) => `Q${i}?`) }))).toBe('BAD_USER_INPUT');

    // A request copies the questions: editing the template later does not change it.
    const req = (
      await w.report.gql(`mutation($input: RequestFeedbackInput!) { requestFeedback(input: $input) { id template_name questions } }`, {
        input: { responder_ids: [w.peer.id], template_id: copy.id },
      })
    ).data!.requestFeedback;
    expect(req).toMatchObject({ template_name: 'Copy of After a project', questions: builtIn.questions });
    expect((await update(w.report, copy.id, { name: 'Renamed', questions: ['Only this?'] })).errors).toBeUndefined();
    const stored = app.services.db.select().from(feedbackRequests).where(eq(feedbackRequests.id, req.id)).get()!;
    expect(stored.questions).toEqual(builtIn.questions);
  });
});

describe('two people editing the same template', () => {
  it('the save based on the older version is refused with CONFLICT and saves nothing', async () => {
    const t = (await create(w.peer, { name: 'Ours', questions: ['Q1?'] })).data!.createFeedbackTemplate;
    const opened = rowOf(t.id)!.version;
    expect((await update(w.manager, t.id, { name: 'Manager edit', questions: ['Q1?', 'Q2?'] }, opened)).data!.updateFeedbackTemplate.version).toBe(opened + 1);
    const stale = await update(w.peer, t.id, { name: 'Peer edit', questions: ['Only mine?'] }, opened);
    expect(codeOf(stale)).toBe('CONFLICT');
    expect(rowOf(t.id)).toMatchObject({ name: 'Manager edit', questions: ['Q1?', 'Q2?'], version: opened + 1 });
  });
});
