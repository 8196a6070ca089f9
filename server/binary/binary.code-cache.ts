import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

/**
 * V8's code cache of the server script the single executable runs (docs/decisions/0062, warm
 * start). Two: the executable carries one made when it was built, of the script's outer function
 * only (what Node's own code cache of an executable holds); after the first start that serves,
 * one of everything that start compiled is written next to the unpacked files, and later starts use
 * it (about a tenth of a warm start's CPU). It is bound to the script and to V8 and its flags: one
 * V8 refuses (`cachedDataRejected`) costs a full compile, and is written again.
 */

/** Compiled the same way when a cache is made and when it is used: the build wraps the server as a CommonJS function. */
export function compileServer(script: string, cachedData?: Buffer): vm.Script {
  return new vm.Script(script, { filename: 'teamlens-server.cjs', cachedData });
}

/** The build's cache (scripts/binary/build-binary.mjs): of the script's outer function only, made without running anything. */
export function writeBuildCodeCache(scriptFile: string, cacheOut: string): void {
  fs.writeFileSync(cacheOut, compileServer(fs.readFileSync(scriptFile, 'utf8')).createCachedData());
}

export function readCodeCache(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Writes what `script` has compiled so far to `file`, through a temporary name renamed into place
 * (a start that reads it never sees half of one), and removes the caches of other server scripts
 * beside it. Best effort: a folder it cannot write leaves the next start as it would be without,
 * and that start tries again.
 */
export function writeCodeCache(file: string, script: vm.Script): boolean {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
    fs.renameSync(temporary, file);
    for (const name of fs.readdirSync(path.dirname(file))) {
      if (CACHE_NAME.test(name) && name !== path.basename(file)) fs.rmSync(path.join(path.dirname(file), name), { force: true });
    }
    return true;
  } catch {
    fs.rmSync(temporary, { force: true });
    return false;
  }
}

const CACHE_NAME = /^code-cache-[0-9a-f]{12}\.bin$/;

/**
 * Where the runtime cache lives: in the build's unpack folder (it goes with it when a newer build
 * starts), named by the server script's sha256 (`script`, 12 hex, from the manifest). V8 checks
 * a cache against the script's length only, so a cache must never meet another script.
 */
export const codeCacheFile = (unpackDir: string, script: string): string => path.join(unpackDir, `code-cache-${script}.bin`);

/** The executable's entry calls this once the server listens (server/binary/binary.main.ts). */
export const SERVING = Symbol.for('teamlens.binary.serving');
