import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { freePort } from '../e2e/server.js';

/**
 * The single executable (docs/decisions/0062): its size, gzipped size (what a download weighs),
 * the time `build-binary.mjs` takes (the web app already built, the pinned Node cached), and how
 * long it takes to answer: first start in an empty folder (unpack, migrations, demo organization)
 * and warm starts on that data (median of WARM runs; the first of them writes the V8 code cache that the
 * others take, server/binary/binary.code-cache.ts). Each start until "Teamlens is running" is
 * printed, then SIGTERM. The machine's load average is reported next to the times.
 * Run alone with `npx tsx bench/binary.bench.ts` (prints one JSON line).
 */
/** A start: wall time until it listens, and the CPU time the process used until then (less sensitive to a busy machine). */
export type Start = { ms: number; cpuMs: number };
export type BinaryBench = {
  sizeMiB: number;
  gzipMiB: number;
  buildS: number;
  cold: Start;
  warm: Start[];
  warmMedianMs: number;
  warmMedianCpuMs: number;
  load: number[];
};

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const binary = path.join(root, 'dist/bin/teamlens-linux-x64');
const WARM = 3;

/** utime + stime of a process so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function start(dataDir: string): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(binary, [], {
    cwd: dataDir,
    env: { PATH: '/nonexistent', DATA_DIR: path.join(dataDir, 'data'), PORT: String(port), LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'binary bench passphrase' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((r) => child.once('exit', r));
  const result = await new Promise<Start>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      if (output.includes('Teamlens is running')) resolve({ ms: Math.round(performance.now() - started), cpuMs: cpuMs(child.pid!) });
    });
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', () => reject(new Error(`exited before it was ready:\n${output}`)));
  });
  child.kill('SIGTERM');
  await exited;
  return result;
}

export async function benchBinary(): Promise<BinaryBench> {
  const t = performance.now();
  execFileSync(process.execPath, ['scripts/binary/build-binary.mjs'], { cwd: root, stdio: 'ignore' });
  const buildS = +((performance.now() - t) / 1000).toFixed(1);
  const size = fs.statSync(binary).size;
  let gzip = 0;
  await pipeline(
    fs.createReadStream(binary),
    zlib.createGzip({ level: 6 }),
    new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        gzip += chunk.length;
        done();
      },
    }),
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-binary-bench-'));
  try {
    const cold = await start(dir);
    const warm: Start[] = [];
    for (let i = 0; i < WARM; i++) warm.push(await start(dir));
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    return {
      sizeMiB: +(size / 2 ** 20).toFixed(1),
      gzipMiB: +(gzip / 2 ** 20).toFixed(1),
      buildS,
      cold,
      warm,
      warmMedianMs: median(warm.map((w) => w.ms)),
      warmMedianCpuMs: median(warm.map((w) => w.cpuMs)),
      load: os.loadavg().map((l) => +l.toFixed(1)),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Rows for docs/benchmarks.md, with the targets of docs/decisions/0062. */
export function binaryRows(b: BinaryBench): Array<[string, string, string, string]> {
  const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
  return [
    ['single executable: size (dist/bin/teamlens-linux-x64)', `${b.sizeMiB} MiB`, '<= 150 MiB', verdict(b.sizeMiB <= 150)],
    ['single executable: gzipped (a download)', `${b.gzipMiB} MiB`, '<= 55 MiB', verdict(b.gzipMiB <= 55)],
    ['single executable: build time (scripts/binary/build-binary.mjs; web app built, Node cached)', `${b.buildS} s`, '< 60 s', verdict(b.buildS < 60)],
    [
      'single executable: first start in an empty folder (unpack, migrations, demo organization) until it listens',
      `${b.cold.ms} ms (${b.cold.cpuMs} ms CPU)`,
      '<= 5 s',
      verdict(b.cold.ms <= 5000),
    ],
    [
      'single executable: warm start (same data) until it listens (the first writes the code cache the next ones take)',
      `median ${b.warmMedianMs} ms (${b.warm.map((w) => w.ms).join(', ')}); CPU median ${b.warmMedianCpuMs} ms`,
      '<= 1.0 s',
      verdict(b.warmMedianMs <= 1000),
    ],
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  benchBinary().then(
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
