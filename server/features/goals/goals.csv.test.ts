import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOAL_CSV_COLUMNS, GOAL_LIMITS } from '../../../shared/goals.js';
import { codeOf, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { setFeatureAreas } from '../feature-areas/feature-areas.repo.js';
import { insertGoal } from './goals.test-support.js';

/**
 * Goals CSV on the real app: the export route (admins only, Bearer, audited, formula-safe), the
 * import's preview with per-row errors, all-or-nothing import, and an export that imports again into
 * the emptied organization as it was (titles, owners, alignment, key results, progress).
 */

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof seedOrg>>;
let other: Awaited<ReturnType<typeof seedOrg>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let member: Awaited<ReturnType<typeof signedIn>>;
let otherGoal: string;

const PREVIEW =
  'mutation($csv: String!) { previewGoalImport(csv: $csv) { goals key_results errors { line column message } sample { line title owner parent due_date key_results } } }';
const IMPORT = 'mutation($csv: String!) { importGoals(csv: $csv) { goals key_results } }';
const HEADER = GOAL_CSV_COLUMNS.join(',');

const exportCsv = (token: string | null) =>
  app.inject({ method: 'GET', url: '/api/goals/export.csv', headers: token ? { authorization: `Bearer ${token}` } : {} });
const goalCount = (orgId: string) =>
  (app.services.db.$client.prepare('SELECT count(*) AS n FROM goals WHERE organization_id = ?').get(orgId) as { n: number }).n;

/** The organization's goals as a person reads them: no ids, parents by title, key results in order. */
function snapshot(orgId: string) {
  const db = app.services.db.$client;
  const goals = db
    .prepare(
      `SELECT g.id, g.title, g.description, g.owner_kind, u.email, t.name AS team, p.title AS parent, g.start_date, g.due_date, g.visibility, g.status, g.progress
    FROM goals g LEFT JOIN users u ON u.id = g.owner_user_id LEFT JOIN teams t ON t.id = g.owner_team_id LEFT JOIN goals p ON p.id = g.parent_id
    WHERE g.organization_id = ? ORDER BY g.title`,
    )
    .all(orgId) as Array<{ id: string; title: string; progress: number; [key: string]: unknown }>;
  return goals.map(({ id, ...g }) => ({
    ...g,
    key_results: db
      .prepare('SELECT title, kind, start_value, target_value, current_value, currency, weight FROM goal_key_results WHERE goal_id = ? ORDER BY position')
      .all(id),
  }));
}

beforeAll(async () => {
  app = await createTestApp();
  w = await seedOrg(app, 'Csv');
  other = await seedOrg(app, 'Other');
  admin = await signedIn(app, w.admin.email);
  member = await signedIn(app, w.member.email);
  const org = w.org.id;
  const company = insertGoal(app, {
    organization_id: org,
    title: 'Grow revenue',
    description: 'Line one\nline two, with "quotes"',
    due_date: '2027-12-31',
    key_results: [{ title: 'ARR', kind: 'CURRENCY', start_value: 1_000_000, target_value: 2_000_000, current_value: 1_250_000, currency: 'EUR', weight: 2 }],
  });
  const team = insertGoal(app, {
    organization_id: org,
    owner_team_id: w.team.id,
    parent_id: company,
    title: 'Core ships faster',
    visibility: 'MANAGER_CHAIN',
    status: 'AT_RISK',
    start_date: '2027-01-01',
    due_date: '2027-06-30',
    key_results: [{ title: 'Deploys a week', kind: 'PERCENTAGE', start_value: 20, target_value: 80, current_value: 50 }],
  });
  insertGoal(app, {
    organization_id: org,
    owner_user_id: w.report.id,
    parent_id: team,
    title: '=SUM(A1) formula-looking title',
    visibility: 'MANAGER_CHAIN',
    key_results: [
      { title: 'Write the runbook', kind: 'BINARY', current_value: 1 },
      { title: '-Lower build minutes', kind: 'NUMBER', start_value: 30, target_value: -5, current_value: 10, weight: 0.5 },
    ],
  });
  insertGoal(app, { organization_id: org, owner_user_id: w.member.id, title: 'No key results yet', status: 'DONE' });
  otherGoal = insertGoal(app, { organization_id: other.org.id, title: 'Another organization' });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('goals export', () => {
  it('answers admins only, with the goals they may read, one row per key result, formula-safe and audited; private goals are left out and counted', async () => {
    expect((await exportCsv(null)).statusCode).toBe(401);
    expect((await exportCsv(member.token)).statusCode).toBe(403);
    // A private goal, with a key result and a goal aligned under it that everyone reads (docs/decisions/0049, 0055).
    const secret = insertGoal(app, {
      organization_id: w.org.id,
      owner_user_id: w.report.id,
      title: 'Private: interview elsewhere',
      visibility: 'PRIVATE',
      key_results: [{ title: 'Private KR: three offers' }],
    });
    const child = insertGoal(app, { organization_id: w.org.id, owner_user_id: w.report.id, parent_id: secret, title: 'Open child of a private goal' });
    const res = await exportCsv(admin.token);
    app.services.db.$client.prepare('DELETE FROM goals WHERE id IN (?, ?)').run(child, secret);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(GOAL_CSV_COLUMNS.map((c) => `"${c}"`).join(','));
    expect(res.body).toContain(`"'=SUM(A1) formula-looking title"`);
    expect(res.body).toContain(`"'-Lower build minutes"`);
    expect(res.body).not.toContain('Another organization');
    // 1 + 1 + 2 + 1 + 1 rows of goals (a multi-line description stays one quoted cell).
    expect(res.body.match(/"(PERSON|TEAM|COMPANY)"/g)).toHaveLength(6);
    for (const word of ['Private: interview elsewhere', 'Private KR', secret]) expect(res.body).not.toContain(word);
    // The goal under the private one: no parent_ref, as the screens show its parent as hidden.
    const childLine = lines.find((l) => l.startsWith(`"${child}"`))!;
    expect(childLine.split(',')[GOAL_CSV_COLUMNS.indexOf('parent_ref')]).toBe('');
    // What was left out, said in a last row of its own (a spreadsheet shows it under the goals).
    expect(lines.at(-1)).toBe(
      ['"# 1 goal you may not see was left out; goals aligned under them have no parent_ref."', ...GOAL_CSV_COLUMNS.slice(1).map(() => '')].join(','),
    );
    // Imported again, the note row is skipped.
    expect((await admin.gql(PREVIEW, { csv: res.body })).data?.previewGoalImport).toMatchObject({ goals: 5, errors: [] });
    const audit = app.services.db.$client
      .prepare(`SELECT actor_user_id, details FROM audit_events WHERE organization_id = ? AND action = 'GOALS_EXPORTED'`)
      .all(w.org.id);
    expect(audit).toEqual([{ actor_user_id: w.admin.id, details: JSON.stringify({ goals: 5, left_out: 1 }) }]);
    const shown = (await admin.gql('{ auditEvents(filter: { action: GOALS_EXPORTED }) { events { summary } } }')).data!.auditEvents.events;
    expect(shown).toEqual([{ summary: '5 goals; 1 goal they may not read left out' }]);
  });

  it('imports again into the emptied organization as it was', async () => {
    const before = snapshot(w.org.id);
    const csv = (await exportCsv(admin.token)).body;
    app.services.db.$client.prepare('DELETE FROM goals WHERE organization_id = ?').run(w.org.id);
    const preview = await admin.gql(PREVIEW, { csv });
    expect(preview.data?.previewGoalImport).toMatchObject({ goals: 4, key_results: 4, errors: [] });
    expect(preview.data?.previewGoalImport.sample).toContainEqual({
      line: 4,
      title: '=SUM(A1) formula-looking title',
      owner: w.report.email,
      parent: expect.any(String),
      due_date: null,
      key_results: 2,
    });
    const imported = await admin.gql(IMPORT, { csv });
    expect(imported.errors).toBeUndefined();
    expect(imported.data?.importGoals).toEqual({ goals: 4, key_results: 4 });
    expect(snapshot(w.org.id)).toEqual(before);
    // Progress rolled up as before, e.g. the company goal from its key result and its team goal.
    expect(before.find((g) => g.title === 'Grow revenue')?.progress).toBeGreaterThan(0);
  });
});

describe('goals area off', () => {
  it('closes the export and the import', async () => {
    setFeatureAreas(app.services.db, w.org.id, w.admin.id, [{ area: 'GOALS', enabled: false }]);
    try {
      expect((await exportCsv(admin.token)).statusCode).toBe(403);
      expect(codeOf(await admin.gql(PREVIEW, { csv: HEADER }))).toBe('FORBIDDEN');
    } finally {
      setFeatureAreas(app.services.db, w.org.id, w.admin.id, [{ area: 'GOALS', enabled: true }]);
    }
  });
});

describe('goals import', () => {
  const row = (cells: Partial<Record<(typeof GOAL_CSV_COLUMNS)[number], string>>) =>
    GOAL_CSV_COLUMNS.map((c) => cells[c] ?? '')
      .map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v))
      .join(',');

  it('previews a good file with counts and a sample; parent_ref may name an existing goal by id', async () => {
    const existing = insertGoal(app, { organization_id: w.org.id, title: 'Existing company goal' });
    const csv = [
      HEADER,
      row({
        goal_ref: 'a',
        title: 'Hire two engineers',
        owner_kind: 'team',
        owner_team: 'core',
        parent_ref: existing,
        due_date: '2027-03-31',
        key_result: 'Offers signed',
        kr_kind: 'number',
        kr_target: '2',
      }),
      row({ goal_ref: 'a', key_result: 'Onboarding guide', kr_kind: 'BINARY' }),
      row({ goal_ref: 'b', title: 'Learn Rust', owner_kind: 'PERSON', owner_email: w.report.email.toUpperCase(), parent_ref: 'a' }),
    ].join('\n');
    const preview = await admin.gql(PREVIEW, { csv });
    expect(preview.data?.previewGoalImport).toEqual({
      goals: 2,
      key_results: 2,
      errors: [],
      sample: [
        { line: 2, title: 'Hire two engineers', owner: 'core', parent: existing, due_date: '2027-03-31', key_results: 2 },
        { line: 4, title: 'Learn Rust', owner: w.report.email.toUpperCase(), parent: 'a', due_date: null, key_results: 0 },
      ],
    });
    const count = goalCount(w.org.id);
    expect((await admin.gql(IMPORT, { csv })).data?.importGoals).toEqual({ goals: 2, key_results: 2 });
    expect(goalCount(w.org.id)).toBe(count + 2);
    const hire = app.services.db.$client
      .prepare(
        `SELECT g.id, g.parent_id, g.owner_team_id, (SELECT count(*) FROM goals c WHERE c.parent_id = g.id) AS children FROM goals g WHERE title = 'Hire two engineers'`,
      )
      .get() as Record<string, unknown>;
    expect(hire).toMatchObject({ parent_id: existing, owner_team_id: w.team.id, children: 1 });
  });

  it('names each bad row with its line and column, and writes nothing', async () => {
    const csv = [
      HEADER,
      row({ goal_ref: 'g1', title: 'Unknown owner', owner_kind: 'PERSON', owner_email: 'nobody@nowhere.example' }),
      row({ goal_ref: 'g2', title: 'Unknown team', owner_kind: 'TEAM', owner_team: 'Ghosts' }),
      row({ goal_ref: 'g3', title: 'Bad words', owner_kind: 'COMPANY', status: 'MAYBE', visibility: 'SECRET' }),
      row({ goal_ref: 'g4', title: 'Bad dates', owner_kind: 'COMPANY', start_date: '2027-05-01', due_date: '2027-04-01' }),
      row({ goal_ref: 'g5', title: 'Out of range', owner_kind: 'COMPANY', due_date: '2150-01-01' }),
      row({ goal_ref: 'g6', title: 'Key results', owner_kind: 'COMPANY', key_result: 'Flat', kr_kind: 'NUMBER', kr_start: '5', kr_target: '5' }),
      row({ goal_ref: 'g6', key_result: 'Money', kr_kind: 'CURRENCY', kr_target: '100' }),
      row({ goal_ref: 'g6', key_result: 'Percent', kr_kind: 'PERCENTAGE', kr_target: '120' }),
      row({ goal_ref: 'g6', key_result: 'Text', kr_kind: 'NUMBER', kr_target: 'ten' }),
      row({ goal_ref: 'g6', key_result: 'Odd', kr_kind: 'STARS', kr_target: '3' }),
      row({ goal_ref: 'g7', title: 'Lost parent', owner_kind: 'COMPANY', parent_ref: otherGoal }),
      row({ goal_ref: 'c1', title: 'Circle one', owner_kind: 'COMPANY', parent_ref: 'c2' }),
      row({ goal_ref: 'c2', title: 'Circle two', owner_kind: 'COMPANY', parent_ref: 'c1' }),
      row({ goal_ref: 'ok', title: 'Fine on its own', owner_kind: 'COMPANY' }),
      row({ goal_ref: 'g8', title: '', owner_kind: 'WORLD' }),
    ].join('\r\n');
    const preview = await admin.gql(PREVIEW, { csv });
    const errors = preview.data?.previewGoalImport.errors as Array<{ line: number; column: string | null; message: string }>;
    const at = (line: number) => errors.filter((e) => e.line === line).map((e) => `${e.column}: ${e.message}`);
    expect(at(2)).toEqual(['owner_email: No one in the organization has the email nobody@nowhere.example.']);
    expect(at(3)).toEqual(['owner_team: There is no team named Ghosts.']);
    expect(at(4)).toHaveLength(2);
    expect(at(4)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^visibility: "SECRET" is not one of/), expect.stringMatching(/^status: "MAYBE" is not one of/)]),
    );
    expect(at(5)).toEqual(['due_date: The due date cannot be before the start date.']);
    expect(at(6)).toEqual(['due_date: Dates must be between 1900 and 2099.']);
    expect(at(7)).toEqual(['kr_target: The target must differ from the start.']);
    expect(at(8)).toEqual(['kr_currency: A currency key result needs a currency.']);
    expect(at(9)).toEqual(['kr_target: A percentage runs from 0 to 100.']);
    expect(at(10)).toEqual(['kr_target: "ten" is not a number.']);
    expect(at(11)).toEqual([expect.stringMatching(/^kr_kind: "STARS" is not one of BINARY, NUMBER/)]);
    expect(at(12)).toEqual([expect.stringMatching(/^parent_ref: parent_ref ".+" is neither a goal_ref of this file nor a goal of the organization\.$/)]);
    expect(at(13)).toEqual([expect.stringContaining('parent_ref: Circular alignment')]);
    expect(at(14)).toEqual([expect.stringContaining('parent_ref: Circular alignment')]);
    expect(at(15)).toEqual([]);
    expect(at(16)).toEqual([expect.stringMatching(/^owner_kind: "WORLD" is not one of/)]);
    expect(preview.data?.previewGoalImport.goals).toBe(1);

    const count = goalCount(w.org.id);
    const refused = await admin.gql(IMPORT, { csv });
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0]?.message).toMatch(/nothing was imported\. Line 2, owner_email: No one/);
    expect((refused.errors?.[0]?.extensions?.errors as unknown[]).length).toBe(errors.length);
    expect(goalCount(w.org.id)).toBe(count);
  });

  it('refuses a wrong header, too many rows, and non-admins', async () => {
    const noTitle = await admin.gql(PREVIEW, { csv: 'goal_ref,owner_kind,colour\nx,COMPANY,red\n' });
    expect(noTitle.data?.previewGoalImport.errors).toEqual([
      { line: 1, column: 'colour', message: expect.stringContaining('Unknown column "colour"') },
      { line: 1, column: 'title', message: 'The header row lacks the column title.' },
    ]);
    const many = [
      HEADER,
      ...Array.from({ length: GOAL_LIMITS.importRowsMax + 1 }, (_, i) => row({ goal_ref: `r${i}`, title: `Goal ${i}`, owner_kind: 'COMPANY' })),
    ].join('\n');
    const tooMany = await admin.gql(PREVIEW, { csv: many });
    expect(tooMany.data?.previewGoalImport.errors).toEqual([
      { line: 1, column: null, message: 'The file has more than 5,000 rows; split it into several files.' },
    ]);
    const large = [
      HEADER,
      ...Array.from({ length: 10 }, (_, i) => row({ goal_ref: `l${i}`, title: `Large ${i}`, owner_kind: 'COMPANY', description: 'x'.repeat(95_000) })),
    ].join('\n');
    expect((await admin.gql(PREVIEW, { csv: large })).data?.previewGoalImport.errors).toEqual([
      { line: 1, column: null, message: 'The file is larger than 900 kB; split it into several files.' },
    ]);
    const chain = [
      HEADER,
      ...Array.from({ length: GOAL_LIMITS.depthMax + 1 }, (_, i) =>
        row({ goal_ref: `d${i}`, title: `Level ${i + 1}`, owner_kind: 'COMPANY', parent_ref: i ? `d${i - 1}` : '' }),
      ),
    ].join('\n');
    expect((await admin.gql(PREVIEW, { csv: chain })).data?.previewGoalImport.errors).toEqual([
      { line: GOAL_LIMITS.depthMax + 2, column: 'parent_ref', message: `Goals align at most ${GOAL_LIMITS.depthMax} levels deep: align this goal higher up.` },
    ]);
    expect(codeOf(await member.gql(PREVIEW, { csv: HEADER }))).toBe('FORBIDDEN');
    expect(codeOf(await member.gql(IMPORT, { csv: HEADER }))).toBe('FORBIDDEN');
    const otherAdmin = await signedIn(app, other.admin.email);
    const count = goalCount(other.org.id);
    const empty = await otherAdmin.gql(IMPORT, { csv: HEADER });
    expect(codeOf(empty)).toBe('BAD_USER_INPUT');
    expect(goalCount(other.org.id)).toBe(count);
  });
});
