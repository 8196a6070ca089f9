import fs from 'node:fs';
import path from 'node:path';
import { codeCacheFile, compileServer, readCodeCache, SERVING, writeCodeCache } from './binary.code-cache.js';
import { type Manifest, runtimeRoot, unpackDirName } from './binary.unpack.js';

/** The executable's assets (scripts/binary/build-binary.mjs). */
type Sea = { getAsset(key: string, encoding: string): string; getRawAsset(key: string): ArrayBuffer };

/**
 * The single executable's main script (docs/decisions/0062): compiles the server script it carries
 * (server/binary/binary.main.ts and everything it imports) with a V8 code cache, then runs it. The
 * cache is the one the last start of this build wrote into its unpack folder, else the one the
 * executable carries; when there was none of the first kind, or V8 refused it, one is written once
 * this start serves. Not on the first start of a build (it unpacks, and may seed a demo): the next
 * start, a warm one, writes what a warm start compiles.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the executable's require serves built-in modules only
const sea = require('node:sea') as Sea;
const manifest = JSON.parse(sea.getAsset('manifest', 'utf8')) as Manifest;
const unpacked = path.join(runtimeRoot(process.env), unpackDirName(manifest));
const file = codeCacheFile(unpacked, manifest.script);
const own = readCodeCache(file);
const script = compileServer(sea.getAsset('server', 'utf8'), own ?? Buffer.from(sea.getRawAsset('server-cache')));
if ((!own || script.cachedDataRejected) && fs.existsSync(unpacked)) {
  (globalThis as Record<symbol, () => void>)[SERVING] = () => writeCodeCache(file, script);
}
(script.runInThisContext() as (...args: unknown[]) => void)(exports, require, module, __filename, __dirname);
