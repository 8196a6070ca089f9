import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envSchema } from '../config.js';
import { resourceRoot, useResourceRoot } from '../lib/paths.js';
import { runCli } from './cli.js';
import { applyConfigFile } from './cli.config-file.js';
import { helpText, SETTINGS } from './cli.help.js';

const README = fs.readFileSync(path.join(resourceRoot(), 'README.md'), 'utf8');

/** Runs the teamlens command in this process with `env` as its environment; what it printed. */
async function teamlens(argv: string[], env: Record<string, string>) {
  const saved = { ...process.env };
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a) => void out.push(a.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...a) => void err.push(a.join(' ')));
  try {
    for (const key of Object.keys(envSchema.shape)) delete process.env[key];
    Object.assign(process.env, env);
    const code = await runCli(argv);
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-cli-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('teamlens --help', () => {
  it('lists every setting the server reads, with its default, and the README documents each', async () => {
    const names = [...Object.keys(envSchema.shape), 'RUNTIME_DIR'];
    expect(SETTINGS.map((s) => s.name).sort()).toEqual(names.sort());
    const { code, stdout } = await teamlens(['--help'], {});
    expect(code).toBe(0);
    for (const s of SETTINGS) {
      expect(stdout).toContain(s.name);
      expect(stdout).toContain(`default: ${s.default}`);
      expect(README, `README Configuration: ${s.name}`).toMatch(new RegExp(`\\| (\`[A-Z_]+\` / )?\`${s.name}\`( / \`[A-Z_]+\`)? \\|`));
    }
    for (const command of ['serve', 'backup [file]', 'restore <file>', 'reset-link <email>', 'demo-remove', '--version'])
      expect(helpText('1')).toContain(command);
  });

  it('--version prints the version of package.json; an unknown command says so', async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(resourceRoot(), 'package.json'), 'utf8')) as { version: string };
    expect(await teamlens(['--version'], {})).toMatchObject({ code: 0, stdout: `teamlens ${pkg.version}` });
    expect(await teamlens(['bakup'], {})).toMatchObject({ code: 1, stderr: 'Unknown command "bakup": teamlens --help lists the commands.' });
  });
});

describe('settings from DATA_DIR/teamlens.env', () => {
  it('fill what the environment does not set; the environment wins', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'teamlens.env'), '# mine\nPORT=4100\nBASE_URL="https://teamlens.example.com"\nexport LOG_LEVEL=warn\n\n');
    const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir, LOG_LEVEL: 'error' };
    expect(applyConfigFile(env)).toBe(path.join(dataDir, 'teamlens.env'));
    expect(env).toMatchObject({ PORT: '4100', BASE_URL: 'https://teamlens.example.com', LOG_LEVEL: 'error' });
  });

  it('a wrong name, line or value stops the command with a message naming it, never a stack', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'teamlens.env'), 'PROT=4100\nDATA_DIR=/elsewhere\njust words\n');
    const bad = await teamlens(['backup'], { DATA_DIR: dataDir });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`Invalid configuration file ${path.join(dataDir, 'teamlens.env')}`);
    expect(bad.stderr).toContain('line 1: PROT is not a Teamlens setting');
    expect(bad.stderr).toContain('line 2: DATA_DIR cannot be set in this file');
    expect(bad.stderr).toContain('line 3: expected NAME=value');

    fs.writeFileSync(path.join(dataDir, 'teamlens.env'), 'BACKUP_KEEP=none\n');
    const value = await teamlens(['backup'], { DATA_DIR: dataDir });
    expect(value).toMatchObject({ code: 1, stderr: expect.stringMatching(/^Invalid configuration:\n {2}BACKUP_KEEP: /) });
    expect(value.stderr).not.toContain('    at ');
  });
});

describe('teamlens serve', () => {
  it('a migration that fails: one message that says which and why, exit code 1, the database untouched', async () => {
    const dataDir = tempDir();
    const scratch = tempDir();
    fs.cpSync(path.join(resourceRoot(), 'migrations'), path.join(scratch, 'migrations'), { recursive: true });
    const journalFile = path.join(scratch, 'migrations/meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_broken' });
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    fs.writeFileSync(path.join(scratch, 'migrations/9999_broken.sql'), 'SELECT no_such_function();');
    const root = resourceRoot();
    useResourceRoot(scratch);
    try {
      const res = await teamlens(['serve'], { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(
        /^Could not update the database .*teamlens\.db: applying the migrations 0000_.*9999_broken failed: no such function: no_such_function.*Nothing was changed/s,
      );
      expect(res.stderr).not.toContain('    at ');
    } finally {
      useResourceRoot(root);
    }
  });
});
