import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_ADMIN_EMAIL, seedOnFirstStart } from '../../db/seed.js';
import { createTestApp, signedIn, TEST_PASSWORD } from '../../test/helpers.js';
import { demoCountLabel } from '../../../shared/demo-data.js';
import { countDemoRows, removeDemoRows } from './demo.repo.js';
import { demoEmailFor } from './demo.seed.js';

let app: FastifyInstance;
let orgId: string;
beforeAll(async () => {
  app = await createTestApp({ SEED_DEMO: 'true', ADMIN_PASSWORD: TEST_PASSWORD });
  orgId = (await seedOnFirstStart(app.services))!.organizationId;
});
afterAll(async () => {
  await app.close();
});

const all = <T>(sql: string, ...params: unknown[]) => app.services.db.$client.prepare(sql).all(...params) as T[];
const one = <T>(sql: string, ...params: unknown[]) => app.services.db.$client.prepare(sql).get(...params) as T;
const ITEM = 'text status owner { full_name } retro_title';

describe('the demo as a whole', () => {
  it('dates nothing in the future: no row of any table was created, answered or shared after now', () => {
    const now = new Date(app.services.scheduler.now() + 60_000).toISOString();
    const tables = all<{ name: string }>("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%_fts%'");
    const future: string[] = [];
    for (const { name } of tables) {
      const columns = all<{ name: string }>(`select name from pragma_table_info('${name}')`)
        .map((c) => c.name)
        .filter((c) => ['created_at', 'answered_at', 'shared_at'].includes(c));
      for (const column of columns) {
        const n = one<{ n: number }>(`select count(*) as n from "${name}" where "${column}" > ?`, now).n;
        if (n > 0) future.push(`${name}.${column}: ${n}`);
      }
    }
    expect(future).toEqual([]);
  });
});

describe('the feedback and notes demo', () => {
  it('shows feedback at work: received, public praise with reactions, a request waiting for the admin, team progress', async () => {
    const admin = await signedIn(app, DEFAULT_ADMIN_EMAIL);
    const received = (await admin.gql('query { myFeedback(filter: { box: RECEIVED }) { total items { body visibility giver { full_name } } } }')).data!
      .myFeedback;
    expect(received.total).toBeGreaterThan(0);
    const wall = (await admin.gql('query { praiseWall(first: 100) { total items { visibility reactions { count } tags { name } } } }')).data!.praiseWall;
    expect(wall.total).toBeGreaterThanOrEqual(10);
    expect(wall.items.every((i: { visibility: string }) => i.visibility === 'PUBLIC')).toBe(true);
    expect(wall.items.some((i: { reactions: Array<{ count: number }> }) => i.reactions.some((r) => r.count > 0))).toBe(true);
    expect(wall.items.some((i: { tags: unknown[] }) => i.tags.length > 0)).toBe(true);
    const pending = (await admin.gql('query { pendingFeedbackRequests { status request { requester { full_name } questions } } }')).data!
      .pendingFeedbackRequests;
    expect(pending.map((p: { status: string; request: { requester: { full_name: string } } }) => [p.status, p.request.requester.full_name])).toEqual([
      ['PENDING', 'Tim Berners-Lee'],
    ]);
    const sent = (await admin.gql('query { sentFeedbackRequests { answered asked answers { giver { full_name } answers { answer } } } }')).data!
      .sentFeedbackRequests;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ answered: 1, asked: 2 });
    // Ada shared what she asked about Margaret: Margaret reads both answers.
    const margaret = await signedIn(app, demoEmailFor('Margaret Hamilton'));
    const answers = (
      await margaret.gql('query { myFeedback(filter: { box: RECEIVED, first: 100 }) { items { visibility answers { question } } } }')
    ).data!.myFeedback.items.filter((i: { visibility: string }) => i.visibility === 'REQUESTER');
    expect(answers).toHaveLength(2);
    const progress = (await admin.gql('query { feedbackTeamProgress { team { name } received people { received } } }')).data!.feedbackTeamProgress;
    expect(progress.map((t: { team: { name: string } | null }) => t.team?.name).sort()).toEqual(expect.arrayContaining(['Data', 'Mobile', 'Platform', 'Web']));
    expect(progress.reduce((n: number, t: { received: number }) => n + t.received, 0)).toBeGreaterThan(0);
  });

  it('gives the admin notes (one shared 1:1 note with talking points from both sides), a manager and her report a shared 1:1 with a private part each, and keeps private notes private', async () => {
    const admin = await signedIn(app, DEFAULT_ADMIN_EMAIL);
    const list = (await admin.gql('query { notes { total items { note { title pinned shared about { full_name } agenda { text done } } } } }')).data!.notes;
    expect(list.total).toBe(4);
    const shared = list.items.map((i: { note: any }) => i.note).find((n: { shared: boolean }) => n.shared);
    expect(shared).toMatchObject({ title: '1:1 Ada Lovelace', pinned: true, about: { full_name: 'Ada Lovelace' } });
    expect(shared.agenda.map((a: { done: boolean }) => a.done)).toEqual([false, false, true]);
    const found = (await admin.gql('query { notes(filter: { query: "hiring" }) { items { note { title } title_match } } }')).data!.notes.items;
    expect(found[0].note.title).toBe('Engineering hiring plan');
    // Ada reads the note shared with her and her own, never the admin's private prep about Grace.
    const ada = await signedIn(app, demoEmailFor('Ada Lovelace'));
    const adas = (await ada.gql('query { notes { items { note { title mine } } } }')).data!.notes.items.map((i: { note: { title: string; mine: boolean } }) => [
      i.note.title,
      i.note.mine,
    ]);
    expect(adas.sort()).toEqual([
      ['1:1 Ada Lovelace', false],
      ['1:1 Margaret Hamilton', true],
    ]);
    // A shared 1:1 between a manager (Ada) and her report (Margaret): each reads the shared agenda and their own private part only.
    const oneOnOne = `query($q: String) { notes(filter: { query: $q }) { items { note { title body mine agenda { text } } } } }`;
    const adaSees = (await ada.gql(oneOnOne, { q: 'Margaret' })).data!.notes.items[0].note;
    expect(adaSees).toMatchObject({
      title: '1:1 Margaret Hamilton',
      mine: true,
      agenda: [{ text: 'Design review date for the job queue' }, { text: 'Conference talk proposal' }],
    });
    expect(adaSees.body).toContain('Private prep');
    const margaret = await signedIn(app, demoEmailFor('Margaret Hamilton'));
    const margaretSees = (await margaret.gql(oneOnOne, { q: 'Margaret' })).data!.notes.items[0].note;
    expect(margaretSees).toMatchObject({ title: '1:1 Margaret Hamilton', mine: false, agenda: adaSees.agenda });
    expect(margaretSees.body).toContain('For my 1:1 with Ada');
    expect(JSON.stringify(margaretSees)).not.toContain('Private prep');
    expect(JSON.stringify(adaSees)).not.toContain('For my 1:1 with Ada');
  });
});

