import fs from 'node:fs';
import { ErrorCode, STORAGE_MESSAGES, type StorageCause } from '../../shared/errors.js';

/**
 * A failure of the server's storage, classified once here for every caller: the GraphQL error
 * formatter, the REST error handlers, sign-in, the job scheduler, start-up and the health
 * check (docs/decisions/0058).
 */
export type StorageFailure = {
  /** What clients get: GraphQL `extensions.code`, a REST answer's `error`. */
  code: typeof ErrorCode.STORAGE_FULL | typeof ErrorCode.STORAGE_UNAVAILABLE;
  cause: StorageCause;
  /** The driver's or the system's own code (SQLITE_FULL, SQLITE_IOERR_WRITE, ENOSPC...), for the operator. */
  raw: string;
  /** For people using the app (shared/errors.ts). */
  message: string;
};

/** SQLite result codes (extended codes too: SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED...) by what they mean. */
const SQLITE_CAUSES: ReadonlyArray<[string, StorageCause]> = [
  ['SQLITE_FULL', 'full'],
  ['SQLITE_IOERR', 'io'],
  ['SQLITE_READONLY', 'read_only'],
  ['SQLITE_CANTOPEN', 'cant_open'],
  ['SQLITE_CORRUPT', 'corrupt'],
  ['SQLITE_NOTADB', 'corrupt'],
];

/** Errors of the file system calls the server makes itself (keys, pictures): only those that are about storage by nature. */
const ERRNO_CAUSES: Readonly<Record<string, StorageCause>> = { ENOSPC: 'full', EDQUOT: 'full', EROFS: 'read_only', EIO: 'io' };

function causeOfCode(code: unknown): StorageCause | null {
  if (typeof code !== 'string') return null;
  for (const [prefix, cause] of SQLITE_CAUSES) if (code === prefix || code.startsWith(`${prefix}_`)) return cause;
  return ERRNO_CAUSES[code] ?? null;
}

/** Below this many bytes free for the server's account, a file system counts as full. */
export const FULL_BELOW_BYTES = 64 * 1024;

/** Whether the file system of `dir` has (almost) no space left for the server's account; false when that cannot be told. */
function isOutOfSpace(dir: string): boolean {
  try {
    const stats = fs.statfsSync(dir);
    return stats.bavail * stats.bsize < FULL_BELOW_BYTES;
  } catch {
    return false;
  }
}

/**
 * The storage failure behind `err`, or null when it is something else. Looks through wrappers:
 * GraphQL's `originalError` and `cause`, a few levels deep. With `dataDir`, an I/O error on a file
 * system that has no space left counts as full: SQLite reports a full disk as SQLITE_IOERR_SHMSIZE
 * when it cannot make its -shm file, as on a start with the disk already full.
 */
export function classifyStorageError(err: unknown, dataDir?: string): StorageFailure | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { code } = current as { code?: unknown };
    let cause = causeOfCode(code);
    if (cause === 'io' && dataDir !== undefined && isOutOfSpace(dataDir)) cause = 'full';
    if (cause) {
      return { code: cause === 'full' ? ErrorCode.STORAGE_FULL : ErrorCode.STORAGE_UNAVAILABLE, cause, raw: code as string, message: STORAGE_MESSAGES[cause] };
    }
    const wrapper = current as { originalError?: unknown; cause?: unknown };
    current = wrapper.originalError ?? wrapper.cause;
  }
  return null;
}

/** What the operator is told (the log line, the line printed when the server cannot start): where, what, what to do. */
export function describeForOperator(failure: StorageFailure, dataDir: string): string {
  const what = `(${failure.raw})`;
  switch (failure.cause) {
    case 'full':
      return `the disk that holds the data directory ${dataDir} is full ${what}: nothing can be saved until space is freed there`;
    case 'io':
      return `reading or writing the database in ${dataDir} failed ${what}: check the disk and the file system (dmesg)`;
    case 'read_only':
      return `the database in ${dataDir} cannot be written ${what}: check that the file system is mounted read-write and that the service's user owns the directory and its files`;
    case 'cant_open':
      return `the database in ${dataDir} cannot be opened ${what}: check that the directory exists and that the service's user can write to it`;
    case 'corrupt':
      return `the database in ${dataDir} is damaged ${what}: stop the server and restore the latest backup (README, Back up and restore)`;
  }
}
