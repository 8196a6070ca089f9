import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { appOnDataDir, tempDataDir } from '../../jobs/jobs.test-support.js';
import { createOrganization } from '../org/org.repo.js';
import { newId } from '../../lib/tokens.js';
import { insertMedia } from './media.repo.js';
import { MediaStore } from './media.service.js';

let dataDir: string;
let app: FastifyInstance | undefined;
beforeAll(() => {
  dataDir = tempDataDir();
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const list = (dir: string) => fs.readdirSync(dir).sort();

it('on start, files of uploads a stop cut off (half-written, or saved without their row) are removed; stored pictures and their variants stay', async () => {
  const first = await appOnDataDir(dataDir);
  const org = createOrganization(first.services.db, 'Mediarecovery');
  const kept = newId();
  const orphan = newId();
  const dir = path.join(dataDir, 'media', org.id);
  fs.mkdirSync(dir, { recursive: true });
  // A stored picture: its row and files (original and a cached variant).
  insertMedia(first.services.db, {
    id: kept,
    organization_id: org.id,
    owner_id: null,
    display_name: 'me.png',
    key: MediaStore.keyFor(org.id, kept),
    mime: 'image/webp',
    size: 4,
    width: 1,
    height: 1,
  });
  fs.writeFileSync(path.join(dir, `${kept}.webp`), 'keep');
  fs.writeFileSync(path.join(dir, `${kept}.64.75.jpg`), 'keep');
  // Killed after the original was saved but before its row was inserted, and mid-write of another file.
  fs.writeFileSync(path.join(dir, `${orphan}.webp`), 'orphan');
  fs.writeFileSync(path.join(dir, `${kept}.128.75.jpg.0a1b2c3d4e5f6a7b.tmp`), 'half');
  fs.writeFileSync(path.join(dir, `${orphan}.webp.9f8e7d6c5b4a3f2e.tmp`), 'half');
  await first.close();

  app = await appOnDataDir(dataDir);
  expect(list(dir)).toEqual([`${kept}.64.75.jpg`, `${kept}.webp`].sort());
});