describe('the goals and growth demo', () => {
  it('holds company, team and personal goals aligned with key results of every kind, check-ins and rolled-up progress; the framework with placements, assessments and plans', async () => {
    const byKind = all<{ owner_kind: string; n: number }>(
      `select owner_kind, count(*) as n from goals where organization_id = ? and kind = 'OBJECTIVE' group by owner_kind order by owner_kind`,
      orgId,
    );
    expect(byKind).toEqual([
      { owner_kind: 'COMPANY', n: 3 },
      { owner_kind: 'PERSON', n: 11 },
      { owner_kind: 'TEAM', n: 8 },
    ]);
    // Every team goal aligns under a company goal and every personal goal under a team goal (the admin's under company goals).
    const misaligned = one<{ n: number }>(
      `select count(*) as n from goals g left join goals p on p.id = g.parent_id
      where g.organization_id = ? and g.kind = 'OBJECTIVE' and ((g.owner_kind = 'TEAM' and p.owner_kind is not 'COMPANY') or (g.owner_kind = 'PERSON' and p.owner_kind is not 'TEAM' and p.owner_kind is not 'COMPANY'))`,
      orgId,
    );
    expect(misaligned.n).toBe(0);
    expect(all<{ kind: string }>('select distinct kind from goal_key_results where organization_id = ? order by kind', orgId).map((k) => k.kind)).toEqual([
      'BINARY',
      'CURRENCY',
      'NUMBER',
      'PERCENTAGE',
    ]);
    const checkIns = one<{ n: number; comments: number; confident: number }>(
      `select count(*) as n, sum(comment <> '') as comments, sum(confidence is not null) as confident from goal_check_ins where organization_id = ?`,
      orgId,
    );
    expect(checkIns.n).toBeGreaterThanOrEqual(15);
    expect(checkIns.comments).toBe(checkIns.n);
    expect(checkIns.confident).toBe(checkIns.n);
    // Stored progress is the roll-up: every company goal moved, and a personal check-in's progress is its goal's.
    expect(
      all<{ progress: number }>(`select progress from goals where organization_id = ? and owner_kind = 'COMPANY'`, orgId).every((g) => g.progress > 0),
    ).toBe(true);
    const linus = await signedIn(app, demoEmailFor('Linus Torvalds'));
    const mine = (
      await linus.gql(
        'query { goalsInPeriod(user_id: $id, from: "2000-01-01", to: "2099-12-31") { title progress parent { title } check_ins { progress } } }'.replace(
          '$id',
          JSON.stringify(one<{ id: string }>('select id from users where email = ?', demoEmailFor('Linus Torvalds')).id),
        ),
      )
    ).data!.goalsInPeriod;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ title: 'Remove the single points of failure in the API path', parent: { title: 'Reach 99.95% availability for the API' } });
    expect(mine[0].progress).toBeGreaterThan(0);
    expect(mine[0].check_ins[0].progress).toBe(mine[0].progress);
    // The built-in framework, people placed on it, submitted self and manager assessments, plans with a mentor and actions.
    expect(
      one<{ n: number }>('select count(*) as n from competency_tracks where organization_id = ? and builtin_key is not null', orgId).n,
    ).toBeGreaterThanOrEqual(1);
    expect(one<{ n: number }>('select count(*) as n from competency_placements where organization_id = ?', orgId).n).toBe(29);
    expect(
      all<{ kind: string; n: number }>(
        `select kind, count(*) as n from assessments where organization_id = ? and status = 'SUBMITTED' group by kind order by kind`,
        orgId,
      ),
    ).toEqual([
      { kind: 'MANAGER', n: 4 },
      { kind: 'SELF', n: 5 },
    ]);
    expect(one<{ n: number }>('select count(*) as n from development_plans where organization_id = ? and mentor_id is not null', orgId).n).toBe(2);
    expect(one<{ n: number }>(`select count(*) as n from goals where organization_id = ? and kind = 'GROWTH' and competency_id is not null`, orgId).n).toBe(2);
    expect(one<{ n: number }>('select count(*) as n from development_actions where organization_id = ?', orgId).n).toBe(7);
    // The admin who signs in first finds their own goals, assessment and plan filled in.
    const admin = await signedIn(app, DEFAULT_ADMIN_EMAIL);
    const own = (await admin.gql('query { myGoals { title parent { owner_kind } check_ins { id } } }')).data!;
    const adminId = one<{ id: string }>('select id from users where email = ?', DEFAULT_ADMIN_EMAIL).id;
    expect(own.myGoals.map((g: { title: string }) => g.title)).toEqual(
      expect.arrayContaining(['Give every engineer a development plan', 'Hire two enterprise account executives']),
    );
    expect(
      own.myGoals.every((g: { parent: { owner_kind: string }; check_ins: unknown[] }) => g.parent.owner_kind === 'COMPANY' && g.check_ins.length > 0),
    ).toBe(true);
    const overview = (
      await admin.gql(
        'query($u: ID!) { assessmentOverview(user_id: $u) { placement { level { name } } self { status } rows { self } } developmentPlan(user_id: $u) { actions { title } } }',
        { u: adminId },
      )
    ).data!;
    expect(overview.assessmentOverview.self.status).toBe('SUBMITTED');
    expect(overview.assessmentOverview.rows.every((r: { self: number | null }) => r.self !== null)).toBe(true);
    expect(overview.developmentPlan.actions).toHaveLength(2);
  });
});

