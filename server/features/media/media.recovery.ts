import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection.js';
import { findExistingMediaIds } from './media.files.repo.js';
import { isMediaId } from './media.service.js';

export type MediaSweep = { partialFiles: number; orphanFiles: number };

async function listDir(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Uploads cut off by a stop or a kill leave files and no row: a `*.tmp` half-written by
 * writeAtomically, or a complete original whose row was never inserted (the uploader got no
 * answer, so nothing refers to it). Both are removed; a file whose id has a row is never touched.
 * Runs on start, before the server takes requests, so no upload is in progress.
 */
export async function sweepInterruptedUploads(db: Db, dataDir: string): Promise<MediaSweep> {
  const root = path.join(dataDir, 'media');
  const result: MediaSweep = { partialFiles: 0, orphanFiles: 0 };
  for (const orgId of (await listDir(root)).filter(isMediaId)) {
    const dir = path.join(root, orgId);
    const names = await listDir(dir);
    const idOf = (name: string) => name.slice(0, name.indexOf('.'));
    const existing = findExistingMediaIds(db, names.map(idOf).filter(isMediaId));
    for (const name of names) {
      const partial = name.endsWith('.tmp');
      const orphan = !partial && isMediaId(idOf(name)) && !existing.has(idOf(name));
      if (!partial && !orphan) continue;
      await fs.rm(path.join(dir, name), { force: true });
      if (partial) result.partialFiles += 1;
      else result.orphanFiles += 1;
    }
  }
  return result;
}

/** Registers the sweep of interrupted uploads on start (docs/decisions/0038). */
export async function mediaRecoveryFeature(app: FastifyInstance): Promise<void> {
  app.addHook('onReady', async () => {
    const swept = await sweepInterruptedUploads(app.services.db, app.services.config.dataDir);
    if (swept.partialFiles || swept.orphanFiles) {
      app.log.warn(
        swept,
        `uploads interrupted when the server stopped: removed ${swept.partialFiles} half-written and ${swept.orphanFiles} unsaved picture files`,
      );
    }
  });
}
