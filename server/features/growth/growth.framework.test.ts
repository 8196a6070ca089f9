import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUILTIN_TRACKS } from '../../../shared/growth.builtin-framework.js';
import { newId } from '../../lib/tokens.js';
import { addUser, codeOf, createTestApp } from '../../test/helpers.js';
import { feedbackWorld, type FeedbackWorld } from '../feedback/feedback.test-support.js';
import { goals } from '../goals/goals.tables.js';
import { notifications } from '../notifications/notifications.tables.js';
import { assessments, competencyTracks } from './growth.tables.js';
import { insertTrack, placeUser } from './growth.test-support.js';

let app: FastifyInstance;
let w: FeedbackWorld;
beforeAll(async () => {
  app = await createTestApp();
  w = await feedbackWorld(app);
});
afterAll(async () => {
  await app.close();
});

const TRACK =
  'id name description builtin_key archived people levels { id name description position people } competencies { id name description position expectations { level_id text } }';
const FRAMEWORK = `query($all: Boolean) { competencyFramework(include_archived: $all) { ${TRACK} } }`;
const ONE = `query($id: ID!) { competencyTrack(id: $id) { ${TRACK} } }`;
const BUILTINS = '{ builtinCompetencyTracks { key name levels competencies copied } }';
const COPY = `mutation($key: String!) { copyBuiltinCompetencyTrack(key: $key) { ${TRACK} } }`;
const CREATE = `mutation($input: CompetencyTrackInput!) { createCompetencyTrack(input: $input) { ${TRACK} } }`;
const UPDATE = `mutation($id: ID!, $input: CompetencyTrackInput!, $base: Int!) { updateCompetencyTrack(id: $id, input: $input, base_version: $base) { ${TRACK} version } }`;
/** The version stored now: each save edits what is there (a fresh editor) unless the test says otherwise. */
const trackVersion = (id: string) =>
  app.services.db.select({ v: competencyTracks.version }).from(competencyTracks).where(eq(competencyTracks.id, id)).get()?.v ?? 1;
const ARCHIVE = `mutation($id: ID!) { archiveCompetencyTrack(id: $id) { id archived } }`;
const RESTORE = `mutation($id: ID!) { restoreCompetencyTrack(id: $id) { id archived } }`;
const PLACEMENT_FIELDS = 'user { id full_name } track { id name } level { id name position } placed_by { id } placed_at';
const PLACE = `mutation($input: PlacementInput!) { placePerson(input: $input) { ${PLACEMENT_FIELDS} } }`;
const UNPLACE = 'mutation($id: ID!) { removePlacement(user_id: $id) }';
const PLACEMENT = `query($id: ID!) { placement(user_id: $id) { ${PLACEMENT_FIELDS} } }`;
const PLACEMENTS = `query($track: ID) { placements(track_id: $track) { ${PLACEMENT_FIELDS} } }`;

type Track = {
  id: string;
  name: string;
  people: number;
  archived: boolean;
  builtin_key: string | null;
  levels: Array<{ id: string; name: string; description: string; people: number }>;
  competencies: Array<{ id: string; name: string; description: string; expectations: Array<{ level_id: string; text: string }> }>;
};

/** The input that saves a track as it is (ids kept). */
const inputOf = (t: Track) => ({
  name: t.name,
  levels: t.levels.map((l) => ({ id: l.id, name: l.name, description: l.description })),
  competencies: t.competencies.map((c) => ({ id: c.id, name: c.name, description: c.description, expectations: c.expectations.map((e) => e.text) })),
});

