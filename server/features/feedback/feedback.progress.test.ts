import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchedulerTestApp, type FakeClock } from '../../jobs/jobs.test-support.js';
import type { Scheduler } from '../../jobs/jobs.scheduler.js';
import { newId } from '../../lib/tokens.js';
import { addUser, codeOf } from '../../test/helpers.js';
import { feedbackPerson, feedbackWorld, insertFeedbackRow, insertRequestRow, type FeedbackCaller, type FeedbackWorld } from './feedback.test-support.js';
import { runNudgeScan, scheduleFeedbackNudges } from './feedback.nudges.js';
import { addDays } from '../../../shared/dates.js';
import { DAY_MS } from '../../../shared/dates.days.js';

/**
 * Team progress (who sees which teams, counts in the period, the shared completion bands, quiet
 * people) and nudges (a manager told once per quiet stretch), on one app with a fake clock.
 */

const START = '2027-03-01T09:00:00.000Z';
const PROGRESS = `query($from: String, $to: String, $team: ID) { feedbackTeamProgress(from: $from, to: $to, team_id: $team) {
  team { id name } given received asked answered completion { percent band } quiet
  people { user { id full_name } given received asked answered completion { percent band } last_received_at quiet } } }`;

type Person = {
  user: { id: string; full_name: string };
  given: number;
  received: number;
  asked: number;
  answered: number;
  completion: { percent: number; band: string } | null;
  last_received_at: string | null;
  quiet: boolean;
};
type Group = {
  team: { id: string; name: string } | null;
  given: number;
  received: number;
  asked: number;
  answered: number;
  completion: { percent: number; band: string } | null;
  quiet: number;
  people: Person[];
};

let app: FastifyInstance;
let clock: FakeClock;
let scheduler: Scheduler;
let w: FeedbackWorld;
let third: FeedbackCaller;
let newcomer: FeedbackCaller;

const daysAgo = (n: number) => addDays(clock.now(), -n).toISOString();

