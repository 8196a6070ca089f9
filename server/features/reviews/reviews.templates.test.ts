import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { codeOf, createTestApp, signedIn } from '../../test/helpers.js';
import { createWorld, type WorldOrg } from '../../test/world.js';
import { BUILT_IN_TEMPLATE_KEYS } from '../../../shared/review-template.builtins.js';
import { DEFAULT_RATING_LABELS } from '../../../shared/review-template.schemas.js';
import { ensureBuiltInTemplates, findReviewTemplateContent, listReviewTemplates } from './reviews.templates.repo.js';
import { reviewTemplates } from './reviews.templates.tables.js';

let app: FastifyInstance;
let a: WorldOrg;
let b: WorldOrg;
type Caller = Awaited<ReturnType<typeof signedIn>>;
let adminA: Caller;
let managerA: Caller;
let memberA: Caller;
let adminB: Caller;

beforeAll(async () => {
  app = await createTestApp();
  ({ acme: a, globex: b } = await createWorld(app));
  adminA = await signedIn(app, a.admin.email);
  managerA = await signedIn(app, a.manager.email);
  memberA = await signedIn(app, a.member.email);
  adminB = await signedIn(app, b.admin.email);
});
afterAll(async () => {
  await app.close();
});

const QUESTION = 'id kind prompt help_text options competency perspectives required private';
const TEMPLATE = `id name description review_type built_in built_in_key archived_at created_by { full_name } section_count question_count can_edit can_archive
  sections { id position title description questions { position ${QUESTION} } }`;
const LIST = `query($all: Boolean) { reviewTemplates(includeArchived: $all) { id name built_in built_in_key question_count archived_at can_edit can_archive } }`;

const labels = [...DEFAULT_RATING_LABELS];
const validInput = (name = 'Engineering review') => ({
  name,
  description: 'For engineers',
  review_type: '360',
  sections: [
    {
      title: 'Skills',
      questions: [
        {
          kind: 'COMPETENCY_RATING',
          prompt: 'How well does this person communicate?',
          competency: 'Communication',
          options: labels,
          perspectives: ['SELF', 'PEER'],
        },
        { kind: 'SINGLE_CHOICE', prompt: 'Ready for promotion?', options: ['No', 'Soon', 'Yes'], perspectives: ['MANAGER'], private: true },
      ],
    },
    {
      title: 'Comments',
      questions: [{ kind: 'TEXT', prompt: 'Anything else?', perspectives: ['PEER', 'DIRECT_REPORT'], required: false, options: ['ignored'] }],
    },
  ],
});
const create = (caller: Caller, input: unknown) =>
  caller.gql(`mutation($input: ReviewTemplateInput!) { createReviewTemplate(input: $input) { ${TEMPLATE} } }`, { input });
/** The version stored now: each call edits what is there (a fresh form), unless `base` says which version the form started from. */
const versionOf = (id: string) => app.services.db.select({ v: reviewTemplates.version }).from(reviewTemplates).where(eq(reviewTemplates.id, id)).get()?.v ?? 1;
const update = (caller: Caller, id: string, input: unknown, base = versionOf(id)) =>
  caller.gql(
    `mutation($id: ID!, $input: ReviewTemplateInput!, $base: Int!) { updateReviewTemplate(id: $id, input: $input, base_version: $base) { ${TEMPLATE} version } }`,
    { id, input, base },
  );
const copy = (caller: Caller, id: string, name: string) =>
  caller.gql(`mutation($id: ID!, $name: String!) { copyReviewTemplate(id: $id, name: $name) { ${TEMPLATE} } }`, { id, name });
const archive = (caller: Caller, id: string, restore = false) =>
  caller.gql(`mutation($id: ID!) { ${restore ? 'restoreReviewTemplate' : 'archiveReviewTemplate'}(id: $id) { id archived_at } }`, { id });
const builtIn = async (caller: Caller, key: string) =>
  ((await caller.gql(LIST)).data!.reviewTemplates as Array<{ id: string; built_in_key: string | null }>).find((t) => t.built_in_key === key)!;

