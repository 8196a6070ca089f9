import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { BUILTIN_RETRO_HEALTH_CHECKS, BUILTIN_RETRO_TEMPLATES } from '../../../shared/retros.js';
import { codeOf, createTestApp, signedIn } from '../../test/helpers.js';
import { createWorld, type WorldOrg } from '../../test/world.js';
import { insertRetro } from './retros.repo.js';
import { retroHealthChecks, retroTemplates, retros } from './retros.tables.js';

let app: FastifyInstance;
let a: WorldOrg;
let b: WorldOrg;
type Caller = Awaited<ReturnType<typeof signedIn>>;
let adminA: Caller;
let managerA: Caller;
let memberA: Caller;
let reportA: Caller;
let adminB: Caller;

beforeAll(async () => {
  app = await createTestApp();
  ({ acme: a, globex: b } = await createWorld(app));
  adminA = await signedIn(app, a.admin.email);
  managerA = await signedIn(app, a.manager.email);
  memberA = await signedIn(app, a.member.email);
  reportA = await signedIn(app, a.report.email);
  adminB = await signedIn(app, b.admin.email);
});
afterAll(async () => {
  await app.close();
});

const TEMPLATE = 'id name description prompts { id title description colour } built_in archived created_by { id full_name } updated_at can_manage';
const HEALTH = 'id name statements built_in archived created_by { id } can_manage';
const list = (c: Caller, all = false) => c.gql(`query($all: Boolean) { retroTemplates(include_archived: $all) { ${TEMPLATE} } }`, { all });
const create = (c: Caller, input: unknown) => c.gql(`mutation($input: RetroTemplateInput!) { createRetroTemplate(input: $input) { ${TEMPLATE} } }`, { input });
/** The version stored now: each helper call edits what is there (a fresh form), unless `base` says which version the form started from. */
const templateVersion = (id: string) =>
  app.services.db.select({ v: retroTemplates.version }).from(retroTemplates).where(eq(retroTemplates.id, id)).get()?.v ?? 1;
const healthVersion = (id: string) =>
  app.services.db.select({ v: retroHealthChecks.version }).from(retroHealthChecks).where(eq(retroHealthChecks.id, id)).get()?.v ?? 1;
const update = (c: Caller, id: string, input: unknown, base = templateVersion(id)) =>
  c.gql(
    `mutation($id: ID!, $input: RetroTemplateInput!, $base: Int!) { updateRetroTemplate(id: $id, input: $input, base_version: $base) { ${TEMPLATE} version } }`,
    { id, input, base },
  );
const templateOp = (c: Caller, op: 'copy' | 'archive' | 'restore', id: string) =>
  c.gql(`mutation($id: ID!) { ${op}RetroTemplate(id: $id) { ${TEMPLATE} } }`, { id });
const healthOp = (c: Caller, op: 'copy' | 'archive' | 'restore', id: string) =>
  c.gql(`mutation($id: ID!) { ${op}RetroHealthCheck(id: $id) { ${HEALTH} } }`, { id });
const createHealth = (c: Caller, input: unknown) =>
  c.gql(`mutation($input: RetroHealthCheckInput!) { createRetroHealthCheck(input: $input) { ${HEALTH} } }`, { input });
const updateHealth = (c: Caller, id: string, input: unknown, base = healthVersion(id)) =>
  c.gql(
    `mutation($id: ID!, $input: RetroHealthCheckInput!, $base: Int!) { updateRetroHealthCheck(id: $id, input: $input, base_version: $base) { ${HEALTH} version } }`,
    { id, input, base },
  );

const prompt = (title: string, colour = '#2f7d4f', id?: string) => ({ ...(id ? { id } : {}), title, description: `${title}?`, colour });
const input = (name: string, prompts = [prompt('Went well'), prompt('To improve', '#b3261e')]) => ({ name, description: 'Ours', prompts });
const templateCount = () => app.services.db.select().from(retroTemplates).all().length;
const healthCount = () => app.services.db.select().from(retroHealthChecks).all().length;