describe('the insights demo', () => {
  it('loads the sample data set once the scheduler runs, and team insights show it on each of the four demo teams', async () => {
    const admin = await signedIn(app, DEFAULT_ADMIN_EMAIL);
    const status = async () =>
      (await admin.gql('query { sampleInsightsData { loaded runs { status } } }')).data!.sampleInsightsData as {
        loaded: boolean;
        runs: Array<{ status: string }>;
      };
    for (let i = 0; i < 20 && !(await status()).runs.every((r) => r.status === 'DONE'); i++) await app.services.scheduler.tick();
    expect((await status()).runs.map((r) => r.status)).toEqual(['DONE', 'DONE']);
    const teams = (await admin.gql('query { insightsTeams { id name } }')).data!.insightsTeams as Array<{ id: string; name: string }>;
    const scoped = all<{ name: string; team: string }>(
      'select s.name, t.name as team from integration_scopes s join teams t on t.id = s.team_id order by s.name',
    );
    expect(scoped.map((s) => [s.name, s.team])).toEqual([
      ['DATA', 'Data'],
      ['MOB', 'Mobile'],
      ['PLAT', 'Platform'],
      ['WEB', 'Web'],
      ['acme/data-pipeline', 'Data'],
      ['acme/mobile-app', 'Mobile'],
      ['acme/platform-api', 'Platform'],
      ['acme/web-app', 'Web'],
    ]);
    // Each team's lead and engineers wrote its pull requests; its manager none.
    for (const team of teams) {
      const res = await admin.gql(
        'query($t: ID!) { teamInsights(team_id: $t, grain: WEEK) { sources { code issues sample } metrics { key summary { n } } } }',
        { t: team.id },
      );
      expect(res.errors).toBeUndefined();
      expect([team.name, res.data!.teamInsights.sources]).toEqual([team.name, { code: true, issues: true, sample: true }]);
      expect(res.data!.teamInsights.metrics.find((m: { key: string }) => m.key === 'PR_TIME_TO_MERGE').summary.n, team.name).toBeGreaterThan(20);
    }
    const authors = all<{ role: string }>(
      `select distinct u.role from ext_pull_requests p join ext_accounts a on a.id = p.author_account_id join users u on u.id = a.user_id`,
    )
      .map((r) => r.role)
      .sort();
    expect(authors).toEqual(['Software Engineer', 'Tech Lead']);
  });
});