describe('built-in templates', () => {
  it('every organization gets the four built-ins on first use, once, with sensible content', async () => {
    const res = await adminA.gql(`{ reviewTemplates { ${TEMPLATE} } }`);
    expect(res.errors).toBeUndefined();
    const list = res.data!.reviewTemplates;
    expect(list.map((t: { name: string }) => t.name)).toEqual(['360 review', 'Manager review', 'Sprint review', 'Upward review']);
    const r360 = list.find((t: { built_in_key: string }) => t.built_in_key === '360_review');
    expect(r360).toMatchObject({ built_in: true, review_type: '360', created_by: null, can_edit: false, can_archive: true, section_count: 2 });
    const competencies = r360.sections[0].questions.map((q: { competency: string }) => q.competency);
    expect(competencies).toEqual(['Communication', 'Collaboration', 'Technical excellence', 'Ownership', 'Growth mindset']);
    expect(r360.sections[0].questions[0].options).toEqual([
      'Needs significant improvement',
      'Needs improvement',
      'Meets expectations',
      'Exceeds expectations',
      'Exceptional',
    ]);
    expect(list.find((t: { built_in_key: string }) => t.built_in_key === 'sprint_review').review_type).toBe('sprint');

    // Idempotent: listing again, and seeding again directly, adds nothing.
    await adminA.gql(LIST);
    ensureBuiltInTemplates(app.services.db, a.org.id);
    const keys = listReviewTemplates(app.services.db, a.org.id, true)
      .map((t) => t.built_in_key)
      .filter(Boolean)
      .sort();
    expect(keys).toEqual([...BUILT_IN_TEMPLATE_KEYS].sort());
    const insert = () =>
      app.services.db.$client
        .prepare(`INSERT INTO review_templates (id, organization_id, name, review_type, built_in_key) VALUES ('dup', ?, 'x', '360', '360_review')`)
        .run(a.org.id);
    expect(insert).toThrow(/UNIQUE/);
  });

  it('built-ins are not editable, even by an admin; they can be copied and archived', async () => {
    const r360 = await builtIn(adminA, '360_review');
    const edit = await update(adminA, r360.id, validInput());
    expect(codeOf(edit)).toBe('FORBIDDEN');
    expect(edit.errors![0]!.message).toBe('Built-in templates cannot be edited. Copy this template to change it.');
    const copied = await copy(adminA, r360.id, 'Our 360');
    expect(copied.errors).toBeUndefined();
    expect(copied.data!.copyReviewTemplate).toMatchObject({
      name: 'Our 360',
      built_in: false,
      built_in_key: null,
      can_edit: true,
      created_by: { full_name: 'Ada Admin' },
      question_count: 9,
    });
    const original = findReviewTemplateContent(app.services.db, a.org.id, r360.id)!;
    const theCopy = copied.data!.copyReviewTemplate;
    expect(theCopy.sections[1].questions.map((q: { prompt: string }) => q.prompt)).toEqual(original.sections[1]!.questions.map((q) => q.prompt));
    expect(theCopy.sections[0].questions[0].id).not.toBe(original.sections[0]!.questions[0]!.id);

    const upward = await builtIn(adminA, 'upward_review');
    expect((await archive(adminA, upward.id)).data!.archiveReviewTemplate.archived_at).toBeTruthy();
    expect((await adminA.gql(LIST)).data!.reviewTemplates.some((t: { id: string }) => t.id === upward.id)).toBe(false);
    expect((await adminA.gql(LIST, { all: true })).data!.reviewTemplates.some((t: { id: string }) => t.id === upward.id)).toBe(true);
    expect((await archive(adminA, upward.id, true)).data!.restoreReviewTemplate.archived_at).toBeNull();
    // Archiving and restoring never recreate a built-in.
    expect(listReviewTemplates(app.services.db, a.org.id, true).filter((t) => t.built_in_key === 'upward_review')).toHaveLength(1);
  });
});