describe('listing', () => {
  it("shows the built-ins first, in their order, then the organization's own; never another organization's", async () => {
    const mine = await create(memberA, input('Zebra retro'));
    const other = await create(adminB, input('Globex only'));
    expect(mine.errors).toBeUndefined();
    expect(other.errors).toBeUndefined();
    const res = await list(memberA);
    expect(res.errors).toBeUndefined();
    const names = res.data!.retroTemplates.map((t: { name: string }) => t.name);
    expect(names.slice(0, BUILTIN_RETRO_TEMPLATES.length)).toEqual(BUILTIN_RETRO_TEMPLATES.map((t) => t.name));
    expect(names).toContain('Zebra retro');
    expect(names).not.toContain('Globex only');
    const ssc = res.data!.retroTemplates[0];
    expect(ssc).toMatchObject({ id: 'builtin:start-stop-continue', built_in: true, archived: false, created_by: null, can_manage: false });
    expect(ssc.prompts.map((p: { title: string }) => p.title)).toEqual(['Start', 'Stop', 'Continue']);
    expect(BUILTIN_RETRO_TEMPLATES.map((t) => t.name)).toEqual([
      'Start, Stop, Continue',
      'Mad, Sad, Glad',
      '4Ls',
      'Sailboat',
      'What went well / What to improve',
    ]);
  });

  it("retroTemplate reads one, NOT_FOUND for another organization's or an unknown id", async () => {
    const other = (await create(adminB, input('Secret'))).data!.createRetroTemplate;
    expect(codeOf(await memberA.gql(`query($id: ID!) { retroTemplate(id: $id) { id name } }`, { id: other.id }))).toBe('NOT_FOUND');
    expect(codeOf(await memberA.gql(`query($id: ID!) { retroTemplate(id: $id) { id name } }`, { id: 'nope' }))).toBe('NOT_FOUND');
    const builtIn = await memberA.gql(`{ retroTemplate(id: "builtin:sailboat") { name prompts { id } } }`);
    expect(builtIn.data!.retroTemplate.prompts.map((p: { id: string }) => p.id)).toEqual(['wind', 'anchors', 'rocks', 'island']);
  });
});