describe('the retros demo', () => {
  it('gives every team three past retros and an upcoming one', async () => {
    const admin = await signedIn(app, DEFAULT_ADMIN_EMAIL);
    const list = (await admin.gql('query { retros { id phase started_at ended_at team { name } } }')).data!.retros as Array<{
      phase: string;
      ended_at: string | null;
      team: { name: string };
    }>;
    const byTeam = new Map<string, string[]>();
    for (const r of list) byTeam.set(r.team.name, [...(byTeam.get(r.team.name) ?? []), r.phase]);
    expect([...byTeam.keys()].sort()).toEqual(['Data', 'Mobile', 'Platform', 'Web']);
    for (const phases of byTeam.values()) expect(phases.sort()).toEqual(['SCHEDULED', 'SUMMARY', 'SUMMARY', 'SUMMARY']);
    // A team member's dashboard shows the team's next retro.
    const member = await signedIn(app, demoEmailFor('Brendan Eich'));
    const upcoming = (await member.gql('query { upcomingRetros { phase scheduled_at team { name } } }')).data!.upcomingRetros as Array<{
      phase: string;
      scheduled_at: string;
      team: { name: string };
    }>;
    expect(upcoming.map((r) => [r.team.name, r.phase])).toEqual([['Web', 'SCHEDULED']]);
    expect(Date.parse(upcoming[0]!.scheduled_at)).toBeGreaterThan(Date.now());
  });

  it('past retros hold reflections in titled groups with tallied votes, comments, action items some done, health answers for one, participation recorded; all in the ended, erased state', () => {
    const past = all<{ id: string; anonymous: number; author_key: string | null; health_statements: string | null }>(
      "select id, anonymous, author_key, health_statements from retros where organization_id = ? and phase = 'SUMMARY'",
      orgId,
    );
    expect(past).toHaveLength(12);
    for (const r of past) {
      expect(r.author_key).toBeNull();
      const groups = all<{ title: string; votes: number; n: number }>(
        'select title, votes, (select count(*) from retro_reflections x where x.group_id = g.id) as n from retro_groups g where retro_id = ?',
        r.id,
      );
      expect(groups.length).toBeGreaterThanOrEqual(4);
      for (const g of groups) {
        expect(g.title.length).toBeGreaterThan(0);
        expect(g.n).toBeGreaterThan(0);
        expect(g.votes).toBeGreaterThan(0);
      }
      expect(one<{ n: number }>('select count(*) as n from retro_votes where retro_id = ?', r.id).n).toBe(0);
      expect(one<{ n: number }>('select count(*) as n from retro_reflections where retro_id = ? and author_token is not null', r.id).n).toBe(0);
      if (r.anonymous) expect(one<{ n: number }>('select count(*) as n from retro_reflections where retro_id = ? and author_id is not null', r.id).n).toBe(0);
      expect(one<{ n: number }>('select count(*) as n from retro_participants where retro_id = ?', r.id).n).toBeGreaterThanOrEqual(3);
      // Comments in the discussion (docs/decisions/0059), no longer linked to anyone in anonymous retros; participation recorded at the end.
      const comments = one<{ n: number; tokens: number; authors: number }>(
        'select count(*) as n, count(author_token) as tokens, count(author_id) as authors from retro_comments where retro_id = ?',
        r.id,
      );
      expect([comments.n >= 2, comments.tokens, r.anonymous ? comments.authors : comments.n]).toEqual([true, 0, r.anonymous ? 0 : comments.n]);
      const record = one<{ p: number | null; size: number | null }>('select participants_at_end as p, team_size_at_end as size from retros where id = ?', r.id);
      expect(record.p).toBe(one<{ n: number }>('select count(*) as n from retro_participants where retro_id = ?', r.id).n);
      expect(record.size).toBeGreaterThanOrEqual(record.p!);
    }
    const health = all<{ retro_id: string; statement_index: number; n: number; tokens: number }>(
      'select retro_id, statement_index, count(*) as n, count(voter_token) as tokens from retro_health_answers group by retro_id, statement_index',
    );
    expect(health.length).toBeGreaterThan(0);
    for (const h of health) expect([h.n >= 3, h.tokens]).toEqual([true, 0]);
    const statuses = all<{ status: string }>('select distinct status from retro_action_items where organization_id = ?', orgId)
      .map((s) => s.status)
      .sort();
    expect(statuses).toEqual(['DONE', 'IN_PROGRESS', 'OPEN']);
  });

  it("open items carry into each team's upcoming retro and onto their owners' lists; the summary exports", async () => {
    const lead = await signedIn(app, demoEmailFor('Linus Torvalds'));
    const [upcoming] = (await lead.gql('query { retros(status: UPCOMING) { id team { name } } }')).data!.retros as Array<{
      id: string;
      team: { name: string };
    }>;
    expect(upcoming!.team.name).toBe('Platform');
    const carried = (await lead.gql(`query($id: ID!) { retro(id: $id) { phases previous_action_items { ${ITEM} } } }`, { id: upcoming!.id })).data!.retro;
    expect(carried.phases).toContain('REVIEW_ACTIONS');
    expect(carried.previous_action_items.length).toBeGreaterThanOrEqual(3);
    expect(new Set(carried.previous_action_items.map((i: { status: string }) => i.status))).toEqual(new Set(['OPEN', 'IN_PROGRESS']));

    const owners = all<{ owner_id: string }>(
      "select distinct owner_id from retro_action_items where organization_id = ? and status in ('OPEN', 'IN_PROGRESS')",
      orgId,
    );
    const email = one<{ email: string }>('select email from users where id = ?', owners[0]!.owner_id).email;
    const mine = (await (await signedIn(app, email)).gql(`query { myRetroActionItems { ${ITEM} } }`)).data!.myRetroActionItems;
    expect(mine.length).toBeGreaterThan(0);

    const [ended] = (await lead.gql('query { retros(status: PAST) { id } }')).data!.retros as Array<{ id: string }>;
    const csv = await app.inject({ method: 'GET', url: `/api/retros/${ended!.id}/export.csv`, headers: { authorization: `Bearer ${lead.token}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('"Topic"');
    expect(csv.body).toContain('"Action item"');
  });

  it('is removed with the rest of the sample data', () => {
    const counted = countDemoRows(app.services.db, orgId).find((c) => c.table === 'retros')!;
    expect(counted).toEqual({ table: 'retros', count: 16 });
    expect(demoCountLabel(counted)).toBe('16 retros');
    removeDemoRows(app.services.db, orgId);
    for (const table of ['retros', 'retro_reflections', 'retro_groups', 'retro_action_items', 'retro_health_answers', 'retro_participants']) {
      expect([table, one<{ n: number }>(`select count(*) as n from ${table}`).n]).toEqual([table, 0]);
    }
  });
});

describe('removing the demo data', () => {
  it('leaves no sample integrations, goals, key results, check-ins, framework, placements, assessments or plans (the retros test removed it)', () => {
    expect(countDemoRows(app.services.db, orgId)).toEqual([]);
    for (const table of [
      'integration_connections',
      'ext_pull_requests',
      'ext_issues',
      'ext_accounts',
      'ext_deployments',
      'goals',
      'goal_key_results',
      'goal_check_ins',
      'goal_check_in_values',
      'competency_tracks',
      'competency_levels',
      'competencies',
      'competency_expectations',
      'competency_placements',
      'assessments',
      'assessment_ratings',
      'development_plans',
      'development_actions',
    ]) {
      expect([table, one<{ n: number }>(`select count(*) as n from ${table}`).n]).toEqual([table, 0]);
    }
  });
});
