import { fileURLToPath } from 'node:url';
import { forkBench } from './child.js';
import { benchPeople, latencyStats, rng, seedUsers, startBenchApp, type LatencyStats } from './fixtures.js';
import { newId } from '../server/lib/tokens.js';
import { addDays, dayOf } from '../shared/dates.js';

/**
 * Goals at size (docs/decisions/0049): 5,000 people in 20 teams and 50,000 goals (5
 * company goals, 10 goals per team aligned under them, about 10 personal goals per person aligned
 * under their team's goals, each goal with 2 key results; personal goals visible to everyone, to the
 * manager chain or private), against the real app in its own process, one read at a time, p50/p99
 * over 500 reads after 5 warm-up reads:
 * - `goalTree(root_id: null, depth: 2)`: the alignment tree of the whole organization as the admin
 *   (target p99 < 100 ms uncached);
 * - `myGoals` of a person with about 10 goals, with key results (target p99 < 30 ms uncached).
 * Each read is measured idle and again while another person checks in on their goal every 50 ms
 * (every check-in moves the stored progress up the alignment chain and empties what the response
 * cache held for goals), with the response cache off (uncached) and on (cached).
 * Run alone with `npx tsx bench/goals.bench.ts` (prints one JSON line); GOALS_BENCH_PEOPLE,
 * GOALS_BENCH_GOALS and GOALS_BENCH_READS make it smaller for a quick check. The same file is the
 * server side when forked with GOALS_SERVE=1.
 */
type Stats = LatencyStats;
type Case = { idle: Stats; writes: Stats; writeMs: Stats };
export type GoalsBench = {
  people: number;
  goals: number;
  keyResults: number;
  seedMs: number;
  treeNodes: number;
  myGoalsCount: number;
  tree: Case;
  myGoals: Case;
};

const PEOPLE = Number(process.env.GOALS_BENCH_PEOPLE ?? 5_000);
const GOALS = Number(process.env.GOALS_BENCH_GOALS ?? 50_000);
const READS = Number(process.env.GOALS_BENCH_READS ?? 500);
const WARM_UP = 5;
const COMPANY = 5;
const PER_TEAM = 10;
const VISIBILITIES = ['EVERYONE', 'EVERYONE', 'MANAGER_CHAIN', 'MANAGER_CHAIN', 'PRIVATE'] as const;
const STATUSES = ['ON_TRACK', 'ON_TRACK', 'ON_TRACK', 'AT_RISK', 'OFF_TRACK', 'DONE'] as const;

