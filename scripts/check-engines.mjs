#!/usr/bin/env node
// Fails when a locked package does not support every Node version package.json promises
// (docs/decisions/0035). npm only warns (EBADENGINE) about the Node that runs the install; this
// checks the declared range itself: the lowest version of each of its parts (20.19.0, 22.13.0, 24.0.0
// for "^20.19.0 || ^22.13.0 || ^24.0.0"), and the Node running the check. Platform binaries
// (optional packages limited by os/cpu, e.g. @img/sharp-win32-ia32) are left out: npm skips them elsewhere.
// Usage: node scripts/check-engines.mjs [project directory, default: this repository]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Problems as readable lines; empty when every locked package fits. */
export function engineProblems(dir = root, running = process.versions.node) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8'));
  const declared = pkg.engines?.node;
  if (!declared || !semver.validRange(declared)) return ['package.json must declare engines.node as a valid range.'];
  const lowest = new semver.Range(declared).set.map((part) => semver.minVersion(part.map((c) => c.value).join(' ')).version);
  const problems = [];
  if (!semver.satisfies(running, declared)) problems.push(`This is Node ${running}; package.json requires ${declared}.`);
  for (const [where, entry] of Object.entries(lock.packages ?? {})) {
    const wants = entry.engines?.node;
    if (!where || !wants || typeof wants !== 'string') continue;
    if (entry.optional && (entry.os || entry.cpu)) continue;
    const name = where.replace(/^.*node_modules\//, '');
    for (const version of new Set([...lowest, running])) {
      if (semver.satisfies(version, declared) && !semver.satisfies(version, wants, { includePrerelease: true })) {
        problems.push(`${name}@${entry.version} wants Node ${wants}: it does not run on Node ${version}, which package.json (${declared}) allows.`);
      }
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = engineProblems(process.argv[2] ? path.resolve(process.argv[2]) : root);
  if (problems.length) {
    console.error(
      `Node engine check failed:\n${problems.map((p) => `  ${p}`).join('\n')}\nChoose versions that fit (npm "overrides" in package.json) or change engines.node.`,
    );
    process.exit(1);
  }
  console.log('Node engine check: every locked package supports the declared Node range.');
}