describe('creating and editing', () => {
  it('any signed-in person creates one; new prompts get unique slug ids, colours are kept', async () => {
    const res = await create(reportA, input('Team pulse', [prompt('What went well'), prompt('What went well', '#1D5FA8'), prompt('!!!', '#6b3fa0')]));
    expect(res.errors).toBeUndefined();
    const t = res.data!.createRetroTemplate;
    expect(t).toMatchObject({ name: 'Team pulse', description: 'Ours', built_in: false, archived: false, created_by: { id: a.report.id }, can_manage: true });
    expect(t.prompts).toEqual([
      { id: 'what-went-well', title: 'What went well', description: 'What went well?', colour: '#2f7d4f' },
      { id: 'what-went-well-2', title: 'What went well', description: 'What went well?', colour: '#1d5fa8' },
      { id: 'prompt', title: '!!!', description: '!!!?', colour: '#6b3fa0' },
    ]);
  });

  it('refuses 0 or 7 prompts, an empty prompt title, a bad colour, an empty name: BAD_USER_INPUT with the field, nothing saved', async () => {
    const before = templateCount();
    const cases: Array<[unknown, string, RegExp]> = [
      [input('None', []), 'prompts', /1 to 6 prompts/],
      [
        input(
          'Seven',
          Array.from({ length: 7 }, (_, i) => prompt(`P${i}`)),
        ),
        'prompts',
        /1 to 6 prompts/,
      ],
      [input('Empty title', [prompt('Fine'), prompt('   ')]), 'prompts.1.title', /cannot be empty/],
      [input('Bad colour', [prompt('Fine', 'red')]), 'prompts.0.colour', /hex colour/],
      [input('   '), 'name', /cannot be empty/],
    ];
    for (const [bad, field, message] of cases) {
      const res = await create(memberA, bad);
      expect(codeOf(res), JSON.stringify(bad)).toBe('BAD_USER_INPUT');
      expect((res.errors![0]!.extensions!.fields as Record<string, string>)[field]).toMatch(message);
    }
    expect(templateCount()).toBe(before);
  });

  it('an update keeps given prompt ids, makes new ones, and leaves the template unchanged on bad input', async () => {
    const t = (await create(memberA, input('Editable'))).data!.createRetroTemplate;
    const [well, improve] = t.prompts;
    const res = await update(memberA, t.id, {
      name: 'Edited',
      description: null,
      prompts: [prompt('Improve first', '#b3261e', improve.id), prompt('Went well', '#2f7d4f', well.id), prompt('Improve first', '#8a5a00')],
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateRetroTemplate).toMatchObject({ name: 'Edited', description: '' });
    expect(res.data!.updateRetroTemplate.prompts.map((p: { id: string }) => p.id)).toEqual(['to-improve', 'went-well', 'improve-first']);

    const bad = await update(memberA, t.id, input('Broken', []));
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    const now = (await memberA.gql(`query($id: ID!) { retroTemplate(id: $id) { name prompts { id } } }`, { id: t.id })).data!.retroTemplate;
    expect(now).toEqual({ name: 'Edited', prompts: [{ id: 'to-improve' }, { id: 'went-well' }, { id: 'improve-first' }] });
  });

  it('editing a template never changes the retros made from it (they hold a copy of the prompts)', async () => {
    const t = (await create(reportA, input('Sprint 12 template'))).data!.createRetroTemplate;
    const retro = insertRetro(app.services.db, a.org.id, { team_id: a.team.id, template_id: t.id }, a.report.id);
    const edited = await update(reportA, t.id, input('Renamed', [prompt('Only one', '#6b3fa0')]));
    expect(edited.errors).toBeUndefined();
    const stored = app.services.db.select().from(retros).where(eq(retros.id, retro.id)).get()!;
    expect(stored.template_name).toBe('Sprint 12 template');
    expect(stored.prompts).toEqual(t.prompts);
    // A new retro takes the edited prompts.
    const next = insertRetro(app.services.db, a.org.id, { team_id: a.team.id, template_id: t.id }, a.report.id);
    expect(next.prompts.map((p) => p.title)).toEqual(['Only one']);
  });

  it('built-ins cannot be changed or archived, even by an admin: CONFLICT with the way out', async () => {
    for (const res of [
      await update(adminA, 'builtin:4ls', input('Mine')),
      await templateOp(adminA, 'archive', 'builtin:4ls'),
      await templateOp(adminA, 'restore', 'builtin:4ls'),
    ]) {
      expect(codeOf(res)).toBe('CONFLICT');
      expect(res.errors![0]!.message).toBe('Built-in templates cannot be changed; copy one to edit it.');
    }
    const again = (await memberA.gql(`{ retroTemplate(id: "builtin:4ls") { name archived } }`)).data!.retroTemplate;
    expect(again).toEqual({ name: '4Ls', archived: false });
  });

  it("the creator, their manager and admins change a template; another member or another team's manager gets FORBIDDEN; another organization NOT_FOUND", async () => {
    const t = (await create(reportA, input('Report owns it'))).data!.createRetroTemplate;
    const refused = await update(memberA, t.id, input('Hijacked'));
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect(refused.errors![0]!.message).toBe('Only the person who created this template, their manager and admins can change it. Copy it to make your own.');
    const otherManager = await signedIn(app, a.otherManager.email);
    expect(codeOf(await update(otherManager, t.id, input('Not mine')))).toBe('FORBIDDEN');
    expect(codeOf(await templateOp(memberA, 'archive', t.id))).toBe('FORBIDDEN');
    expect(codeOf(await update(adminB, t.id, input('Cross')))).toBe('NOT_FOUND');
    expect(codeOf(await templateOp(adminB, 'archive', t.id))).toBe('NOT_FOUND');
    expect(codeOf(await templateOp(adminB, 'copy', t.id))).toBe('NOT_FOUND');
    const seenByMember = (await list(memberA)).data!.retroTemplates.find((x: { id: string }) => x.id === t.id);
    expect(seenByMember.can_manage).toBe(false);

    expect((await update(managerA, t.id, input('By manager'))).data!.updateRetroTemplate.name).toBe('By manager');
    expect((await update(adminA, t.id, input('By admin'))).data!.updateRetroTemplate.name).toBe('By admin');
    expect((await update(reportA, t.id, input('By creator'))).data!.updateRetroTemplate.name).toBe('By creator');
  });
});

describe('copy, archive, restore', () => {
  it('copies a built-in as "Copy of X" that the copier owns and may edit', async () => {
    const res = await templateOp(memberA, 'copy', 'builtin:mad-sad-glad');
    expect(res.errors).toBeUndefined();
    const copy = res.data!.copyRetroTemplate;
    expect(copy).toMatchObject({ name: 'Copy of Mad, Sad, Glad', built_in: false, created_by: { id: a.member.id }, can_manage: true });
    expect(copy.id).not.toBe('builtin:mad-sad-glad');
    expect(copy.prompts).toEqual(BUILTIN_RETRO_TEMPLATES[1]!.prompts);
    expect((await update(memberA, copy.id, input('Our feelings'))).data!.updateRetroTemplate.name).toBe('Our feelings');
  });

  it('archived templates are hidden unless asked for, cannot be edited until restored', async () => {
    const t = (await create(memberA, input('Short-lived'))).data!.createRetroTemplate;
    const archived = await templateOp(memberA, 'archive', t.id);
    expect(archived.data!.archiveRetroTemplate.archived).toBe(true);
    expect((await list(memberA)).data!.retroTemplates.map((x: { id: string }) => x.id)).not.toContain(t.id);
    expect((await list(memberA, true)).data!.retroTemplates.find((x: { id: string }) => x.id === t.id).archived).toBe(true);
    expect(codeOf(await update(memberA, t.id, input('Edit archived')))).toBe('CONFLICT');
    // A retro cannot be created from it.
    expect(() => insertRetro(app.services.db, a.org.id, { team_id: a.team.id, template_id: t.id }, a.member.id)).toThrow(/archived/);
    const restored = await templateOp(memberA, 'restore', t.id);
    expect(restored.data!.restoreRetroTemplate.archived).toBe(false);
    expect((await list(memberA)).data!.retroTemplates.map((x: { id: string }) => x.id)).toContain(t.id);
  });
});

describe('health check sets', () => {
  it('lists built-ins first, creates with 1-12 statements, refuses 0 or 13 or an empty statement', async () => {
    const before = healthCount();
    for (const statements of [[], Array.from({ length: 13 }, (_, i) => `S${i}`), ['Fine', '  ']]) {
      expect(codeOf(await createHealth(memberA, { name: 'Bad', statements }))).toBe('BAD_USER_INPUT');
    }
    expect(healthCount()).toBe(before);
    const made = await createHealth(memberA, { name: 'Our pulse', statements: [' We ship. ', 'We rest.'] });
    expect(made.errors).toBeUndefined();
    expect(made.data!.createRetroHealthCheck).toMatchObject({ name: 'Our pulse', statements: ['We ship.', 'We rest.'], built_in: false, can_manage: true });
    const res = await memberA.gql(`{ retroHealthChecks { ${HEALTH} } }`);
    const names = res.data!.retroHealthChecks.map((h: { name: string }) => h.name);
    expect(names.slice(0, BUILTIN_RETRO_HEALTH_CHECKS.length)).toEqual(BUILTIN_RETRO_HEALTH_CHECKS.map((h) => h.name));
    expect(names).toContain('Our pulse');
  });

  it('copy, edit, archive and restore with the same rules as templates', async () => {
    const copy = (await healthOp(reportA, 'copy', 'builtin:quick-pulse')).data!.copyRetroHealthCheck;
    expect(copy).toMatchObject({ name: 'Copy of Quick pulse', statements: BUILTIN_RETRO_HEALTH_CHECKS[1]!.statements, created_by: { id: a.report.id } });
    const builtInEdit = await updateHealth(adminA, 'builtin:team-health', { name: 'X', statements: ['Y'] });
    expect(codeOf(builtInEdit)).toBe('CONFLICT');
    expect(codeOf(await healthOp(adminA, 'archive', 'builtin:team-health'))).toBe('CONFLICT');
    expect(codeOf(await updateHealth(memberA, copy.id, { name: 'X', statements: ['Y'] }))).toBe('FORBIDDEN');
    expect(codeOf(await updateHealth(adminB, copy.id, { name: 'X', statements: ['Y'] }))).toBe('NOT_FOUND');
    const edited = await updateHealth(reportA, copy.id, { name: 'Pulse', statements: ['One'] });
    expect(edited.data!.updateRetroHealthCheck).toMatchObject({ name: 'Pulse', statements: ['One'] });

    // Retros keep the statements they were made with.
    const retro = insertRetro(app.services.db, a.org.id, { team_id: a.team.id, template_id: 'builtin:4ls', health_check_id: copy.id }, a.report.id);
    await updateHealth(managerA, copy.id, { name: 'Pulse', statements: ['Changed', 'Added'] });
    expect(app.services.db.select().from(retros).where(eq(retros.id, retro.id)).get()!.health_statements).toEqual(['One']);

    expect((await healthOp(managerA, 'archive', copy.id)).data!.archiveRetroHealthCheck.archived).toBe(true);
    const visible = (await memberA.gql(`{ retroHealthChecks { id } }`)).data!.retroHealthChecks.map((h: { id: string }) => h.id);
    expect(visible).not.toContain(copy.id);
    expect((await healthOp(adminA, 'restore', copy.id)).data!.restoreRetroHealthCheck.archived).toBe(false);
  });
});

it('a member of another organization cannot reach a template through a copy or archive (nothing written)', async () => {
  const caller = await signedIn(app, b.member.email);
  const t = (await create(memberA, input('Acme private'))).data!.createRetroTemplate;
  const before = templateCount();
  expect(codeOf(await templateOp(caller, 'copy', t.id))).toBe('NOT_FOUND');
  expect(codeOf(await templateOp(caller, 'restore', t.id))).toBe('NOT_FOUND');
  expect(templateCount()).toBe(before);
});

describe('two people editing the same template', () => {
  it('the save based on the older version is refused with CONFLICT and saves nothing; the first save stays (templates and health checks)', async () => {
    const t = (await create(reportA, input('Ours'))).data!.createRetroTemplate;
    const opened = templateVersion(t.id);
    const first = await update(managerA, t.id, input('Manager edit'), opened);
    expect(first.data!.updateRetroTemplate).toMatchObject({ name: 'Manager edit', version: opened + 1 });
    const stale = await update(reportA, t.id, input('Report edit'), opened);
    expect(codeOf(stale)).toBe('CONFLICT');
    expect(stale.errors![0]!.message).toMatch(/Someone else saved this template after you opened it/);
    expect(app.services.db.select().from(retroTemplates).where(eq(retroTemplates.id, t.id)).get()).toMatchObject({ name: 'Manager edit', version: opened + 1 });
    // Saved again from the newer version: it goes through.
    expect((await update(reportA, t.id, input('Report edit'), opened + 1)).data!.updateRetroTemplate.name).toBe('Report edit');

    const h = (await createHealth(reportA, { name: 'Pulse', statements: ['We ship calmly.'] })).data!.createRetroHealthCheck;
    const base = healthVersion(h.id);
    expect((await updateHealth(adminA, h.id, { name: 'Pulse', statements: ['Admin'] }, base)).errors).toBeUndefined();
    expect(codeOf(await updateHealth(reportA, h.id, { name: 'Pulse', statements: ['Report'] }, base))).toBe('CONFLICT');
    expect(app.services.db.select().from(retroHealthChecks).where(eq(retroHealthChecks.id, h.id)).get()!.statements).toEqual(['Admin']);
  });
});
