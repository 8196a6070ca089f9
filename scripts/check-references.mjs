// Fails when a tracked file points at material outside the repository (docs/decisions/0071): the
// product briefing's numbered spec sections, issue numbers, its folder and its pages by bare name.
// Code, tests and docs cite docs/... or docs/decisions/00NN instead. Reads the files `git ls-files`
// lists in the current directory's repository; a line ending with "check-references: allow" is skipped.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const BRIEFING_PAGES = ['product-spec', 'product', 'protocols', 'insights-metrics', 'email-check', 'stack', 'architecture'];

/** Each rule: what it finds, and what it is. Written so that this file does not match itself. */
const RULES = [
  { pattern: /\bspec(?:'s)?\s+sections?\s+\d/i, what: 'a numbered section of the product spec' },
  { pattern: /\bissues?\s+(?:items?\s+)?\d+/i, what: 'an issue number' },
  { pattern: /\/work\/shared\b/, what: 'a path into the product briefing' },
  { pattern: /(?<![\w-])shared\/(?:spec|design)\b/, what: 'a path into the product briefing' },
  { pattern: /\bthe design card\b/i, what: "the briefing's design card" },
  { pattern: /\barchitecture rules?\s+\d/i, what: 'a numbered rule of the briefing' },
  { pattern: new RegExp(`(?<![\\w./-])(?:${BRIEFING_PAGES.join('|')})\\.md\\b`), what: 'a briefing page by bare name' },
  { pattern: /(?<![\w./-])identity\.graphql\b/, what: "the briefing's identity schema by bare name" },
];

const SKIPPED = new Set(['package-lock.json']);
const ALLOW = 'check-references: allow';

/** The problems in one file's text: { line, what, found }. */
export function findOutsideReferences(text) {
  const problems = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (line.trimEnd().endsWith(ALLOW)) return;
    for (const rule of RULES) {
      const m = rule.pattern.exec(line);
      if (m) problems.push({ line: i + 1, what: rule.what, found: m[0] });
    }
  });
  return problems;
}

function trackedFiles(cwd) {
  return execFileSync('git', ['ls-files', '-z'], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter(Boolean);
}

function main() {
  const cwd = process.cwd();
  const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd, encoding: 'utf8' }).trim();
  const found = [];
  for (const file of trackedFiles(root)) {
    if (SKIPPED.has(path.basename(file))) continue;
    let buffer;
    try {
      buffer = fs.readFileSync(path.join(root, file));
    } catch {
      continue; // deleted in the working tree, not yet in the index
    }
    if (buffer.includes(0)) continue; // binary
    for (const p of findOutsideReferences(buffer.toString('utf8'))) found.push(`${file}:${p.line}: ${p.what}: "${p.found}"`);
  }
  if (found.length === 0) return 0;
  console.error(
    `These lines point at material outside the repository:\n${found.map((f) => `  ${f}`).join('\n')}\n` +
      `Cite the repository's own docs instead (docs/architecture.md, docs/product/, docs/protocols.md, docs/insights-metrics.md,\n` +
      `docs/email-check.md) or a decision record (docs/decisions/00NN), write the fact there in your own words, or drop the\n` +
      `pointer when the sentence stands alone (docs/decisions/0071). ${found.length} found.`,
  );
  return 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main();
