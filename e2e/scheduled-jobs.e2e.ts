import path from 'node:path';
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { E2E_ADMIN, readDatabase } from './server.js';
import { horizontalOverflow, seriousA11yViolations, signIn, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

/** Puts a dead job of the admin's organization in the running server's database (as a failed reminder would leave it). */
async function insertDeadJob(dataDir: string): Promise<string> {
  const orgId = await readDatabase(
    dataDir,
    (db) => (db.prepare('SELECT organization_id FROM users WHERE email = ?').get(E2E_ADMIN.email) as { organization_id: string }).organization_id,
  );
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(dataDir, 'teamlens.db'));
  const id = crypto.randomUUID();
  const long = 'cycle-0f5a1c2e-7d6b-4b8e-9a51-3c2d1e0f9a8b:request-5b7c9d1e-2f3a-4b5c-8d9e-0a1b2c3d4e5f:2026-11-25';
  db.prepare(
    `INSERT INTO jobs (id, organization_id, kind, unique_key, payload, status, attempts, max_attempts, run_at, last_error, created_at, finished_at)
    VALUES (?, ?, 'reviews.reminder', ?, '{}', 'dead', 5, 5, ?, 'No handler answered: the mail server refused the connection (ECONNREFUSED 127.0.0.1:25)', ?, ?)`,
  ).run(id, orgId, long, '2026-11-23T09:00:00.000Z', '2026-11-23T08:00:00.000Z', '2026-11-23T09:00:01.000Z');
  db.close();
  return id;
}

it('admins see scheduled jobs on the settings overview, small and wide, and can retry a dead one', async () => {
  const id = await insertDeadJob(e2e.server.dataDir);
  const page = await e2e.browser.newPage();
  await signIn(page, e2e.server.url, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${e2e.server.url}/admin/settings`);
    const table = page.getByRole('table', { name: 'Scheduled jobs' });
    await table.waitFor();
    expect(await table.textContent()).toContain('Gave up');
    expect(await horizontalOverflow(page), `overflow at ${width}px`).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page), `/admin/settings at ${width}px`).toEqual([]);
  }
  await page.getByRole('button', { name: /^Retry reviews\.reminder/ }).click();
  await page.getByText('The job will run again with all its attempts.').waitFor();
  // No handler for reviews.reminder is registered in this build, so the job waits.
  await page.getByLabel('Show').selectOption('QUEUED');
  await expect.poll(async () => page.getByRole('table', { name: 'Scheduled jobs' }).textContent()).toContain('0 of 5');
  const status = await readDatabase(e2e.server.dataDir, (db) => (db.prepare('SELECT status FROM jobs WHERE id = ?').get(id) as { status: string }).status);
  expect(status).toBe('queued');
  await page.close();
});