it('copies a built-in track with every level, competency and expectation; a second copy gets its own name', async () => {
  const before = (await w.admin.gql(BUILTINS)).data!.builtinCompetencyTracks;
  expect(before.map((b: { key: string; copied: boolean }) => [b.key, b.copied])).toEqual([
    ['engineering-ic', false],
    ['engineering-manager', false],
  ]);
  expect(codeOf(await w.manager.gql(BUILTINS))).toBe('FORBIDDEN');
  expect(codeOf(await w.manager.gql(COPY, { key: 'engineering-ic' }))).toBe('FORBIDDEN');
  expect(codeOf(await w.admin.gql(COPY, { key: 'nope' }))).toBe('BAD_USER_INPUT');

  const ic = BUILTIN_TRACKS[0]!;
  const copied = await w.admin.gql(COPY, { key: 'engineering-ic' });
  expect(copied.errors).toBeUndefined();
  const t: Track = copied.data!.copyBuiltinCompetencyTrack;
  expect(t).toMatchObject({ name: 'Engineering IC', builtin_key: 'engineering-ic', archived: false, people: 0 });
  expect(t.levels.map((l) => l.name)).toEqual(ic.levels.map((l) => l.name));
  expect(t.competencies.map((c) => c.name)).toEqual(ic.competencies.map((c) => c.name));
  expect(t.competencies[2]!.expectations).toEqual(t.levels.map((l, i) => ({ level_id: l.id, text: ic.competencies[2]!.expectations[i] })));

  const again = (await w.admin.gql(COPY, { key: 'engineering-ic' })).data!.copyBuiltinCompetencyTrack;
  expect(again.name).toBe('Engineering IC (copy)');
  expect((await w.admin.gql(BUILTINS)).data!.builtinCompetencyTracks.map((b: { copied: boolean }) => b.copied)).toEqual([true, false]);

  // Everyone reads the framework; another organization sees none of it.
  const read = await w.report.gql(FRAMEWORK);
  expect(read.errors).toBeUndefined();
  const seen = read.data!.competencyFramework.map((x: Track) => x.name);
  expect(seen).toEqual(['Engineering IC', 'Engineering IC (copy)']);
  expect((await w.otherAdmin.gql(FRAMEWORK, { all: true })).data!.competencyFramework).toEqual([]);
  expect(codeOf(await w.otherAdmin.gql(ONE, { id: t.id }))).toBe('NOT_FOUND');
  expect(codeOf(await w.otherAdmin.gql(UPDATE, { base: trackVersion(t.id), id: t.id, input: inputOf(t) }))).toBe('NOT_FOUND');
  expect(codeOf(await w.otherAdmin.gql(ARCHIVE, { id: t.id }))).toBe('NOT_FOUND');

  // Archived: left out of the framework unless asked for, and not edited until restored (docs/decisions/0075); restored: back.
  expect((await w.admin.gql(ARCHIVE, { id: again.id })).data!.archiveCompetencyTrack.archived).toBe(true);
  expect((await w.report.gql(FRAMEWORK)).data!.competencyFramework.map((x: Track) => x.name)).toEqual(['Engineering IC']);
  expect((await w.admin.gql(FRAMEWORK, { all: true })).data!.competencyFramework).toHaveLength(2);
  const whileArchived = await w.admin.gql(UPDATE, { base: trackVersion(again.id), id: again.id, input: { ...inputOf(again), name: 'Renamed while archived' } });
  expect(codeOf(whileArchived)).toBe('CONFLICT');
  expect(whileArchived.errors![0]!.message).toBe('This track is archived. Restore it to edit it.');
  expect((await w.admin.gql(RESTORE, { id: again.id })).data!.restoreCompetencyTrack.archived).toBe(false);
});