describe('creating and editing', () => {
  it('an admin creates a template; order, defaults and unused fields come back as the data must be', async () => {
    const res = await create(adminA, validInput());
    expect(res.errors).toBeUndefined();
    const t = res.data!.createReviewTemplate;
    expect(t).toMatchObject({ name: 'Engineering review', review_type: '360', built_in: false, question_count: 3, section_count: 2, can_edit: true });
    expect(t.sections.map((s: { title: string; position: number }) => [s.position, s.title])).toEqual([
      [0, 'Skills'],
      [1, 'Comments'],
    ]);
    expect(t.sections[0].questions[1]).toMatchObject({
      position: 1,
      kind: 'SINGLE_CHOICE',
      private: true,
      required: true,
      competency: null,
      perspectives: ['MANAGER'],
    });
    // A text question keeps no options; perspectives come back in their canonical order.
    expect(t.sections[1].questions[0]).toMatchObject({ kind: 'TEXT', options: [], required: false, perspectives: ['PEER', 'DIRECT_REPORT'] });
  });

  it('update replaces sections and questions as a whole, keeping the ids it is given', async () => {
    const t = (await create(adminA, validInput('Reorder me'))).data!.createReviewTemplate;
    const [skills, comments] = t.sections;
    const input = {
      name: 'Reordered',
      review_type: 'any',
      sections: [
        {
          id: comments.id,
          title: 'Comments first',
          questions: [
            { ...strip(comments.questions[0]) },
            { kind: 'MULTIPLE_CHOICE', prompt: 'Strengths?', options: ['Design', 'Testing'], perspectives: ['PEER'] },
          ],
        },
        { id: skills.id, title: 'Skills', questions: [strip(skills.questions[1])] },
      ],
    };
    const res = await update(adminA, t.id, input);
    expect(res.errors).toBeUndefined();
    const saved = res.data!.updateReviewTemplate;
    expect(saved).toMatchObject({ name: 'Reordered', review_type: 'any', question_count: 3, description: null });
    expect(saved.sections.map((s: { id: string; title: string }) => [s.id, s.title])).toEqual([
      [comments.id, 'Comments first'],
      [skills.id, 'Skills'],
    ]);
    expect(saved.sections[0].questions.map((q: { prompt: string }) => q.prompt)).toEqual(['Anything else?', 'Strengths?']);
    expect(saved.sections[1].questions[0].id).toBe(skills.questions[1].id);
    // The removed competency question is gone from the database.
    const content = findReviewTemplateContent(app.services.db, a.org.id, t.id)!;
    expect(content.sections.flatMap((s) => s.questions).some((q) => q.id === skills.questions[0].id)).toBe(false);
  });

  it('archived templates must be restored before editing', async () => {
    const t = (await create(adminA, validInput('Old one'))).data!.createReviewTemplate;
    await archive(adminA, t.id);
    const res = await update(adminA, t.id, validInput('Old one'));
    expect(codeOf(res)).toBe('CONFLICT');
    expect(res.errors![0]!.message).toBe('This template is archived. Restore it to edit it.');
  });
});

