import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

/**
 * Disk growth per year (docs/operations/scaling.md): bytes per row MEASURED on the last release's
 * demo database (server/db/fixtures), by copying each table's own rows (new ids) until it holds
 * 20,000 more and reading the file's growth, indexes and full-text index included; times a year of
 * use per person (ACTIVITY, stated assumptions). Run with `npx tsx bench/disk-growth.bench.ts`.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = path.join(here, '../server/db/fixtures/release-0.1.0-597d471.db.br');
const ADDED = 20_000;

/** Rows one person adds in a year of ordinary use (what each comes from). */
const ACTIVITY: Array<{ table: string; perPersonYear: number; why: string }> = [
  { table: 'review_answers', perPersonYear: 100, why: '2 review cycles, 5 reviewers each, 10 questions' },
  { table: 'review_requests', perPersonYear: 10, why: '2 cycles x 5 reviewers' },
  { table: 'feedback', perPersonYear: 50, why: 'about one piece a week, given or received' },
  { table: 'feedback_reactions', perPersonYear: 50, why: 'reactions to praise' },
  { table: 'notes', perPersonYear: 30, why: 'notes and 1:1 agendas (full-text index included)' },
  { table: 'goals', perPersonYear: 6, why: 'personal and team goals' },
  { table: 'goal_check_ins', perPersonYear: 50, why: 'a check-in a week' },
  { table: 'retro_reflections', perPersonYear: 130, why: '26 sprints x 5 reflections' },
  { table: 'retro_action_items', perPersonYear: 10, why: "a share of the team's action items" },
  { table: 'notifications', perPersonYear: 1000, why: 'in-app notifications, about 4 a working day' },
  { table: 'audit_events', perPersonYear: 300, why: 'sign-ins and changes (kept one year by default, so this is the steady state)' },
  // Sessions are deleted a day after they expire (server/features/auth/auth.repo.ts): no yearly growth.
  { table: 'ext_pull_requests', perPersonYear: 50, why: 'integrations: a pull request a week (engineers)' },
  { table: 'ext_pr_events', perPersonYear: 250, why: 'integrations: 5 events per pull request' },
];

const synthetic: Record<string, (i: number, org: string, user: string) => unknown[]> = {
  // Tables the demo database has no rows of: rows as the server writes them.
  notifications: (i, org, user) => [
    crypto.randomUUID(),
    org,
    user,
    'REVIEW_REQUESTED',
    'Grace Hopper asked you for feedback',
    `Sprint ${i} retro: please add your reflections before Friday.`,
    '/reviews/requests',
    new Date().toISOString(),
    null,
  ],
  audit_events: (i, org, user) => [
    crypto.randomUUID(),
    org,
    new Date().toISOString(),
    user,
    'Grace Hopper',
    'SIGN_IN',
    user,
    'grace.hopper@demo.teamlens.dev',
    '203.0.113.7',
    JSON.stringify({ method: 'password', n: i }),
  ],
};

function fileBytes(db: Database.Database): number {
  return (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
}

export function measureDiskGrowth(people = 500) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-disk-'));
  const file = path.join(dir, 'teamlens.db');
  fs.writeFileSync(file, zlib.brotliDecompressSync(fs.readFileSync(FIXTURE)));
  const db = new Database(file);
  db.pragma('foreign_keys = OFF');
  const { org, user } = db.prepare('SELECT organization_id AS org, id AS user FROM users LIMIT 1').get() as { org: string; user: string };
  const perRow: Record<string, number> = {};
  try {
    for (const { table } of ACTIVITY) {
      const info = db.prepare('SELECT name, type FROM pragma_table_info(?)').all(table) as { name: string; type: string }[];
      const columns = info.map((c) => c.name);
      const text = new Set(info.filter((c) => c.type === 'TEXT').map((c) => c.name));
      const before = fileBytes(db);
      let inserted = 0;
      db.transaction(() => {
        if (synthetic[table]) {
          const insert = db.prepare(`INSERT INTO "${table}" VALUES (${columns.map(() => '?').join(', ')})`);
          for (let i = 0; i < ADDED; i++) inserted += insert.run(...synthetic[table]!(i, org, user)).changes;
          return;
        }
        // The table's own rows again with new ids: every id and reference (but the organization) fresh,
        // so that unique keys over them take the copies; 36 characters, like the UUIDs they stand for.
        const fresh = (c: string) => c !== 'organization_id' && /(^id$|_id$|^key$|token)/.test(c) && (text.has(c) || c === 'id');
        const value = (c: string) => (fresh(c) ? (text.has(c) ? 'lower(hex(randomblob(18)))' : 'NULL') : c === 'number' ? 'abs(random() % 1000000)' : `"${c}"`);
        const copy = columns.map(value).join(', ');
        const statement = db.prepare(`INSERT OR IGNORE INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) SELECT ${copy} FROM "${table}" LIMIT ?`);
        while (inserted < ADDED) {
          const n = statement.run(ADDED - inserted).changes;
          if (!n) break;
          inserted += n;
        }
      })();
      if (inserted < ADDED / 2) throw new Error(`${table}: only ${inserted} rows could be copied`);
      perRow[table] = Math.round((fileBytes(db) - before) / inserted);
    }
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const lines = ACTIVITY.map((a) => ({
    ...a,
    bytesPerRow: perRow[a.table]!,
    mbPerYear: +((perRow[a.table]! * a.perPersonYear * people) / 2 ** 20).toFixed(1),
  }));
  const total = +lines.reduce((n, l) => n + l.mbPerYear, 0).toFixed(0);
  const integrations = +lines
    .filter((l) => l.table.startsWith('ext_'))
    .reduce((n, l) => n + l.mbPerYear, 0)
    .toFixed(0);
  return { people, lines, totalMbPerYear: total, withoutIntegrationsMbPerYear: total - integrations };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(JSON.stringify(measureDiskGrowth()));