it('edits a whole track: ids keep levels and competencies, validation refuses bad input, removing a competency unlinks growth goals', async () => {
  const created = await w.admin.gql(CREATE, {
    input: {
      name: 'Design',
      description: 'Product designers',
      levels: [{ name: 'Designer' }, { name: 'Senior designer' }],
      competencies: [
        { name: 'Craft', expectations: ['Good', 'Great'] },
        { name: 'Research', expectations: ['Asks', 'Leads'] },
      ],
    },
  });
  expect(created.errors).toBeUndefined();
  const t: Track = created.data!.createCompetencyTrack;
  const [craft, research] = t.competencies;
  const goalId = newId();
  app.services.db
    .insert(goals)
    .values({
      id: goalId,
      organization_id: w.org.id,
      title: 'Learn research',
      owner_kind: 'PERSON',
      owner_user_id: w.report.id,
      kind: 'GROWTH',
      competency_id: research!.id,
      visibility: 'MANAGER_CHAIN',
    })
    .run();

  // A level added in the middle, the competencies swapped, Research removed, Craft renamed.
  const input = {
    name: 'Design',
    levels: [{ id: t.levels[0]!.id, name: 'Designer' }, { name: 'Designer II' }, { id: t.levels[1]!.id, name: 'Senior designer' }],
    competencies: [
      { name: 'Systems', expectations: ['a', 'b', 'c'] },
      { id: craft!.id, name: 'Visual craft', expectations: ['Good', 'Better', 'Great'] },
    ],
  };
  const saved = await w.admin.gql(UPDATE, { base: trackVersion(t.id), id: t.id, input });
  expect(saved.errors).toBeUndefined();
  const u: Track = saved.data!.updateCompetencyTrack;
  expect(u.levels.map((l) => l.name)).toEqual(['Designer', 'Designer II', 'Senior designer']);
  expect(u.levels[0]!.id).toBe(t.levels[0]!.id);
  expect(u.levels[2]!.id).toBe(t.levels[1]!.id);
  expect(u.competencies.map((c) => [c.name, c.id === craft!.id])).toEqual([
    ['Systems', false],
    ['Visual craft', true],
  ]);
  expect(u.competencies[1]!.expectations.map((e) => e.text)).toEqual(['Good', 'Better', 'Great']);
  const goal = app.services.db.select().from(goals).where(eq(goals.id, goalId)).get()!;
  expect(goal.competency_id).toBeNull();

  // Bad input: the shared schema's words, nothing saved.
  const wrongCount = await w.admin.gql(UPDATE, {
    base: trackVersion(t.id),
    id: t.id,
    input: { ...input, competencies: [{ name: 'Systems', expectations: ['a'] }] },
  });
  expect(codeOf(wrongCount)).toBe('BAD_USER_INPUT');
  expect(wrongCount.errors![0]!.message).toContain('one expectation per level (3)');
  expect(codeOf(await w.admin.gql(UPDATE, { base: trackVersion(t.id), id: t.id, input: { ...input, levels: [] } }))).toBe('BAD_USER_INPUT');
  expect(codeOf(await w.admin.gql(UPDATE, { base: trackVersion(t.id), id: t.id, input: { ...input, name: 'engineering ic' } }))).toBe('BAD_USER_INPUT');
  expect((await w.admin.gql(ONE, { id: t.id })).data!.competencyTrack.competencies.map((c: { name: string }) => c.name)).toEqual(['Systems', 'Visual craft']);
  expect(codeOf(await w.manager.gql(UPDATE, { base: trackVersion(t.id), id: t.id, input }))).toBe('FORBIDDEN');

  // An id sent twice keeps one row; the second item is a new level (never a 500).
  const twice = await w.admin.gql(UPDATE, {
    base: trackVersion(t.id),
    id: t.id,
    input: { ...input, levels: [input.levels[0], { ...input.levels[0], name: 'Designer bis' }, input.levels[2]] },
  });
  expect(twice.errors).toBeUndefined();
  const ids = twice.data!.updateCompetencyTrack.levels.map((l: { id: string }) => l.id);
  expect(ids[0]).toBe(t.levels[0]!.id);
  expect(new Set(ids).size).toBe(3);
});