/** `total` asks of `responderId` (each its own request by `requesterId`), `answered` of them answered, plus declined and cancelled ones that do not count. */
function asks(orgId: string, requesterId: string, responderId: string, total: number, answered: number, at = daysAgo(5)): void {
  const insert = app.services.db.$client.prepare(
    `INSERT INTO feedback_request_asks (id, organization_id, request_id, responder_id, status, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const statuses = [...Array<string>(answered).fill('ANSWERED'), ...Array<string>(total - answered).fill('PENDING'), 'DECLINED', 'CANCELLED'];
  for (const status of statuses) {
    const requestId = insertRequestRow(app, { organizationId: orgId, requesterId, subjectId: requesterId });
    insert.run(newId(), orgId, requestId, responderId, status, at);
  }
}

async function progress(c: FeedbackCaller, vars: Record<string, unknown> = {}) {
  return c.gql(PROGRESS, vars);
}
const groups = (res: Awaited<ReturnType<typeof progress>>) => {
  expect(res.errors).toBeUndefined();
  return res.data!.feedbackTeamProgress as Group[];
};
const person = (gs: Group[], id: string) => gs.flatMap((g) => g.people).find((p) => p.user.id === id);
const shape = (gs: Group[]) => gs.map((g) => [g.team?.name ?? null, g.people.map((p) => p.user.full_name)]);

/** In-app nudges a manager got, by the report's name in the body. */
const nudgesOf = (managerId: string) =>
  app.services.db.$client
    .prepare(`SELECT body, link FROM notifications WHERE kind = 'feedback_nudges' AND user_id = ? ORDER BY created_at, rowid`)
    .all(managerId) as Array<{ body: string; link: string }>;

const runAll = async () => {
  for (let i = 0; i < 50; i += 1) {
    const s = await scheduler.tick();
    if (!s.done && !s.failed && !s.dead && !s.lost) return;
  }
  throw new Error('the scheduler did not settle');
};

beforeAll(async () => {
  ({ app, clock, scheduler } = await createSchedulerTestApp(START));
  scheduleFeedbackNudges(app, false);
  scheduleFeedbackNudges(app, true);
  w = await feedbackWorld(app);
  const db = app.services.db.$client;
  // Everyone started long ago, but the newcomer (ten days ago).
  db.prepare('UPDATE users SET created_at = ? WHERE organization_id IN (?, ?)').run('2026-10-01T08:00:00.000Z', w.org.id, w.otherOrg.id);
  third = await feedbackPerson(app, w.org.id, { email: 'third@acme.example', full_name: 'Tia Third', manager_id: w.manager.id, team_id: w.team.id });
  newcomer = await feedbackPerson(app, w.org.id, { email: 'new@acme.example', full_name: 'Nico New', team_id: w.otherTeam.id });
  db.prepare('UPDATE users SET created_at = ? WHERE id = ?').run('2026-10-01T08:00:00.000Z', third.id);
  db.prepare('UPDATE users SET created_at = ? WHERE id = ?').run(daysAgo(10), newcomer.id);
  const gone = await addUser(app, w.org.id, { email: 'gone@acme.example', full_name: 'Gil Gone', team_id: w.team.id, status: 'DEACTIVATED' });
  const o = w.org.id;
  // Given and received, in the period (the last 90 days) and before it.
  insertFeedbackRow(app, { organizationId: o, giverId: w.peer.id, recipientId: w.report.id, visibility: 'PRIVATE', createdAt: daysAgo(3) });
  insertFeedbackRow(app, { organizationId: o, giverId: w.owl.id, recipientId: w.report.id, visibility: 'PUBLIC', createdAt: daysAgo(20) });
  insertFeedbackRow(app, { organizationId: o, giverId: w.report.id, recipientId: w.owl.id, visibility: 'MANAGER', createdAt: daysAgo(70) });
  insertFeedbackRow(app, { organizationId: o, giverId: w.report.id, recipientId: w.peer.id, visibility: 'PRIVATE', createdAt: daysAgo(120) });
  insertFeedbackRow(app, { organizationId: o, giverId: w.report.id, recipientId: gone.id, visibility: 'PRIVATE', createdAt: daysAgo(2) });
  // Request completion at the bands' edges: 79 %, 80 %, 99 %, 100 %.
  asks(o, w.manager.id, w.report.id, 100, 79);
  asks(o, w.manager.id, w.peer.id, 5, 4);
  asks(o, w.otherManager.id, w.owl.id, 100, 99);
  asks(o, w.manager.id, third.id, 2, 2);
  // Outside the period: not counted.
  asks(o, w.manager.id, third.id, 3, 0, daysAgo(200));
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('feedback team progress', () => {
  it('shows an admin every team with counts, the shared bands at 79/80/99/100 and quiet people; deactivated people are left out', async () => {
    const gs = groups(await progress(w.admin));
    expect(shape(gs)).toEqual([
      ['Core', ['Pia Peer', 'Remy Report', 'Tia Third']],
      ['Owls', ['Nico New', 'Olga Owl']],
      [null, ['Ada Admin', 'Lee Lead', 'Max Member', 'Mona Manager', 'Otto Other']],
    ]);
    expect(person(gs, w.report.id)).toMatchObject({
      given: 2,
      received: 2,
      asked: 100,
      answered: 79,
      completion: { percent: 79, band: 'behind' },
      last_received_at: daysAgo(3),
      quiet: false,
    });
    expect(person(gs, w.peer.id)).toMatchObject({
      given: 1,
      received: 0,
      asked: 5,
      answered: 4,
      completion: { percent: 80, band: 'almost' },
      last_received_at: daysAgo(120),
      quiet: true,
    });
    expect(person(gs, w.owl.id)).toMatchObject({
      given: 1,
      received: 1,
      completion: { percent: 99, band: 'almost' },
      last_received_at: daysAgo(70),
      quiet: true,
    });
    expect(person(gs, third.id)).toMatchObject({ asked: 2, answered: 2, completion: { percent: 100, band: 'complete' }, last_received_at: null, quiet: true });
    // Ten days in and never given feedback: not quiet yet. Nobody asked: no completion.
    expect(person(gs, newcomer.id)).toMatchObject({ given: 0, received: 0, asked: 0, completion: null, quiet: false });
    const core = gs[0]!;
    expect(core).toMatchObject({ given: 3, received: 2, asked: 107, answered: 85, completion: { percent: 79, band: 'behind' }, quiet: 2 });
    expect(JSON.stringify(gs)).not.toContain('Feedback ');
  });

  it('counts only the chosen period, and filters by team', async () => {
    const gs = groups(await progress(w.admin, { from: daysAgo(30).slice(0, 10), to: daysAgo(0).slice(0, 10), team: w.team.id }));
    expect(shape(gs)).toEqual([['Core', ['Pia Peer', 'Remy Report', 'Tia Third']]]);
    expect(person(gs, w.report.id)).toMatchObject({ given: 1, received: 2 });
    const old = groups(await progress(w.admin, { from: daysAgo(250).slice(0, 10), to: daysAgo(100).slice(0, 10), team: w.team.id }));
    expect(person(old, w.report.id)).toMatchObject({ given: 1, received: 0, asked: 0, last_received_at: daysAgo(3) });
    expect(person(old, third.id)).toMatchObject({ asked: 3, answered: 0, completion: { percent: 0, band: 'behind' } });
    const bad = await progress(w.admin, { from: '2027-02-10', to: '2027-02-01' });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    expect(codeOf(await progress(w.admin, { from: 'yesterday' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await progress(w.admin, { team: w.otherOrg.id }))).toBe('NOT_FOUND');
  });

  it('shows a manager only their teams and reports, a team lead their team; members and other organizations get nothing of it', async () => {
    expect(shape(groups(await progress(w.manager)))).toEqual([['Core', ['Pia Peer', 'Remy Report', 'Tia Third']]]);
    expect(shape(groups(await progress(w.teamLead)))).toEqual([['Core', ['Pia Peer', 'Remy Report', 'Tia Third']]]);
    expect(shape(groups(await progress(w.otherManager)))).toEqual([['Owls', ['Nico New', 'Olga Owl']]]);
    // Another team: nobody of it is theirs.
    expect(shape(groups(await progress(w.otherManager, { team: w.team.id })))).toEqual([]);
    expect(codeOf(await progress(w.report))).toBe('FORBIDDEN');
    expect(codeOf(await progress(w.otherMember))).toBe('FORBIDDEN');
    const other = JSON.stringify(groups(await progress(w.otherAdmin)));
    expect(other).not.toContain(w.report.id);
    expect(other).toContain('Gus Globex');
  });
});

describe('feedback nudges', () => {
  it('tells the manager of a quiet person once per quiet stretch: not twice, not after a restart; new feedback starts a new stretch', async () => {
    // The daily scan runs at 07:00 UTC.
    clock.set('2027-03-02T07:30:00.000Z');
    await runAll();
    await runAll();
    // A scan racing the first one, and the daily schedule made again as on a restart.
    expect(runNudgeScan(app.services, { now: new Date(clock.now()), enqueue: scheduler.enqueue })).toBe(0);
    scheduleFeedbackNudges(app, false);
    scheduleFeedbackNudges(app, true);
    clock.advance(DAY_MS);
    await runAll();
    const toManager = nudgesOf(w.manager.id);
    expect(toManager.map((n) => n.body.split(' has ')[0]).sort()).toEqual(['Pia Peer', 'Tia Third']);
    expect(toManager[0]!.link).toBe('/continuous-feedback');
    // The team's manager hears of their people (the newcomer is not quiet yet); nobody is told twice.
    expect(nudgesOf(w.otherManager.id).map((n) => n.body.split(' has ')[0])).toEqual(['Olga Owl']);
    // Remy got feedback 3 days ago; the lead with no manager is nudged to nobody.
    expect(JSON.stringify(nudgesOf(w.manager.id))).not.toContain('Remy');

    // Pia gets feedback: a new stretch, nudged again only 60 days later.
    insertFeedbackRow(app, { organizationId: w.org.id, giverId: w.report.id, recipientId: w.peer.id, visibility: 'PRIVATE', createdAt: clock.iso() });
    clock.advance(59 * DAY_MS);
    await runAll();
    expect(nudgesOf(w.manager.id).filter((n) => n.body.startsWith('Pia Peer'))).toHaveLength(1);
    clock.advance(2 * DAY_MS);
    await runAll();
    await runAll();
    expect(nudgesOf(w.manager.id).filter((n) => n.body.startsWith('Pia Peer'))).toHaveLength(2);
    expect(nudgesOf(w.manager.id).filter((n) => n.body.startsWith('Tia Third'))).toHaveLength(1);
    // The newcomer turned quiet meanwhile: their team's manager is told.
    expect(nudgesOf(w.otherManager.id).map((n) => n.body.split(' has ')[0])).toEqual(['Olga Owl', 'Nico New']);
    const stretches = app.services.db.$client.prepare('SELECT count(*) AS n FROM feedback_nudges WHERE user_id = ?').get(w.peer.id) as { n: number };
    expect(stretches.n).toBe(2);
  });
});
