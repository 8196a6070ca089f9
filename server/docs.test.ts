import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INSIGHT_METRIC_KEYS } from '../shared/insights.js';

/**
 * The docs a newcomer reads stay true to the repository (docs/decisions/0071): the decision records'
 * index lists every record with its number, title, status and date and links only records that exist;
 * relative links between docs resolve; the metrics page names every metric of the registry; and
 * `npm run check` (scripts/check-references.mjs) refuses pointers to material outside the repository.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const decisionsDir = path.join(root, 'docs', 'decisions');
const RECORD = /^(\d{4})-[a-z0-9-]+\.md$/;

const records = () =>
  fs
    .readdirSync(decisionsDir)
    .filter((name) => RECORD.test(name))
    .sort();
const indexText = () => fs.readFileSync(path.join(decisionsDir, 'README.md'), 'utf8');
/** The index's table rows: `| [0001](0001-....md) | title | status | date |`. */
function indexRows(text: string): Array<{ number: string; file: string; title: string; status: string; date: string }> {
  const rows = [];
  for (const line of text.split('\n')) {
    const m = /^\| \[(\d{4})\]\(([^)]+)\) \| (.+?) \| (.+?) \| (.+?) \|$/.exec(line);
    if (m) rows.push({ number: m[1]!, file: m[2]!, title: m[3]!, status: m[4]!, date: m[5]! });
  }
  return rows;
}

describe('docs/decisions/README.md', () => {
  it('lists every decision record in the folder', () => {
    const listed = new Set(indexRows(indexText()).map((row) => row.file));
    const missing = records().filter((file) => !listed.has(file));
    expect(
      missing,
      `add a row for each of these to docs/decisions/README.md (number, title, status, date of the commit that added it): ${missing.join(', ')}`,
    ).toEqual([]);
  });

  it('links only records that exist, each once, under its own number, in order', () => {
    const rows = indexRows(indexText());
    const files = new Set(records());
    expect(
      rows.filter((row) => !files.has(row.file)).map((row) => row.file),
      'rows whose record is not in docs/decisions/',
    ).toEqual([]);
    expect(
      rows.filter((row) => !row.file.startsWith(`${row.number}-`)).map((row) => row.file),
      "rows whose number is not their file's",
    ).toEqual([]);
    const numbers = rows.map((row) => row.number);
    expect(numbers, 'one row per record, in number order').toEqual([...new Set(numbers)].sort());
  });

  it('gives each record a title, a status and a date', () => {
    for (const row of indexRows(indexText())) {
      expect(row.title.trim(), row.file).not.toBe('');
      expect(row.status, row.file).toMatch(/^(Accepted|Partly superseded by|Superseded by)\b/);
      expect(row.date, row.file).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('names, in a status, only records that exist', () => {
    const numbers = new Set(records().map((file) => file.slice(0, 4)));
    for (const row of indexRows(indexText())) {
      for (const [, number] of row.status.matchAll(/\[(\d{4})\]/g)) expect(numbers.has(number!), `${row.file} names ${number}`).toBe(true);
    }
  });
});

/** Every markdown file under docs/, relative to the repository. */
function docsFiles(dir = path.join(root, 'docs')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? docsFiles(full) : entry.name.endsWith('.md') ? [full] : [];
  });
}

describe('docs/', () => {
  it('links only to files that exist (relative links, anchors aside)', () => {
    const broken: string[] = [];
    for (const file of docsFiles()) {
      for (const [, target] of fs.readFileSync(file, 'utf8').matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!) || target!.startsWith('#')) continue;
        const resolved = path.resolve(path.dirname(file), target!.split('#')[0]!);
        if (!fs.existsSync(resolved)) broken.push(`${path.relative(root, file)} -> ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('describes every metric of shared/insights.ts in docs/insights-metrics.md', () => {
    const text = fs.readFileSync(path.join(root, 'docs/insights-metrics.md'), 'utf8');
    expect(INSIGHT_METRIC_KEYS.filter((key) => !text.includes(`\`${key}\``))).toEqual([]);
  });
});

/** The refused phrases, assembled here so that this file does not hold them itself. */
const w = (...parts: string[]) => parts.join('');
const REFUSED = [
  w('// the session, as spec', ' section 4 says'),
  w(' * Goals in the browser (iss', 'ue 14): a team goal'),
  w('Issue', ' item 6: profile screens'),
  w('see /work/', 'shared/', 'design/stack.md'),
  w('`../shared/', 'spec/product-spec.md`'),
  w('(shared/', 'design/email-check.md)'),
  w('(proto', 'cols.md section 5, test 13)'),
  w('as identity', '.graphql defines it'),
  w('graphql-request (the design', ' card)'),
  w('// Architecture', ' rule 3: shared imports nothing'),
];
const ACCEPTED = [
  '// the session, as docs/product/session.md says (docs/decisions/0001)',
  ' * see docs/protocols.md, security bar 13; [close codes](./protocols.md#close-codes)',
  "import { formatDay } from '../shared/format.js'; // shared/ is the repository's own folder",
  "const issue = issues.find((i) => i.key === key); // an issue tracker's issue, not a pointer",
  w('a line that must quote it: spec', ' section 4 // check-references: allow'),
];

describe('scripts/check-references.mjs (npm run check)', () => {
  const script = path.join(root, 'scripts', 'check-references.mjs');
  const run = (cwd: string) => spawnSync(process.execPath, [script], { cwd, encoding: 'utf8' });

  it('fails on each kind of outside reference in a tracked file, naming file and line, and passes once they are gone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-references-'));
    try {
      execFileSync('git', ['init', '-q'], { cwd: dir });
      fs.mkdirSync(path.join(dir, 'src'));
      fs.writeFileSync(path.join(dir, 'src', 'a.ts'), [...REFUSED, ...ACCEPTED].join('\n') + '\n');
      fs.writeFileSync(path.join(dir, 'untracked.md'), REFUSED.join('\n'));
      execFileSync('git', ['add', 'src/a.ts'], { cwd: dir });

      const refused = run(dir);
      expect(refused.status).toBe(1);
      const lines = new Set([...refused.stderr.matchAll(/^ {2}src\/a\.ts:(\d+): /gm)].map((m) => Number(m[1])));
      expect([...lines].sort((x, y) => x - y)).toEqual(REFUSED.map((_, i) => i + 1));
      expect(refused.stderr).not.toContain('untracked.md');
      expect(refused.stderr).toContain('docs/decisions/0071');

      fs.writeFileSync(path.join(dir, 'src', 'a.ts'), ACCEPTED.join('\n') + '\n');
      const passed = run(dir);
      expect(passed.stderr).toBe('');
      expect(passed.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds none in this repository', () => {
    const result = run(root);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
