import vm from 'node:vm';

/** The executable's assets (scripts/binary/build-binary.mjs). */
type Sea = { getRawAsset(key: string): ArrayBuffer };

const loaded = new Map<string, { exports: unknown }>();

/**
 * A package the single executable carries as a script of its own (scripts/binary/lazy-packages.mjs:
 * what a start does not need), compiled and run on its first require; the server script's
 * requires of it become calls of this (scripts/binary/esbuild-native.mjs). Its script holds what
 * it imports, so it needs the executable's require for built-in modules only.
 */
export function loadPackage(name: string): unknown {
  let module = loaded.get(name);
  if (!module) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the executable's require serves built-in modules only
    const sea = require('node:sea') as Sea;
    const source = Buffer.from(sea.getRawAsset(`package:${name}`)).toString('utf8');
    const run = new vm.Script(source, { filename: `teamlens-${name.replace('/', '-')}.cjs` }).runInThisContext() as (...args: unknown[]) => void;
    module = { exports: {} };
    run(module.exports, require, module, `teamlens-${name}.cjs`, '.');
    loaded.set(name, module);
  }
  return module.exports;
}