describe('validation', () => {
  const refusal = async (input: unknown) => {
    const res = await create(adminA, input);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    return { message: res.errors![0]!.message, fields: res.errors![0]!.extensions!.fields as Record<string, string> };
  };
  const withQuestion = (q: Record<string, unknown>) => ({
    name: 'X',
    review_type: '360',
    sections: [{ title: 'S', questions: [{ prompt: 'Q?', perspectives: ['SELF'], ...q }] }],
  });

  it('refuses bad input with a message and the field path', async () => {
    expect((await refusal({ ...validInput(), name: '  ' })).fields).toEqual({ name: 'Enter a template name.' });
    expect((await refusal(withQuestion({ kind: 'SINGLE_CHOICE', options: ['Only one'] }))).message).toBe(
      'sections.0.questions.0.options: Give at least 2 options.',
    );
    expect((await refusal(withQuestion({ kind: 'MULTIPLE_CHOICE', options: ['A', 'a'] }))).fields).toMatchObject({
      'sections.0.questions.0.options.1': 'This option is already listed.',
    });
    expect((await refusal(withQuestion({ kind: 'RATING', options: labels.slice(0, 4) }))).fields).toEqual({
      'sections.0.questions.0.options': 'Give a label for each of the 5 rating points.',
    });
    expect((await refusal(withQuestion({ kind: 'RATING', options: ['1', '', '3', '4', '5'] }))).fields).toEqual({
      'sections.0.questions.0.options.1': 'Enter a label for point 2.',
    });
    expect((await refusal(withQuestion({ kind: 'COMPETENCY_RATING', options: labels }))).fields).toEqual({
      'sections.0.questions.0.competency': 'Name the competency this question rates.',
    });
    expect((await refusal(withQuestion({ kind: 'TEXT', perspectives: [] }))).fields).toEqual({
      'sections.0.questions.0.perspectives': 'Choose at least one perspective that answers this question.',
    });
    expect((await refusal(withQuestion({ kind: 'TEXT', prompt: ' ' }))).fields).toEqual({ 'sections.0.questions.0.prompt': 'Enter the question.' });
    expect((await refusal({ name: 'X', review_type: 'yearly', sections: [] })).fields).toEqual({
      review_type: 'Choose 360, sprint or any.',
      sections: 'Add at least one section.',
    });
    expect((await refusal({ name: 'X', review_type: '360', sections: [{ title: 'Empty', questions: [] }] })).fields).toEqual({
      'sections.0.questions': 'Add at least one question to this section.',
    });
  });

  it('enforces the limits on sections, questions and choices', async () => {
    const q = { kind: 'TEXT', prompt: 'Q?', perspectives: ['SELF'] };
    const tooManySections = { name: 'X', review_type: '360', sections: Array.from({ length: 21 }, (_, i) => ({ title: `S${i}`, questions: [q] })) };
    expect((await refusal(tooManySections)).fields).toEqual({ sections: 'At most 20 sections.' });
    const tooManyQuestions = {
      name: 'X',
      review_type: '360',
      sections: Array.from({ length: 3 }, (_, i) => ({ title: `S${i}`, questions: Array(40).fill(q) })),
    };
    expect((await refusal(tooManyQuestions)).fields).toEqual({ sections: 'A template holds at most 100 questions (this one has 120).' });
    expect((await refusal(withQuestion({ kind: 'SINGLE_CHOICE', options: Array.from({ length: 21 }, (_, i) => `O${i}`) }))).fields).toEqual({
      'sections.0.questions.0.options': 'At most 20 options.',
    });
    expect((await refusal(withQuestion({ kind: 'TEXT', prompt: 'x'.repeat(501) }))).fields).toEqual({
      'sections.0.questions.0.prompt': 'At most 500 characters.',
    });
  });

  it('an unknown question kind is refused by the schema', async () => {
    expect(codeOf(await create(adminA, withQuestion({ kind: 'ESSAY' })))).toBe('BAD_USER_INPUT');
  });
});

