import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { forkBench } from './child.js';
import { ADMIN_TABLE_FIELDS } from './http.bench.js';
import type { MixedOrg } from './fixtures.js';
import { percentile } from './fixtures.js';
import { addDays } from '../shared/dates.js';

/**
 * A live install in miniature, against the real app in its own process (bench/serve.ts): ORGS
 * organizations of PEOPLE people, everyone signed in. Every person's tab checks its session
 * (GET /api/auth/session) every 60 s, as the client does, and each check writes last_seen_at (the
 * sessions were last seen over a minute ago). In each organization ACTIVE people have a self review
 * open and autosave its draft every 3 s (saveReviewDraft), and look at their dashboard every 5 s
 * (findOneUser, notifications, pending reviews) and at the people list every 10 s; the admin reloads
 * the users table (organizationUsersFull with the table's fields) and the cycle's team progress
 * every 5 s. Real time, no compression. After WARMUP seconds, DURATION seconds are measured: p50/p99
 * per operation and, from the server, the response cache's hit rate over that window.
 * Run alone with `npx tsx bench/mixed.bench.ts [on|off]` (prints one JSON line).
 */
export type OpStats = { count: number; errors: number; p50: number; p99: number };
export type ServerMemory = { rssMb: number; heapMb: number };
export type MixedBench = {
  cache: boolean;
  orgs: number;
  people: number;
  active: number;
  seconds: number;
  ops: Record<string, OpStats>;
  hits: number;
  misses: number;
  hitRate: number | null;
  serverLoopDelay: { p99: number; max: number };
  memory: { idle: ServerMemory; end: ServerMemory };
  /** The server's CPU time over the measured window: per request, and as a share of one core (1 = a core busy all the time). */
  serverCpu: { ms: number; perRequestMs: number; cores: number };
};
/** The size of the install (bench/run.ts scales it: docs/operations/scaling.md). */
export type MixedScale = { orgs?: number; people?: number; active?: number };

const DEFAULT_ORGS = 4;
const DEFAULT_PEOPLE = 300;
const DEFAULT_ACTIVE = 20;
const WARMUP = 5;
const DURATION = 25;

const QUERIES = {
  findOneUser: '{ findOneUser { id full_name email role status permission_level time_zone location created_at team { id name } manager { id full_name } } }',
  notifications: '{ notifications(limit: 20) { id title body link read_at created_at } unreadNotificationCount }',
  pendingReviews: '{ myReviewRequests { id status perspective cycle_name due_at reviewee { id full_name } } }',
  peopleList: '{ organizationUsers { id full_name role team { id name } } }',
  adminUsersTable: `{ organizationUsersFull { ${ADMIN_TABLE_FIELDS} } }`,
  teamProgress:
    'query($id: ID!) { reviewTeamProgress(cycleId: $id) { completion { percent band } teams { team_name completion { done total percent } people { user_id full_name late completion { done total } } } } }',
};

