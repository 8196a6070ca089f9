import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_ADMIN_EMAIL, seedOnFirstStart } from '../db/seed.js';
import { addUser, Browser, createTestApp, TEST_PASSWORD } from '../test/helpers.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const run = (dataDir: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/teamlens.ts', 'demo-remove', ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
const count = (sql: string) => (app!.services.db.$client.prepare(sql).get() as { n: number }).n;

describe('teamlens demo-remove (npm run demo:remove)', () => {
  it('says what it would remove, removes it with --yes, and keeps the admin and real people', async () => {
    app = await createTestApp({ SEED_DEMO: 'true', ADMIN_PASSWORD: TEST_PASSWORD });
    const { organizationId } = (await seedOnFirstStart(app.services))!;
    await addUser(app, organizationId, { email: 'sam@realco.example' });
    const dataDir = app.services.config.dataDir;

    const dry = run(dataDir);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toMatch(
      /^Demo data in Demo Company: 2 business units, 2 departments, 4 sub-departments, 4 teams, 28 people, \d+ review cycles, 5 sprints, 1 review automation rule, \d+ retros, 8 feedback tags, 1 feedback template, 1 feedback automation rule, 3 feedback requests, \d+ pieces of feedback, 5 notes, \d+ goals, 2 competency tracks, \d+ development actions, 2 sample connections \(GitHub, Jira\) with their data, 365 days of seat history and 3 conversations with the assistant\.$/m,
    );
    expect(dry.stdout).toContain('Nothing was removed. To remove it: teamlens demo-remove --yes (from a checkout: npm run demo:remove -- --yes)');
    expect(count('select count(*) as n from users')).toBe(30);

    const wet = run(dataDir, '--yes');
    expect(wet.stderr).toBe('');
    expect(wet.status).toBe(0);
    expect(wet.stdout).toMatch(/^Removed the demo data of Demo Company: .*28 people/m);
    expect(count('select count(*) as n from integration_connections')).toBe(0);
    expect((app.services.db.$client.prepare('select email from users order by email').all() as Array<{ email: string }>).map((u) => u.email)).toEqual([
      DEFAULT_ADMIN_EMAIL,
      'sam@realco.example',
    ]);
    expect(
      count('select count(*) as n from teams') +
        count('select count(*) as n from review_cycles') +
        count('select count(*) as n from retros') +
        count('select count(*) as n from demo_records'),
    ).toBe(0);
    // Feedback and notes go too, with what hangs on them (links, reactions, asks, talking points, private parts, the search indexes).
    const gone = [
      'feedback',
      'feedback_tags',
      'feedback_requests',
      'feedback_request_asks',
      'feedback_reactions',
      'notes',
      'note_agenda_items',
      'note_private_notes',
      'notes_fts',
      'note_shared_fts',
    ];
    expect(gone.map((t) => count(`select count(*) as n from ${t}`))).toEqual(gone.map(() => 0));
    // Goals and growth too: key results and check-ins with their goals, levels, placements and assessments with their tracks.
    const growth = [
      'goals',
      'goal_key_results',
      'goal_check_ins',
      'competency_tracks',
      'competency_placements',
      'assessments',
      'development_actions',
      'development_plans',
    ];
    expect(growth.map((t) => count(`select count(*) as n from ${t}`))).toEqual(growth.map(() => 0));
    expect((await new Browser(app).signIn(DEFAULT_ADMIN_EMAIL)).statusCode).toBe(200);

    const again = run(dataDir, '--yes');
    expect(again.status).toBe(0);
    expect(again.stdout).toBe('There is no demo data to remove.\n');
  });

  it('refuses unknown options and an organization without demo data, removing nothing', async () => {
    app = await createTestApp({ SEED_DEMO: 'true', ADMIN_PASSWORD: TEST_PASSWORD });
    await seedOnFirstStart(app.services);
    const dataDir = app.services.config.dataDir;
    const bad = run(dataDir, '--force');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Unknown option --force.');
    const other = run(dataDir, '--yes', '--organization', 'Acme');
    expect(other.status).toBe(1);
    expect(other.stderr).toContain('No organization "Acme" has demo data.');
    expect(count('select count(*) as n from users')).toBe(29);
  });

  it('refuses to leave the organization without an admin, removing nothing', async () => {
    app = await createTestApp({ SEED_DEMO: 'true', ADMIN_PASSWORD: TEST_PASSWORD });
    await seedOnFirstStart(app.services);
    const db = app.services.db.$client;
    db.prepare("update users set permission_level = 'ADMIN' where email = 'grace.hopper@demo.teamlens.dev'").run();
    db.prepare("update users set status = 'DEACTIVATED' where email = ?").run(DEFAULT_ADMIN_EMAIL);
    const res = run(app.services.config.dataDir, '--yes');
    expect(res.status).toBe(1);
    expect(res.stderr).toBe('Nothing was removed: Removing the demo data would leave the organization without an admin: make a real person an admin first.\n');
    expect(count('select count(*) as n from users')).toBe(29);
    expect(count('select count(*) as n from demo_records')).toBeGreaterThan(0);
  });
});