describe('permissions and isolation', () => {
  it('members are refused everything', async () => {
    const r360 = await builtIn(adminA, '360_review');
    const refused = [
      await memberA.gql(LIST),
      await memberA.gql('query($id: ID!) { reviewTemplate(id: $id) { id } }', { id: r360.id }),
      await create(memberA, validInput()),
      await copy(memberA, r360.id, 'Mine'),
      await archive(memberA, r360.id),
    ];
    expect(refused.map(codeOf)).toEqual(['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN']);
    expect(refused[0]!.errors![0]!.message).toBe('Only managers and admins can see review templates.');
  });

  it('managers read all, create and copy their own, and change only their own', async () => {
    const list = await managerA.gql(LIST);
    expect(list.errors).toBeUndefined();
    expect(list.data!.reviewTemplates.find((t: { built_in_key: string }) => t.built_in_key === '360_review')).toMatchObject({
      can_edit: false,
      can_archive: false,
    });
    const own = (await create(managerA, validInput('Team review'))).data!.createReviewTemplate;
    expect(own).toMatchObject({ can_edit: true, can_archive: true, created_by: { full_name: 'Mona Manager' } });
    expect((await update(managerA, own.id, validInput('Team review v2'))).data!.updateReviewTemplate.name).toBe('Team review v2');

    const adminsOwn = (await create(adminA, validInput('Admin only'))).data!.createReviewTemplate;
    expect(codeOf(await update(managerA, adminsOwn.id, validInput()))).toBe('FORBIDDEN');
    expect(codeOf(await archive(managerA, adminsOwn.id))).toBe('FORBIDDEN');
    const r360 = await builtIn(managerA, '360_review');
    expect(codeOf(await archive(managerA, r360.id))).toBe('FORBIDDEN');
    const copied = await copy(managerA, r360.id, 'Team 360');
    expect(copied.data!.copyReviewTemplate).toMatchObject({ can_edit: true, created_by: { full_name: 'Mona Manager' } });
    expect((await archive(managerA, own.id)).errors).toBeUndefined();
    // An admin may change what a manager made.
    expect((await archive(adminA, own.id, true)).data!.restoreReviewTemplate.archived_at).toBeNull();
  });

  it('another organization never reads or changes these templates, and has its own built-ins', async () => {
    const mine = (await create(adminA, validInput('Acme private'))).data!.createReviewTemplate;
    const theirs = await adminB.gql(LIST, { all: true });
    expect(theirs.data!.reviewTemplates.map((t: { name: string }) => t.name)).toEqual(['360 review', 'Manager review', 'Sprint review', 'Upward review']);
    const aIds = new Set(listReviewTemplates(app.services.db, a.org.id, true).map((t) => t.id));
    expect(theirs.data!.reviewTemplates.some((t: { id: string }) => aIds.has(t.id))).toBe(false);
    expect(codeOf(await adminB.gql('query($id: ID!) { reviewTemplate(id: $id) { id } }', { id: mine.id }))).toBe('NOT_FOUND');
    expect(codeOf(await update(adminB, mine.id, validInput('Hijack')))).toBe('NOT_FOUND');
    expect(codeOf(await copy(adminB, mine.id, 'Stolen'))).toBe('NOT_FOUND');
    expect(codeOf(await archive(adminB, mine.id))).toBe('NOT_FOUND');
    expect(findReviewTemplateContent(app.services.db, a.org.id, mine.id)!.name).toBe('Acme private');
  });

  it('signed-out callers are refused', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ reviewTemplates { id } }' }),
    });
    expect(res.json().errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

/** A question as returned, made into input again. */
function strip(q: Record<string, unknown>) {
  const { position: _p, ...rest } = q;
  return rest;
}

describe('two people editing the same template', () => {
  it('the save based on the older version is refused with CONFLICT and saves nothing, sections and questions included', async () => {
    const own = (await create(managerA, validInput('Shared review'))).data!.createReviewTemplate;
    const opened = versionOf(own.id);
    expect((await update(adminA, own.id, validInput('Admin edit'), opened)).data!.updateReviewTemplate).toMatchObject({
      name: 'Admin edit',
      version: opened + 1,
    });
    const stale = await update(
      managerA,
      own.id,
      { ...validInput('Manager edit'), sections: [{ title: 'Only this', questions: [{ kind: 'TEXT', prompt: 'Mine?', perspectives: ['MANAGER'] }] }] },
      opened,
    );
    expect(codeOf(stale)).toBe('CONFLICT');
    const content = findReviewTemplateContent(app.services.db, a.org.id, own.id)!;
    expect(content.name).toBe('Admin edit');
    expect(content.sections.flatMap((s) => s.questions.map((q) => q.prompt))).not.toContain('Mine?');
    expect(versionOf(own.id)).toBe(opened + 1);
  });
});