export async function benchMixed(cache: boolean, scale: MixedScale = {}): Promise<MixedBench> {
  const { orgs: ORGS = DEFAULT_ORGS, people: PEOPLE = DEFAULT_PEOPLE, active: ACTIVE = DEFAULT_ACTIVE } = scale;
  const server = forkBench('serve.ts', { USERS: String(PEOPLE), ORGS: String(ORGS), RESPONSE_CACHE: cache ? 'on' : 'off' });
  const agent = new Agent({ connections: 256, pipelining: 1 });
  try {
    const { url, orgs } = await server.next<{ url: string; orgs: MixedOrg[] }>('ready');
    const post = async (token: string, query: string, variables?: Record<string, unknown>) => {
      const res = await request(`${url}/graphql`, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
        body: JSON.stringify({ query, variables }),
      });
      const buf = Buffer.from(await res.body.arrayBuffer());
      const text = res.headers['content-encoding'] === 'br' ? (await import('node:zlib')).brotliDecompressSync(buf).toString() : buf.toString();
      const body = JSON.parse(text) as { data?: any; errors?: Array<{ message: string }> };
      if (res.statusCode !== 200 || body.errors?.length) throw new Error(`${query.slice(0, 50)}: ${res.statusCode} ${body.errors?.[0]?.message ?? ''}`);
      return body.data;
    };

    // Set-up (not measured): per organization a self + manager review cycle for its active people, launched.
    const actors = await Promise.all(
      orgs.map(async (org) => {
        const admin = org.people[0]!;
        const active = org.people.slice(21, 21 + ACTIVE); // members (1-20 are the managers)
        const templates = (await post(admin.accessToken, '{ reviewTemplates { id name } }')).reviewTemplates as Array<{ id: string; name: string }>;
        const template = templates.find((t) => t.name === '360 review') ?? templates[0]!;
        const cycle = (
          await post(admin.accessToken, 'mutation($input: ReviewCycleInput!) { createReviewCycle(input: $input) { id } }', {
            input: {
              name: 'Mixed bench',
              type: '360',
              template_id: template.id,
              participant_ids: active.map((p) => p.userId),
              team_ids: [],
              review_end: addDays(Date.now(), 30).toISOString(),
              perspectives: ['SELF', 'MANAGER'],
              min_peers: 0,
              max_peers: 3,
              anonymity_threshold: 3,
            },
          })
        ).createReviewCycle as { id: string };
        await post(admin.accessToken, 'mutation($id: ID!) { launchReviewCycle(id: $id) { status } }', { id: cycle.id });
        const reviewers = await Promise.all(
          active.map(async (p) => {
            const mine = (await post(p.accessToken, '{ myReviewRequests { id perspective questions { id kind } } }')).myReviewRequests as Array<{
              id: string;
              perspective: string;
              questions: Array<{ id: string; kind: string }>;
            }>;
            const own = mine.find((r) => r.perspective === 'SELF')!;
            return {
              ...p,
              requestId: own.id,
              rating: own.questions.find((q) => q.kind === 'RATING')?.id,
              text: own.questions.find((q) => q.kind === 'TEXT')?.id,
            };
          }),
        );
        return { org, admin, cycleId: cycle.id, reviewers };
      }),
    );
    await new Promise((r) => setTimeout(r, 1000)); // launch notifications go out after the answer
    type Stats = { cache: { hits: number; misses: number } | null; loop: { p99: number; max: number }; memory: ServerMemory; cpuMs: number };
    server.send({ type: 'stats' });
    const idle = (await server.next<Stats>('stats')).memory; // everyone signed in, before the load

    const latencies = new Map<string, number[]>();
    const errors = new Map<string, number>();
    let measuring = false;
    const start = performance.now();
    const end = start + (WARMUP + DURATION) * 1000;
    const timed = async (op: string, fn: () => Promise<unknown>) => {
      const t = performance.now();
      try {
        await fn();
        if (measuring) (latencies.get(op) ?? latencies.set(op, []).get(op)!).push(performance.now() - t);
      } catch (err) {
        if (measuring) errors.set(op, (errors.get(op) ?? 0) + 1);
        if (process.env.BENCH_TRACE) console.error(err);
      }
    };
    /** Runs `fn` every `periodMs` (first time at a random point of the first period) until the end. */
    const every = async (periodMs: number, fn: (i: number) => Promise<void>) => {
      let next = start + Math.random() * periodMs;
      for (let i = 0; next < end; i++, next += periodMs) {
        await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
        await fn(i);
      }
    };

    const loops: Array<Promise<void>> = [];
    for (const { org, admin, cycleId, reviewers } of actors) {
      for (const person of org.people) {
        loops.push(
          every(60_000, () =>
            timed('session check (GET /api/auth/session)', async () => {
              const res = await request(`${url}/api/auth/session`, { dispatcher: agent, headers: { cookie: `teamlens.session-token=${person.sessionToken}` } });
              const body = (await res.body.json()) as { access_token?: string };
              if (!body.access_token) throw new Error('session check: signed out');
            }),
          ),
        );
      }
      for (const r of reviewers) {
        loops.push(
          every(3000, (i) =>
            timed('saveReviewDraft (autosave)', () =>
              post(r.accessToken, 'mutation($id: ID!, $a: [ReviewAnswerInput!]!) { saveReviewDraft(requestId: $id, answers: $a) { id } }', {
                id: r.requestId,
                a: [...(r.rating ? [{ question_id: r.rating, rating: (i % 5) + 1 }] : []), ...(r.text ? [{ question_id: r.text, text: `Draft ${i}` }] : [])],
              }),
            ),
          ),
        );
        loops.push(
          every(5000, async () => {
            await Promise.all([
              timed('findOneUser', () => post(r.accessToken, QUERIES.findOneUser)),
              timed('notifications', () => post(r.accessToken, QUERIES.notifications)),
              timed('pending reviews (myReviewRequests)', () => post(r.accessToken, QUERIES.pendingReviews)),
            ]);
          }),
        );
        loops.push(every(10_000, () => timed('people list (organizationUsers)', () => post(r.accessToken, QUERIES.peopleList))));
      }
      loops.push(
        every(5000, async () => {
          await Promise.all([
            timed('admin users table (organizationUsersFull)', () => post(admin.accessToken, QUERIES.adminUsersTable)),
            timed('team progress (reviewTeamProgress)', () => post(admin.accessToken, QUERIES.teamProgress, { id: cycleId })),
          ]);
        }),
      );
    }
    await new Promise((r) => setTimeout(r, WARMUP * 1000));
    server.send({ type: 'stats' });
    const { cache: before, cpuMs: cpuBefore } = await server.next<Stats>('stats');
    measuring = true;
    await Promise.all(loops);
    server.send({ type: 'stats' });
    const { cache: after, loop, memory: endMemory, cpuMs: cpuAfter } = await server.next<Stats>('stats');

    const ops: Record<string, OpStats> = {};
    for (const op of new Set([...latencies.keys(), ...errors.keys()])) {
      const sorted = (latencies.get(op) ?? []).sort((a, b) => a - b);
      ops[op] = { count: sorted.length, errors: errors.get(op) ?? 0, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
    }
    const requests = Object.values(ops).reduce((n, o) => n + o.count + o.errors, 0);
    const serverCpu = {
      ms: cpuAfter - cpuBefore,
      perRequestMs: requests ? +((cpuAfter - cpuBefore) / requests).toFixed(2) : 0,
      cores: +((cpuAfter - cpuBefore) / (DURATION * 1000)).toFixed(2),
    };
    const hits = after && before ? after.hits - before.hits : 0;
    const misses = after && before ? after.misses - before.misses : 0;
    return {
      cache,
      orgs: ORGS,
      people: PEOPLE,
      active: ACTIVE,
      seconds: DURATION,
      ops,
      hits,
      misses,
      hitRate: cache && hits + misses > 0 ? +(hits / (hits + misses)).toFixed(3) : null,
      serverLoopDelay: loop,
      memory: { idle, end: endMemory },
      serverCpu,
    };
  } finally {
    await agent.close();
    await server.stop();
  }
}

/** One row per operation for docs/benchmarks.md: uncached and cached p50/p99, target p99 < 100 ms in both. */
export function mixedRows(off: MixedBench, on: MixedBench): Array<[string, string, string, string]> {
  const fmt = (s: OpStats | undefined) => (s ? `p50 ${s.p50} ms, p99 ${s.p99} ms (${s.count}${s.errors ? `, ${s.errors} failed` : ''})` : 'not run');
  return Object.keys(on.ops).map((op) => {
    const a = off.ops[op];
    const b = on.ops[op];
    const ok = !!a && !!b && a.p99 < 100 && b.p99 < 100 && a.errors === 0 && b.errors === 0;
    return [`mixed workload: ${op}`, `uncached: ${fmt(a)}; cached: ${fmt(b)}`, 'p99 < 100 ms', ok ? 'met' : '**not met**'];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  benchMixed(process.argv[2] !== 'off').then(
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
