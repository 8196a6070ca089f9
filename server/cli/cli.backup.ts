import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { backupDatabase, backupName, DATABASE_FILE, pruneBackups } from '../db/backup.js';
import { restoreDatabase, RestoreRefused } from '../db/restore.js';
import { usePrivateUmask } from '../db/private-files.js';
import { migrationsDir } from '../lib/paths.js';
import { fail } from '../lib/command.js';

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * `teamlens backup [file]` (`npm run backup`): a consistent, checked copy of the database, safe
 * while the server runs. Without a file it goes to BACKUP_DIR like the scheduled ones and counts
 * towards BACKUP_KEEP.
 */
export async function backupCommand(argv: string[]): Promise<number> {
  if (argv.length > 1 || argv.some((a) => a.startsWith('-'))) return fail('Usage: teamlens backup [file]');
  // A copy of the database is as private as the database (docs/decisions/0044).
  usePrivateUmask();
  const config = loadConfig();
  const source = path.join(config.dataDir, DATABASE_FILE);
  if (!fs.existsSync(source)) return fail(`No database at ${source}: nothing to back up (start Teamlens once first, or set DATA_DIR).`);
  const target = path.resolve(argv[0] ?? path.join(config.backupDir, backupName(new Date())));
  try {
    const made = await backupDatabase(source, target);
    console.log(`Backed up ${source} to ${made.file} (${mib(made.size)}, integrity ok).`);
  } catch (err) {
    return fail(`The backup failed: ${(err as Error).message}`);
  }
  if (!argv[0])
    for (const name of pruneBackups(config.backupDir, config.backupKeep)) console.log(`Deleted the old backup ${name} (BACKUP_KEEP=${config.backupKeep}).`);
  return 0;
}

/** `teamlens restore <file>`: see server/db/restore.ts. */
export async function restoreCommand(argv: string[]): Promise<number> {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) return fail('Usage: teamlens restore <backup file>   (stop the server first)');
  usePrivateUmask();
  const config = loadConfig();
  try {
    const result = await restoreDatabase(config.dataDir, argv[0]!, migrationsDir());
    console.log(`Restored ${path.resolve(argv[0]!)} as ${result.database} (integrity checked).`);
    if (result.previous) console.log(`The previous database is kept as ${result.previous}.`);
    console.log(
      'Start Teamlens now: a backup from an older version is brought up to date on start. Pictures (DATA_DIR/media) and keys are not part of a database backup.',
    );
    return 0;
  } catch (err) {
    if (err instanceof RestoreRefused) return fail(`Not restored: ${err.message}`);
    return fail(`The restore failed: ${(err as Error).message}. The database was not replaced.`);
  }
}
