import { fileURLToPath } from 'node:url';
import { forkBench } from './child.js';
import { accessToken, latencyStats, seedUsers, startBenchApp } from './fixtures.js';
import { seedEndedRetro } from '../server/features/retros/retros.progress.test-support.js';
import { addDays } from '../shared/dates.js';

/**
 * Retro team progress of one team with 50 ended retros (10 reflections, 4 groups, 3 action items,
 * 8 participants and 5 health statements answered by 6 people each), against the real app in its
 * own process with RESPONSE_CACHE=off (every read runs the query): `retroTeamProgressDetail`, one
 * read at a time, p50/p99 over 200 reads after 5 warm-up reads. Target: p99 < 100 ms.
 * Run alone with `npx tsx bench/retros-progress.bench.ts` (prints one JSON line). The same file is
 * the server side when forked with RETROS_PROGRESS_SERVE=1.
 */
export type RetrosProgressBench = { retros: number; reflections: number; detail: { p50: number; p99: number; max: number; samples: number }; themes: number };

const RETROS = 50;
const READS = 200;
const WARM_UP = 5;
const DETAIL = `query RetroProgressDetail($id: ID!) { retroTeamProgressDetail(team_id: $id) {
  summary { team { id name } retros_held last_retro_at participation_percent action_items_total action_items_done completion { percent band } }
  sprints { retro_id title sprint_name held_at participants team_size action_items_total action_items_done completion { percent band } }
  health_trend { statement points { retro_id held_at answers average } }
  themes { term retros mentions } } }`;

const STATEMENTS = ['We deliver value.', 'Our pace is sustainable.', 'We help each other.', 'We learn every sprint.', 'The process works for us.'];
const WORDS = [
  'deploy',
  'pipeline',
  'flaky tests',
  'release notes',
  'pairing',
  'code review',
  'standup',
  'scope creep',
  'on-call',
  'documentation',
  'customer feedback',
  'estimates',
  'meetings',
  'tech debt',
  'onboarding',
  'monitoring',
  'hotfix',
  'demo',
  'planning',
  'velocity',
];

/** The server: 200 people in 20 teams; "Team 1" holds the 50 ended retros. */
async function serve(): Promise<void> {
  const { app, url } = await startBenchApp();
  const { db } = app.services;
  const { orgId, adminEmail } = await seedUsers(app, 200, 'Retro Corp', 'retro.example');
  const teamId = (db.$client.prepare("select id from teams where organization_id = ? and name = 'Team 1'").get(orgId) as { id: string }).id;
  const members = (db.$client.prepare('select id from users where team_id = ? order by id').all(teamId) as Array<{ id: string }>).map((u) => u.id);
  const start = Date.parse('2025-01-06T15:00:00.000Z');
  db.transaction(() => {
    for (let r = 0; r < RETROS; r++) {
      const word = (i: number) => WORDS[(r * 7 + i * 3) % WORDS.length]!;
      seedEndedRetro(db, {
        orgId,
        teamId,
        endedAt: addDays(start, r * 14).toISOString(),
        title: `Sprint ${r + 1} retro`,
        participants: members.slice(0, 8),
        reflections: Array.from(
          { length: 10 },
          (_, i) => `The ${word(i)} was ${i % 2 ? 'slow again this sprint' : 'much better than before'} because of ${word(i + 5)}`,
        ),
        groups: Array.from({ length: 4 }, (_, i) => `${word(i)} and ${word(i + 1)}`),
        actionItems: { done: r % 3, open: 3 - (r % 3) },
        health: { statements: STATEMENTS, scores: STATEMENTS.map((_, s) => Array.from({ length: 6 }, (__, k) => 1 + ((r + s + k) % 5))) },
      });
    }
  });
  const token = await accessToken(url, adminEmail);
  process.on('message', (msg: { type: string }) => {
    if (msg.type === 'stop') void app.close().then(() => process.exit(0));
  });
  process.send?.({ type: 'ready', url, token, teamId });
}

export async function benchRetrosProgress(): Promise<RetrosProgressBench> {
  const server = forkBench('retros-progress.bench.ts', { RETROS_PROGRESS_SERVE: '1', RESPONSE_CACHE: 'off' });
  try {
    const { url, token, teamId } = await server.next<{ url: string; token: string; teamId: string }>('ready');
    const read = async () => {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: DETAIL, variables: { id: teamId } }),
      });
      const body = (await res.json()) as { data?: { retroTeamProgressDetail: { sprints: unknown[]; themes: unknown[] } }; errors?: Array<{ message: string }> };
      if (body.errors?.length || !body.data) throw new Error(`retroTeamProgressDetail: ${body.errors?.[0]?.message ?? res.status}`);
      return body.data.retroTeamProgressDetail;
    };
    let last = await read();
    if (last.sprints.length !== RETROS) throw new Error(`expected ${RETROS} retros, got ${last.sprints.length}`);
    const times: number[] = [];
    for (let i = 0; i < WARM_UP + READS; i++) {
      const t = performance.now();
      last = await read();
      if (i >= WARM_UP) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return {
      retros: RETROS,
      reflections: RETROS * 10,
      themes: last.themes.length,
      detail: latencyStats(times),
    };
  } finally {
    await server.stop();
  }
}

if (process.env.RETROS_PROGRESS_SERVE === '1') {
  void serve();
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  benchRetrosProgress().then(
    (r) => {
      console.log(JSON.stringify(r));
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
