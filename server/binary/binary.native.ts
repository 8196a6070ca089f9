import os from 'node:os';
import path from 'node:path';
import { UnpackError } from './binary.unpack.js';

let nativeRoot: string | undefined;

/** Where the unpacked native libraries are (RUNTIME_DIR/<build>/node_modules). */
export function useNativeRoot(dir: string): void {
  nativeRoot = dir;
}

/**
 * Loads a native addon that the single executable carries (scripts/binary/esbuild-native.mjs turns
 * each `require` of a .node file into a call of this): the executable's own `require` serves built-in
 * modules only, so addons are loaded from the unpacked copy with process.dlopen. sharp's addon finds
 * libvips beside it through its RPATH, kept by the unpacked layout.
 */
export function loadNative(relative: string): unknown {
  if (!nativeRoot) throw new Error(`native module ${relative} loaded before the runtime was unpacked`);
  const file = path.join(nativeRoot, relative);
  const module = { exports: {} as unknown };
  try {
    process.dlopen(module, file, os.constants.dlopen.RTLD_NOW);
  } catch (err) {
    const message = (err as Error).message;
    if (/failed to map segment|operation not permitted/i.test(message)) {
      throw new UnpackError(
        `Teamlens cannot load ${file}: the file system of RUNTIME_DIR does not allow running programs (noexec?). Set RUNTIME_DIR to a directory on another file system. (${message})`,
      );
    }
    if (/GLIBC|GLIBCXX/.test(message)) {
      throw new UnpackError(
        `Teamlens cannot load ${file}: this system's C library is too old (${message}). See the README, Download and run, for the systems it runs on.`,
      );
    }
    throw err;
  }
  return module.exports;
}
