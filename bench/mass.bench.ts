import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accessToken, BENCH_PASSWORD } from './fixtures.js';

export type MassBench = { rows: number; status: number; created: number; ms: number; idleMb: number; peakMb: number; csvMb: number };

function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/**
 * One CSV upload of `rows` new people to the production server (`node dist/server/teamlens.mjs`,
 * started fresh for this run), measuring wall time and the server process's peak RSS (VmHWM).
 */
export async function benchMass(rows: number): Promise<MassBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-bench-mass-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const url = `http://127.0.0.1:${port}`;
  // MASS_SERVER_ENTRY: another bundle of the server (e.g. one built elsewhere to compare two versions).
  const server = spawn(process.execPath, [process.env.MASS_SERVER_ENTRY ?? 'dist/server/teamlens.mjs'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      BASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'admin@massbench.example',
      ADMIN_PASSWORD: BENCH_PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Teamlens is running')) resolve();
      });
      server.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
    });
    const token = await accessToken(url, 'admin@massbench.example');
    const lines = ['email,full_name,role,permission_level,team,manager_email,location,time_zone'];
    for (let i = 0; i < rows; i++) {
      const manager = i % 50 === 0 ? '' : `person${i - (i % 50)}@massbench.example`;
      lines.push(`person${i}@massbench.example,Person ${i},Engineer,MEMBER,Team ${i % 40},${manager},Remote,Europe/Berlin`);
    }
    const csv = lines.join('\n');
    await new Promise((r) => setTimeout(r, 500));
    const idle = memoryOf(server.pid!);
    const started = performance.now();
    const res = await fetch(`${url}/api/admin/users/import`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
      body: csv,
    });
    const body = (await res.json()) as { count?: number };
    const ms = Math.round(performance.now() - started);
    const after = memoryOf(server.pid!);
    return { rows, status: res.status, created: body.count ?? 0, ms, idleMb: idle.rssMb, peakMb: after.peakMb, csvMb: +(csv.length / 2 ** 20).toFixed(1) };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