async function serve(): Promise<void> {
  const t0 = performance.now();
  const { app, url } = await startBenchApp();
  const { db } = app.services;
  const { orgId, adminEmail, userIds } = await seedUsers(app, PEOPLE, 'Goals Corp', 'goals.example');
  const sql = db.$client;
  const adminId = userIds[0]!;
  const adminHash = (sql.prepare('select password_hash from users where email = ?').get(adminEmail) as { password_hash: string }).password_hash;
  const people = sql.prepare('select id, team_id from users where organization_id = ? and id <> ? order by rowid').all(orgId, adminId) as Array<{
    id: string;
    team_id: string;
  }>;
  const teamIds = [...new Set(people.map((p) => p.team_id))];
  const [reader, writer] = [people[Math.floor(people.length * 0.4)]!.id, people[Math.floor(people.length * 0.8)]!.id];
  for (const id of [reader, writer]) sql.prepare('update users set password_hash = ? where id = ?').run(adminHash, id);
  const emailOf = (id: string) => (sql.prepare('select email from users where id = ?').get(id) as { email: string }).email;

  const rand = rng(14);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const now = Date.now();
  const day = (offset: number) => dayOf(addDays(now, offset));
  let keyResults = 0;
  let writerGoal = { id: '', kr: '' };
  db.transaction(() => {
    const goal =
      sql.prepare(`insert into goals (id, organization_id, title, owner_kind, owner_user_id, owner_team_id, parent_id, start_date, due_date, visibility, status, progress, created_by)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const kr =
      sql.prepare(`insert into goal_key_results (id, organization_id, goal_id, title, kind, start_value, target_value, current_value, currency, position)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const add = (title: string, kind: 'COMPANY' | 'TEAM' | 'PERSON', owner: string | null, team: string | null, parent: string | null, visibility: string) => {
      const id = newId();
      const status = pick(STATUSES);
      goal.run(
        id,
        orgId,
        title,
        kind,
        owner,
        team,
        parent,
        day(-60 - Math.floor(rand() * 30)),
        day(30 + Math.floor(rand() * 120)),
        visibility,
        status,
        status === 'DONE' ? 100 : Math.round(rand() * 1000) / 10,
        adminId,
      );
      const krs: string[] = [];
      for (let k = 0; k < 2; k++) {
        const krId = newId();
        const binary = k === 1 && rand() < 0.3;
        kr.run(
          krId,
          orgId,
          id,
          `${title}: result ${k + 1}`,
          binary ? 'BINARY' : pick(['NUMBER', 'PERCENTAGE', 'CURRENCY']),
          0,
          binary ? 1 : 100,
          binary ? 0 : Math.round(rand() * 100),
          null,
          k,
        );
        krs.push(krId);
        keyResults++;
      }
      return { id, krs };
    };
    const company = Array.from({ length: COMPANY }, (_, i) => add(`Company goal ${i + 1}`, 'COMPANY', null, null, null, 'EVERYONE').id);
    const teamGoals = new Map<string, string[]>();
    teamIds.forEach((team, t) =>
      teamGoals.set(
        team,
        Array.from({ length: PER_TEAM }, (_, i) => add(`Team ${t + 1} goal ${i + 1}`, 'TEAM', null, team, company[(t + i) % COMPANY]!, 'EVERYONE').id),
      ),
    );
    const personal = Math.max(0, GOALS - COMPANY - teamIds.length * PER_TEAM);
    for (let i = 0; i < personal; i++) {
      const person = people[i % people.length]!;
      const g = add(
        `Personal goal ${i + 1}`,
        'PERSON',
        person.id,
        null,
        pick(teamGoals.get(person.team_id)!),
        person.id === writer ? 'EVERYONE' : pick(VISIBILITIES),
      );
      if (person.id === writer && !writerGoal.id) writerGoal = { id: g.id, kr: g.krs[0]! };
    }
  });
  // Key results use currency: fix the ones drawn as CURRENCY.
  sql.prepare("update goal_key_results set currency = 'EUR' where organization_id = ? and kind = 'CURRENCY'").run(orgId);
  sql.pragma('optimize');
  const goalsCount = (sql.prepare('select count(*) as n from goals where organization_id = ?').get(orgId) as { n: number }).n;
  const emails = { admin: adminEmail, reader: emailOf(reader), writer: emailOf(writer) };
  process.on('message', (msg: { type: string }) => {
    if (msg.type === 'stop') void app.close().then(() => process.exit(0));
  });
  process.send?.({ type: 'ready', url, emails, writerGoal, goals: goalsCount, keyResults, seedMs: Math.round(performance.now() - t0) });
}

const TREE =
  'query($root: ID, $depth: Int) { goalTree(root_id: $root, depth: $depth) { id parent_id title owner_kind owner_name owner_id status progress band { percent band } due_date child_count depth } }';
const MY_GOALS =
  'query { myGoals { id title owner_kind status progress band { percent band } due_date start_date visibility can_edit last_check_in_at parent { id title } key_results { id title kind start_value target_value current_value currency progress } } }';

export async function benchGoals(cache: boolean): Promise<GoalsBench> {
  const server = forkBench('goals.bench.ts', { GOALS_SERVE: '1', RESPONSE_CACHE: cache ? 'on' : 'off' });
  try {
    const { url, emails, writerGoal, goals, keyResults, seedMs } = await server.next<{
      url: string;
      emails: Record<string, string>;
      writerGoal: { id: string; kr: string };
      goals: number;
      keyResults: number;
      seedMs: number;
    }>('ready');
    const { signIn, gql } = benchPeople(url, emails);
    const run = async (read: () => Promise<unknown>): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < WARM_UP + READS; i++) {
        const t = performance.now();
        await read();
        if (i >= WARM_UP) times.push(performance.now() - t);
      }
      return times;
    };
    // The writer: a check-in on their goal every 50 ms while `writing` (progress moves up to the company goal).
    let writing = false;
    let writeTimes: number[] = [];
    const writer = async () => {
      let n = 0;
      while (writing) {
        const t = performance.now();
        await gql('writer', 'mutation($i: CheckInInput!) { checkInGoal(input: $i) { id progress } }', {
          i: { goal_id: writerGoal.id, values: [{ key_result_id: writerGoal.kr, value: (n++ % 100) + 0.5 }], comment: `Week ${n}`, confidence: 1 + (n % 5) },
        });
        writeTimes.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, Math.max(0, 50 - (performance.now() - t))));
      }
    };
    const measure = async (who: string, read: () => Promise<unknown>): Promise<Case> => {
      await signIn(who);
      const idle = await run(read);
      await Promise.all([signIn(who), signIn('writer')]);
      writeTimes = [];
      writing = true;
      const w = writer();
      const writes = await run(read);
      writing = false;
      await w;
      return { idle: latencyStats(idle), writes: latencyStats(writes), writeMs: latencyStats(writeTimes) };
    };
    const treeNodes = (await gql('admin', TREE, { root: null, depth: 2 })).goalTree.length as number;
    const myGoalsCount = (await gql('reader', MY_GOALS, {})).myGoals.length as number;
    return {
      people: PEOPLE,
      goals,
      keyResults,
      seedMs,
      treeNodes,
      myGoalsCount,
      tree: await measure('admin', () => gql('admin', TREE, { root: null, depth: 2 })),
      myGoals: await measure('reader', () => gql('reader', MY_GOALS, {})),
    };
  } finally {
    await server.stop();
  }
}

if (process.env.GOALS_SERVE === '1') {
  await serve();
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const off = await benchGoals(false);
  console.log(JSON.stringify({ uncached: off, cached: await benchGoals(true) }));
}