it('refuses to remove a level someone is placed on or assessed against, naming how many people', async () => {
  const track = insertTrack(app, w.org.id, 'engineering-manager', 'Managers');
  placeUser(app, w.org.id, w.manager.id, track, 1);
  placeUser(app, w.org.id, w.otherManager.id, track, 1);
  app.services.db
    .insert(assessments)
    .values({
      id: newId(),
      organization_id: w.org.id,
      subject_id: w.teamLead.id,
      assessor_id: w.teamLead.id,
      kind: 'SELF',
      track_id: track.trackId,
      level_id: track.levelIds[2]!,
    })
    .run();
  const t: Track = (await w.admin.gql(ONE, { id: track.trackId })).data!.competencyTrack;
  expect(t.people).toBe(2);
  expect(t.levels.map((l) => l.people)).toEqual([0, 2, 0]);

  const withoutSecond = {
    ...inputOf(t),
    levels: inputOf(t).levels.filter((_, i) => i !== 1),
    competencies: inputOf(t).competencies.map((c) => ({ ...c, expectations: c.expectations.filter((_, i) => i !== 1) })),
  };
  const refused = await w.admin.gql(UPDATE, { base: trackVersion(t.id), id: t.id, input: withoutSecond });
  expect(codeOf(refused)).toBe('CONFLICT');
  expect(refused.errors![0]!.message).toContain('Senior Engineering Manager cannot be removed: 2 people are placed on it');
  const withoutThird = {
    ...inputOf(t),
    levels: inputOf(t).levels.slice(0, 2),
    competencies: inputOf(t).competencies.map((c) => ({ ...c, expectations: c.expectations.slice(0, 2) })),
  };
  expect((await w.admin.gql(UPDATE, { base: trackVersion(t.id), id: t.id, input: withoutThird })).errors![0]!.message).toContain(
    '1 person is placed on it or assessed against it',
  );
  expect((await w.admin.gql(ONE, { id: t.id })).data!.competencyTrack.levels).toHaveLength(3);

  // The first level holds nobody: it goes.
  const withoutFirst = {
    ...inputOf(t),
    levels: inputOf(t).levels.slice(1),
    competencies: inputOf(t).competencies.map((c) => ({ ...c, expectations: c.expectations.slice(1) })),
  };
  const saved = await w.admin.gql(UPDATE, { base: trackVersion(t.id), id: t.id, input: withoutFirst });
  expect(saved.errors).toBeUndefined();
  expect(saved.data!.updateCompetencyTrack.levels.map((l: { name: string; people: number }) => [l.name, l.people])).toEqual([
    ['Senior Engineering Manager', 2],
    ['Director of Engineering', 0],
  ]);
});

