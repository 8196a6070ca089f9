import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';

// docs/decisions/0035: every locked package must run on every Node that package.json allows.
const check = (dir?: string) => spawnSync(process.execPath, ['scripts/check-engines.mjs', ...(dir ? [dir] : [])], { encoding: 'utf8' });
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('Node engines', () => {
  it('the locked dependencies fit the declared Node range', () => {
    const res = check();
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
    expect(pkg.engines.node).toBe('^20.19.0 || ^22.13.0 || ^24.0.0');
    expect(fs.readFileSync('.npmrc', 'utf8')).toMatch(/^engine-strict=true$/m);
  });

  it('fails, naming the package, when a locked package wants a newer Node than declared', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-engines-'));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'x', engines: { node: '^20.19.0 || >=24' } }));
    fs.writeFileSync(
      path.join(dir, 'package-lock.json'),
      JSON.stringify({
        packages: {
          '': { name: 'x' },
          'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
          'node_modules/ok': { version: '1.0.0', engines: { node: '>=18' } },
          'node_modules/sqlite': { version: '12.0.0', engines: { node: '20.x || 22.x' } },
          'node_modules/@img/sharp-win32-ia32': { version: '0.35.5', optional: true, os: ['win32'], cpu: ['ia32'], engines: { node: '^20.9.0' } },
        },
      }),
    );
    const res = check(dir);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('cookie@2.0.2 wants Node >=22: it does not run on Node 20.19.0');
    expect(res.stderr).toContain('sqlite@12.0.0 wants Node 20.x || 22.x: it does not run on Node 24.0.0');
    expect(res.stderr).not.toContain('ok@');
    expect(res.stderr).not.toContain('sharp-win32');
  });
});
