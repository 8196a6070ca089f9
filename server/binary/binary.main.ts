import path from 'node:path';
import { useResourceRoot } from '../lib/paths.js';
import { glibcProblem } from './binary.glibc.js';
import { useNativeRoot } from './binary.native.js';
import { SERVING } from './binary.code-cache.js';
import { type Manifest, runtimeRoot, UnpackError, unpackRuntime } from './binary.unpack.js';

/** The executable's assets (scripts/binary/build-binary.mjs): the manifest and the payload it describes. */
type Sea = { getAsset(key: string, encoding: string): string; getRawAsset(key: string): ArrayBuffer };

/**
 * The single executable's server script (run by binary.start.ts, docs/decisions/0062): check the C
 * library, unpack the native libraries, web app and migrations once per build into RUNTIME_DIR
 * (default DATA_DIR/runtime), point the server at them, then run the same `teamlens` command as the
 * npm scripts. --help and --version need nothing unpacked.
 */
async function main(): Promise<number | 'serving'> {
  const argv = process.argv.slice(2);
  const light = ['--help', '-h', 'help', '--version', '-v', 'version'].includes(argv[0] ?? '');
  if (!light) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the executable's require serves built-in modules only
    const sea = require('node:sea') as Sea;
    const manifest = JSON.parse(sea.getAsset('manifest', 'utf8')) as Manifest;
    const problem = glibcProblem(manifest.glibc);
    if (problem) {
      console.error(problem);
      return 1;
    }
    const dir = unpackRuntime(runtimeRoot(process.env), manifest, new Uint8Array(sea.getRawAsset('payload')));
    useResourceRoot(dir);
    useNativeRoot(path.join(dir, 'node_modules'));
  }
  const { runCli } = await import('../cli/cli.js');
  return runCli(argv);
}

main().then(
  (code) => {
    // The server listens: server/binary/binary.start.ts may write its code cache now, before the first request is read.
    if (code === 'serving') (globalThis as Record<symbol, (() => void) | undefined>)[SERVING]?.();
    // Whatever a failed start left open (a timer, the database) must not keep the process alive.
    else process.exit(code);
  },
  (err: unknown) => {
    console.error(err instanceof UnpackError ? err.message : err);
    process.exit(1);
  },
);
