import fs from 'node:fs';

/**
 * The data directory holds the database, its WAL, keys, pictures and backups: readable by the
 * server's own account only (docs/decisions/0044). Folders 0700, files 0600.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** For processes that write into the data directory (server, backup): files and folders they create are private by default. */
export function usePrivateUmask(): void {
  process.umask(0o077);
}

/**
 * Creates the data directory (and missing parents) with mode 0700. A directory that already exists
 * is the operator's (a mounted volume, a shared parent): it is left as it is, and a warning is returned
 * when other local accounts can read or enter it.
 */
export function ensurePrivateDataDir(dataDir: string): string | null {
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const mode = fs.statSync(dataDir).mode & 0o777;
  if (mode & 0o077) return `The data directory ${dataDir} is readable by other local accounts (mode ${mode.toString(8)}); run: chmod 700 ${dataDir}`;
  return null;
}

/** Creates `file` empty with mode 0600 when missing; an existing one of ours that others can read is narrowed to 0600. */
export function ensurePrivateFile(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_WRONLY, PRIVATE_FILE_MODE));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    narrowToPrivate(file);
  }
}

/** Narrows an existing file or folder to owner-only (0600 / 0700) when group or others have access; missing files are skipped. */
export function narrowToPrivate(file: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if ((stat.mode & 0o077) === 0) return;
  fs.chmodSync(file, stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
}
