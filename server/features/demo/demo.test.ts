import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { seedOnFirstStart, DEFAULT_ADMIN_EMAIL } from '../../db/seed.js';
import { addUser, Browser, codeOf, createTestApp, signedIn, TEST_PASSWORD } from '../../test/helpers.js';
import { createTeam } from '../teams/teams.repo.js';
import { demoEmailFor } from './demo.seed.js';

let app: FastifyInstance;
let orgId: string;
beforeEach(async () => {
  app = await createTestApp({ SEED_DEMO: 'true', ADMIN_PASSWORD: TEST_PASSWORD });
  orgId = (await seedOnFirstStart(app.services))!.organizationId;
});
afterEach(async () => {
  await app.close();
});

const rows = <T = Record<string, unknown>>(sql: string, ...params: unknown[]) => app.services.db.$client.prepare(sql).all(...params) as T[];
const count = (sql: string, ...params: unknown[]) => (app.services.db.$client.prepare(sql).get(...params) as { n: number }).n;
const DEMO_DATA = 'query { demoData { present counts { table count label } } }';

describe('demo data registry', () => {
  it('registers every seeded row and lists what an admin would remove, in words', async () => {
    const admin = await signedIn(app, DEFAULT_ADMIN_EMAIL);
    const res = await admin.gql(DEMO_DATA);
    expect(res.errors).toBeUndefined();
    const counts = Object.fromEntries((res.data!.demoData.counts as Array<{ table: string; label: string }>).map((c) => [c.table, c.label]));
    expect(res.data!.demoData.present).toBe(true);
    expect(counts).toMatchObject({
      users: '28 people',
      teams: '4 teams',
      business_units: '2 business units',
      departments: '2 departments',
      subdepartments: '4 sub-departments',
      review_sprints: '5 sprints',
      review_automation_rules: '1 review automation rule',
      billing_seat_history: '365 days of seat history',
    });
    // two 360 cycles seeded, plus the sprint reviews the rule's own pass started (derived demo data)
    expect(counts.review_cycles).toBe(`${count('select count(*) as n from review_cycles')} review cycles`);
    expect(count('select count(*) as n from review_cycles')).toBeGreaterThanOrEqual(4);
    // neither the organization nor the admin is demo data
    expect(
      count(
        "select count(*) as n from demo_records where table_name in ('organizations') or row_id in (select id from users where email = ?)",
        DEFAULT_ADMIN_EMAIL,
      ),
    ).toBe(0);
  });

  it('is for admins only', async () => {
    const manager = await signedIn(app, demoEmailFor('Grace Hopper'));
    expect(codeOf(await manager.gql(DEMO_DATA))).toBe('FORBIDDEN');
    expect(codeOf(await manager.gql('mutation { removeDemoData { present } }'))).toBe('FORBIDDEN');
    expect(count("select count(*) as n from users where email like '%@demo.teamlens.dev'")).toBe(29);
  });
});

describe('removing the demo data', () => {
  it('removes every demo row in one go and keeps the organization, the admin and what real people created', async () => {
    const admin = await signedIn(app, DEFAULT_ADMIN_EMAIL);
    const adminId = rows<{ id: string }>('select id from users where email = ?', DEFAULT_ADMIN_EMAIL)[0]!.id;
    const grace = rows<{ id: string }>('select id from users where email = ?', demoEmailFor('Grace Hopper'))[0]!.id;
    // Real data made after the first start: a person reporting to a demo manager, a team a demo person manages, a review cycle with both.
    const real = await addUser(app, orgId, { email: 'sam@realco.example', full_name: 'Sam Real', manager_id: grace });
    const team = createTeam(app.services.db, orgId, { name: 'Real team', manager_id: grace });
    const templates = await admin.gql('query { reviewTemplates { id name } }');
    const templateId = (templates.data!.reviewTemplates as Array<{ id: string; name: string }>).find((t) => t.name === 'Manager review')!.id;
    const cycle = await admin.gql(`mutation($input: ReviewCycleInput!) { createReviewCycle(input: $input) { id } }`, {
      input: {
        name: 'Real cycle',
        type: '360',
        template_id: templateId,
        participant_ids: [real.id, grace],
        review_end: '2099-01-31',
        perspectives: ['SELF', 'MANAGER'],
        min_peers: 0,
      },
    });
    expect(cycle.errors).toBeUndefined();
    const demoSession = new Browser(app);
    expect((await demoSession.signIn(demoEmailFor('Ada Lovelace'))).statusCode).toBe(200);

    const res = await admin.gql('mutation { removeDemoData { present counts { table count label } } }');
    expect(res.errors).toBeUndefined();
    expect(res.data!.removeDemoData.present).toBe(false);
    expect(res.data!.removeDemoData.counts).toEqual(expect.arrayContaining([{ table: 'users', count: 28, label: '28 people' }]));

    expect(count("select count(*) as n from users where email like '%@demo.teamlens.dev' and id <> ?", adminId)).toBe(0);
    expect(rows('select name from teams')).toEqual([{ name: 'Real team' }]);
    expect(rows('select manager_id from teams')).toEqual([{ manager_id: null }]);
    expect(
      count('select count(*) as n from business_units') + count('select count(*) as n from departments') + count('select count(*) as n from subdepartments'),
    ).toBe(0);
    expect(rows('select name from review_cycles')).toEqual([{ name: 'Real cycle' }]);
    expect(rows('select reviewee_id from review_participants')).toEqual([{ reviewee_id: real.id }]);
    expect(
      count('select count(*) as n from review_sprints') +
        count('select count(*) as n from review_automation_rules') +
        count('select count(*) as n from demo_records'),
    ).toBe(0);
    expect(count('select count(*) as n from billing_seat_history')).toBe(0);
    expect(rows('select email, manager_id from users order by email')).toEqual([
      { email: DEFAULT_ADMIN_EMAIL, manager_id: null },
      { email: 'sam@realco.example', manager_id: null },
    ]);
    expect(rows('select name from organizations')).toEqual([{ name: 'Demo Company' }]);
    expect(count('select count(*) as n from review_templates where built_in_key is not null')).toBe(4);
    void team;

    // The admin still works and signs in; demo people and their sessions are gone.
    expect((await admin.gql('query { findOneUser { email } }')).data!.findOneUser.email).toBe(DEFAULT_ADMIN_EMAIL);
    expect((await new Browser(app).signIn(DEFAULT_ADMIN_EMAIL)).statusCode).toBe(200);
    expect((await new Browser(app).signIn(demoEmailFor('Ada Lovelace'))).statusCode).not.toBe(200);
    expect(await demoSession.session()).toEqual({});
    expect((await admin.gql(DEMO_DATA)).data!.demoData).toEqual({ present: false, counts: [] });
    const again = await admin.gql('mutation { removeDemoData { present } }');
    expect(codeOf(again)).toBe('CONFLICT');
    expect(again.errors![0]!.message).toBe('There is no demo data left to remove.');
  });

  it('refuses an admin who is a demo person, removing nothing', async () => {
    app.services.db.$client.prepare("update users set permission_level = 'ADMIN' where email = ?").run(demoEmailFor('Ada Lovelace'));
    const ada = await signedIn(app, demoEmailFor('Ada Lovelace'));
    const res = await ada.gql('mutation { removeDemoData { present } }');
    expect(codeOf(res)).toBe('CONFLICT');
    expect(res.errors![0]!.message).toMatch(/signed in as a demo person/);
    expect(count("select count(*) as n from users where email like '%@demo.teamlens.dev'")).toBe(29);
  });
});