it('lets managers up the line and admins place people; others are refused, levels of another track too', async () => {
  const ic = insertTrack(app, w.org.id, 'engineering-ic', 'Placement IC');
  const em = insertTrack(app, w.org.id, 'engineering-manager', 'Placement EM');
  const place = (caller: FeedbackWorld['admin'], user_id: string, levelId: string, trackId = ic.trackId) =>
    caller.gql(PLACE, { input: { user_id, track_id: trackId, level_id: levelId } });

  const byManager = await place(w.manager, w.report.id, ic.levelIds[1]!);
  expect(byManager.errors).toBeUndefined();
  expect(byManager.data!.placePerson).toMatchObject({
    user: { id: w.report.id },
    track: { name: 'Placement IC' },
    level: { name: 'Engineer II', position: 1 },
    placed_by: { id: w.manager.id },
  });
  // The team lead (through the team) places too; the person hears about a new level.
  expect((await place(w.teamLead, w.report.id, ic.levelIds[2]!)).data!.placePerson.level.name).toBe('Senior Engineer');
  const told = app.services.db
    .select()
    .from(notifications)
    .where(eq(notifications.user_id, w.report.id))
    .all()
    .filter((n) => n.kind === 'assessments');
  // The level is named in the body only: titles reach a Slack channel, which does not read placements (docs/decisions/0055).
  expect(told.map((n) => [n.title, n.body?.split('.')[0]])).toEqual([
    ['You are placed on a new level', 'You are placed on Engineer II (Placement IC)'],
    ['You are placed on a new level', 'You are placed on Senior Engineer (Placement IC)'],
  ]);

  // A manager of another team, the person themself and a peer: FORBIDDEN; another organization: NOT_FOUND.
  expect(codeOf(await place(w.otherManager, w.report.id, ic.levelIds[0]!))).toBe('FORBIDDEN');
  expect(codeOf(await place(w.report, w.report.id, ic.levelIds[4]!))).toBe('FORBIDDEN');
  expect(codeOf(await place(w.peer, w.report.id, ic.levelIds[0]!))).toBe('FORBIDDEN');
  expect(codeOf(await w.otherManager.gql(UNPLACE, { id: w.report.id }))).toBe('FORBIDDEN');
  expect(codeOf(await place(w.otherAdmin, w.report.id, ic.levelIds[0]!))).toBe('NOT_FOUND');

  // A level of another track.
  const mixed = await place(w.admin, w.report.id, em.levelIds[0]!);
  expect(codeOf(mixed)).toBe('BAD_USER_INPUT');
  expect(mixed.errors![0]!.message).toBe('That level belongs to another track.');
  // A deactivated person.
  const gone = await addUser(app, w.org.id, { email: 'gone@acme.example', full_name: 'Gone Person', status: 'DEACTIVATED', manager_id: w.manager.id });
  expect(codeOf(await place(w.admin, gone.id, ic.levelIds[0]!))).toBe('BAD_USER_INPUT');

  // Who reads a placement: the person, their managers, admins.
  for (const reader of [w.report, w.manager, w.teamLead, w.admin])
    expect((await reader.gql(PLACEMENT, { id: w.report.id })).data!.placement.level.name).toBe('Senior Engineer');
  expect(codeOf(await w.peer.gql(PLACEMENT, { id: w.report.id }))).toBe('FORBIDDEN');
  expect(codeOf(await w.otherManager.gql(PLACEMENT, { id: w.report.id }))).toBe('FORBIDDEN');
  expect(codeOf(await w.otherAdmin.gql(PLACEMENT, { id: w.report.id }))).toBe('NOT_FOUND');
  expect((await w.peer.gql(PLACEMENT, { id: w.peer.id })).data!.placement).toBeNull();

  // The admins' list, per track.
  expect(codeOf(await w.manager.gql(PLACEMENTS, { track: ic.trackId }))).toBe('FORBIDDEN');
  expect((await w.admin.gql(PLACEMENTS, { track: ic.trackId })).data!.placements.map((p: { user: { full_name: string } }) => p.user.full_name)).toEqual([
    'Remy Report',
  ]);
  expect((await w.manager.gql(UNPLACE, { id: w.report.id })).data!.removePlacement).toBe(true);
  expect((await w.admin.gql(PLACEMENTS, { track: ic.trackId })).data!.placements).toEqual([]);
});

it('two admins editing the same track: the save based on the older version is refused with CONFLICT and saves nothing', async () => {
  const created = await w.admin.gql(CREATE, {
    input: { name: 'Data', levels: [{ name: 'Analyst' }], competencies: [{ name: 'SQL', expectations: ['Writes joins'] }] },
  });
  const t: Track = created.data!.createCompetencyTrack;
  const opened = trackVersion(t.id);
  const first = await w.admin.gql(UPDATE, {
    base: opened,
    id: t.id,
    input: {
      name: 'Data',
      levels: [{ id: t.levels[0]!.id, name: 'Analyst' }],
      competencies: [{ id: t.competencies[0]!.id, name: 'SQL', expectations: ['Writes window functions'] }],
    },
  });
  expect(first.data!.updateCompetencyTrack.version).toBe(opened + 1);
  const stale = await w.admin.gql(UPDATE, {
    base: opened,
    id: t.id,
    input: { name: 'Data team', levels: [{ name: 'Junior analyst' }], competencies: [{ name: 'Python', expectations: ['Writes scripts'] }] },
  });
  expect(codeOf(stale)).toBe('CONFLICT');
  const now = (await w.admin.gql(ONE, { id: t.id })).data!.competencyTrack;
  expect([
    now.name,
    now.levels.map((l: { name: string }) => l.name),
    now.competencies.map((c: { expectations: Array<{ text: string }> }) => c.expectations[0]!.text),
  ]).toEqual(['Data', ['Analyst'], ['Writes window functions']]);
});
