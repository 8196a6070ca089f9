import { fileURLToPath } from 'node:url';
import { benchMixed, type MixedBench } from './mixed.bench.js';
import { formatNumber } from '../shared/format.js';

/**
 * How far one process goes (docs/operations/scaling.md): the mixed workload (bench/mixed.bench.ts,
 * response cache on, as installs run) with organizations of 300 people, 20 of them active, at
 * 3,000 and 6,000 signed-in people: p99 per operation, the server's event-loop delay and memory.
 * Run alone with `npx tsx bench/scale.bench.ts` (prints one JSON line).
 */
export type ScaleBench = { runs: MixedBench[] };

export const SCALES = [3000, 6000];

export async function benchScale(): Promise<ScaleBench> {
  const runs: MixedBench[] = [];
  for (const people of SCALES) runs.push(await benchMixed(true, { orgs: people / 300, people: 300, active: 20 }));
  return { runs };
}

const signedIn = (r: MixedBench) => r.orgs * r.people;

/** One row per scale: the worst p99 and which operation, event-loop delay, memory; plus one row per operation. */
export function scaleRows(s: ScaleBench): Array<[string, string, string, string]> {
  const rows: Array<[string, string, string, string]> = [];
  for (const r of s.runs) {
    const ops = Object.entries(r.ops);
    const worst = ops.reduce((a, b) => (b[1].p99 > a[1].p99 ? b : a));
    const failed = ops.reduce((n, [, o]) => n + o.errors, 0);
    const requests = ops.reduce((n, [, o]) => n + o.count, 0);
    rows.push([
      `${formatNumber(signedIn(r))} people signed in (${r.orgs} organizations of ${r.people}, ${r.orgs * r.active} active): the whole workload`,
      `${Math.round(requests / r.seconds)} req/s; worst p99 ${worst[1].p99} ms (${worst[0]}); ${failed} failed; event-loop delay p99 ${r.serverLoopDelay.p99} ms, max ${r.serverLoopDelay.max} ms; server CPU ${r.serverCpu.perRequestMs} ms per request, ${r.serverCpu.cores} of a core busy; memory: RSS ${r.memory.idle.rssMb} MB signed in and idle, ${r.memory.end.rssMb} MB under load (heap ${r.memory.end.heapMb} MB)`,
      'p99 < 100 ms, none failed',
      worst[1].p99 < 100 && failed === 0 ? 'met' : '**not met**',
    ]);
    for (const [op, o] of ops)
      rows.push([
        `${formatNumber(signedIn(r))} people: ${op}`,
        `p50 ${o.p50} ms, p99 ${o.p99} ms (${o.count}${o.errors ? `, ${o.errors} failed` : ''})`,
        'p99 < 100 ms',
        o.p99 < 100 && !o.errors ? 'met' : '**not met**',
      ]);
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  benchScale().then(
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
