import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { forkBench } from './child.js';
import { accessToken, latencyStats, seedUsers, startBenchApp, type LatencyStats } from './fixtures.js';
import { load, type LoadResult } from './load.js';

/**
 * What DB_SYNCHRONOUS=full costs (docs/decisions/0058): the real app in its own process, its data
 * directory on this machine's disk (os.tmpdir()), once with `normal` (the default: the WAL is
 * synced at checkpoints) and once with `full` (synced at every commit). The write is a note saved
 * over HTTP (createNote: the note, its search index, one commit): one at a time (p50/p99 over 300
 * writes after 20 warm-up writes, and writes per second), then 8 connections for 5 s.
 * Run alone with `npx tsx bench/durability.bench.ts` (prints one JSON line). The same file is the
 * server side when forked with DURABILITY_SERVE=1.
 */
/** `loadAverage`: the machine's 1-minute load average when the run ended (other work on a shared machine moves these figures). */
export type DurabilityRun = { synchronous: string; one: LatencyStats & { perSecond: number }; eight: LoadResult; loadAverage: number };
export type DurabilityBench = { normal: DurabilityRun; full: DurabilityRun };

const WRITES = 300;
const WARM_UP = 20;
const CREATE_NOTE = 'mutation DurableNote($input: NoteInput!) { createNote(input: $input) { id } }';
const BODY = JSON.stringify({
  query: CREATE_NOTE,
  variables: { input: { title: 'One-on-one', body: 'Talked about the release, the on-call rota and the next review cycle.' } },
});

/** The server: 50 people; answers which `synchronous` SQLite really runs with (1 NORMAL, 2 FULL). */
async function serve(): Promise<void> {
  const { app, url } = await startBenchApp();
  const { adminEmail } = await seedUsers(app, 50, 'Durable Corp', 'durable.example');
  const token = await accessToken(url, adminEmail);
  const synchronous = Number(app.services.db.$client.pragma('synchronous', { simple: true })) === 2 ? 'FULL' : 'NORMAL';
  process.on('message', (msg: { type: string }) => {
    if (msg.type === 'stop') void app.close().then(() => process.exit(0));
  });
  process.send?.({ type: 'ready', url, token, synchronous });
}

async function run(mode: 'normal' | 'full'): Promise<DurabilityRun> {
  const server = forkBench('durability.bench.ts', { DURABILITY_SERVE: '1', DB_SYNCHRONOUS: mode });
  try {
    const { url, token, synchronous } = await server.next<{ url: string; token: string; synchronous: string }>('ready');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const write = async () => {
      const res = await fetch(`${url}/graphql`, { method: 'POST', headers, body: BODY });
      const answer = (await res.json()) as { errors?: Array<{ message: string }> };
      if (answer.errors?.length) throw new Error(`createNote: ${answer.errors[0]!.message}`);
    };
    const times: number[] = [];
    for (let i = 0; i < WARM_UP + WRITES; i++) {
      const t = performance.now();
      await write();
      if (i >= WARM_UP) times.push(performance.now() - t);
    }
    const measured = times.reduce((a, b) => a + b, 0);
    const one = { ...latencyStats(times), perSecond: Math.round(WRITES / (measured / 1000)) };
    const eight = await load({ url: `${url}/graphql`, method: 'POST', headers, body: BODY, connections: 8, duration: 5 });
    if (eight.errors || eight.non2xx) throw new Error(`8 connections: ${eight.errors} errors, ${eight.non2xx} non-2xx answers`);
    return { synchronous, one, eight, loadAverage: +os.loadavg()[0]!.toFixed(1) };
  } finally {
    await server.stop();
  }
}

export async function benchDurability(): Promise<DurabilityBench> {
  const normal = await run('normal');
  const full = await run('full');
  return { normal, full };
}

/** Its section of docs/benchmarks.md (bench/run.ts), table included. */
export function durabilitySection(b: DurabilityBench): string[] {
  const cores = os.cpus().length;
  const loaded = Math.max(b.normal.loadAverage, b.full.loadAverage) > cores * 0.75;
  return [
    "Durability (docs/decisions/0058, bench/durability.bench.ts): DB_SYNCHRONOUS=normal (the default; the WAL is synced at checkpoints) vs full (synced at every commit), the data directory on this machine's disk. " +
      (loaded
        ? 'The machine is shared and was loaded while these ran (load average below): compare the two modes, not the absolute figures:'
        : 'Compare the two modes rather than the absolute figures:'),
    '',
    '| what | result | target | |',
    '|---|---|---|---|',
    ...durabilityRows(b).map((r) => `| ${r.join(' | ')} |`),
    '',
  ];
}

function durabilityRows(b: DurabilityBench): Array<[string, string, string, string]> {
  const one = (r: DurabilityRun) => `p50 ${r.one.p50} ms, p99 ${r.one.p99} ms, ${r.one.perSecond} writes/s`;
  const eight = (r: DurabilityRun) => `p50 ${r.eight.p50} ms, p99 ${r.eight.p99} ms, ${r.eight.requestsPerSecond} writes/s`;
  return [
    ['a note saved over HTTP (createNote), one at a time', `normal: ${one(b.normal)}; full: ${one(b.full)}`, '(no target)', '-'],
    ['the same, 8 connections for 5 s', `normal: ${eight(b.normal)}; full: ${eight(b.full)}`, '(no target)', '-'],
    [
      '1-minute load average of the machine at the end of each run',
      `normal: ${b.normal.loadAverage}; full: ${b.full.loadAverage} (${os.cpus().length} cores)`,
      '(no target)',
      '-',
    ],
  ];
}

if (process.env.DURABILITY_SERVE === '1') {
  void serve();
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  benchDurability().then(
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
