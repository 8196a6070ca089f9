/**
 * The Lighthouse block of docs/benchmarks.md (docs/decisions/0040, 0065): the key pages' medians and
 * a table of every route; bench/run.ts puts it between the markers of its section `lighthouse`, so
 * that `BENCH_ONLY=lighthouse npm run bench` rewrites this block alone.
 */
import type { LighthouseBench, PageScores, RouteResult } from './lighthouse.bench.js';

const TARGET = { performance: 0.9, accessibility: 1, bestPractices: 1, cls: 0.1 };
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const meetsPage = (p: PageScores) =>
  p.performance >= TARGET.performance && p.accessibility >= TARGET.accessibility && p.bestPractices >= TARGET.bestPractices && p.cls < TARGET.cls;
const meetsRoute = (s: PageScores) => s.performance >= TARGET.performance && s.cls < TARGET.cls;

function routeRow(r: RouteResult, medianRuns: number): string {
  const name = `${r.pattern}${r.signedIn ? '' : ' (signed out)'}${r.endedOn ? ` → ${r.endedOn}` : ''}`;
  if (!r.scores) return `| ${name} | error: ${r.error?.replaceAll('|', '/') ?? 'no result'} | | | | **not measured** |`;
  const s = r.scores;
  const perf = medianRuns > 1 ? `${s.performance} (median of ${medianRuns})` : String(s.performance);
  return `| ${name} | ${perf} | ${s.cls} | ${seconds(s.lcpMs)} | ${s.tbtMs} ms | ${meetsRoute(s) ? 'met' : '**not met**'} |`;
}

/** The lines of the block; `written` says when and from which commit (the block may be newer than the rest of the file). */
export function lighthouseBlock(result: LighthouseBench, written: { at: Date; commit: string }): string[] {
  const keyRows = result.pages.map((p) => [
    `Lighthouse mobile (simulated throttling), ${p.path}${p.path === '/login' ? ' (signed out)' : ' (signed in)'}`,
    `performance ${p.performance}, accessibility ${p.accessibility}, best practices ${p.bestPractices}, CLS ${p.cls}, LCP ${seconds(p.lcpMs)}, TBT ${p.tbtMs} ms (median of ${result.runs}; performance ${p.runs.map((r) => r.performance).join(', ')})`,
    'performance >= 0.9, accessibility 1, best practices 1, CLS < 0.1',
    meetsPage(p) ? 'met' : '**not met**',
  ]);
  const measured = result.routes.filter((r) => r.scores);
  const stillCount = measured.filter((r) => r.scores!.cls < TARGET.cls).length;
  const fastCount = measured.filter((r) => r.scores!.performance >= TARGET.performance).length;
  const { load } = result;
  const busy = Math.max(load.start, load.end) > load.cores;
  return [
    `Lighthouse (docs/decisions/0040, 0065; bench/lighthouse.bench.ts), written ${written.at.toISOString()} (commit ${written.commit}):`,
    '',
    '| what | result | target | |',
    '|---|---|---|---|',
    ...keyRows.map((r) => `| ${r.join(' | ')} |`),
    '',
    ...(result.routes.length
      ? [
          `Every route of the app (client/routes, bench/lighthouse.routes.ts), one run each (the key pages above: their medians). ${result.routes.length} routes: CLS < 0.1 on ${stillCount}, performance >= 0.9 on ${fastCount}${measured.length < result.routes.length ? `, ${result.routes.length - measured.length} not measured` : ''}.`,
          '',
          '| route | performance | CLS | LCP | TBT | performance >= 0.9, CLS < 0.1 |',
          '|---|---|---|---|---|---|',
          ...result.routes.map((r) => routeRow(r, result.pages.some((p) => p.path === r.path) ? result.runs : 1)),
          '',
        ]
      : []),
    'About these figures:',
    `- Lighthouse 12: mobile form factor with simulated throttling (150 ms RTT, 1.6 Mbit/s, ${result.cpuSlowdown === null ? '4x CPU slowdown: the defaults' : `CPU slowdown ${result.cpuSlowdown} instead of 4x (LIGHTHOUSE_CPU_SLOWDOWN), so performance here measures bytes and round trips, not the CPU, and is not the figure the target is about`}), performance/accessibility/best-practices categories, in Debian's Chromium against the production server with a fresh demo organization. Each run is a first visit (empty cache and local storage). Public and sign-in pages signed out, the others with the demo admin's session cookies; \`$id\`: the demo organization's first team by name, its manager, an ended retro, a goal and a note of the admin; \`/reviews?id=\` an active review cycle. "→" marks a page that sends the visitor on (measured where it ends).`,
    '- The simulated CPU cost is the observed one times 4, so a busy machine lowers performance (and TBT rises); CLS is what the page did, whatever the load.',
    `- The machine's load average (1 minute) was ${load.start.toFixed(1)} when this part started and ${load.end.toFixed(1)} when it ended, on ${load.cores} cores.${busy ? ' That is more work than cores: the performance figures understate a quiet machine and are to be measured again there before they are compared with the target.' : ''}`,
  ];
}
