import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { users } from '../users/users.repo.js';
import { massCreationBatches } from './mass-creation.tables.js';

export type BatchListRow = {
  id: string;
  status: 'running' | 'done' | 'failed' | 'rolled_back' | 'interrupted';
  dry_run: boolean;
  total: number;
  created: number;
  created_at: string;
  finished_at: string | null;
  created_by_name: string | null;
};

/**
 * On start: batches still `running` belong to a process that stopped or was killed mid-import
 * (one process runs imports). Their users and teams were written in one transaction that never
 * committed, so nothing of them exists; the batch becomes `interrupted`. Returns the batches marked.
 */
export function markRunningBatchesInterrupted(db: Db, now: string): Array<{ id: string; organization_id: string; total: number }> {
  return db
    .update(massCreationBatches)
    .set({ status: 'interrupted', created: 0, finished_at: now })
    .where(eq(massCreationBatches.status, 'running'))
    .returning({ id: massCreationBatches.id, organization_id: massCreationBatches.organization_id, total: massCreationBatches.total })
    .all();
}

/** The organization's latest import batches, newest first, with who started each. */
export function listRecentBatches(db: Db, orgId: string, limit: number): BatchListRow[] {
  return db
    .select({
      id: massCreationBatches.id,
      status: massCreationBatches.status,
      dry_run: massCreationBatches.dry_run,
      total: massCreationBatches.total,
      created: massCreationBatches.created,
      created_at: massCreationBatches.created_at,
      finished_at: massCreationBatches.finished_at,
      created_by_name: users.full_name,
    })
    .from(massCreationBatches)
    .leftJoin(users, and(eq(users.id, massCreationBatches.created_by), eq(users.organization_id, orgId)))
    .where(eq(massCreationBatches.organization_id, orgId))
    .orderBy(desc(massCreationBatches.created_at), desc(massCreationBatches.id))
    .limit(limit)
    .all();
}
