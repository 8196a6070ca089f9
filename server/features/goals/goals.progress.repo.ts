import { and, eq, ne } from 'drizzle-orm';
import { goalProgress, type GoalStatus } from '../../../shared/goals.js';
import type { Db } from '../../db/connection.js';
import { goalKeyResults, goals } from './goals.tables.js';

/**
 * Recomputes the stored progress of a goal and then of each goal above it (shared/goals.ts
 * goalProgress), inside the caller's transaction: O(depth) small reads, so a check-in on a
 * personal goal moves its team goal and the company goal it aligns to at once.
 * Returns the goals whose progress changed, bottom up (for notifications).
 */
export function recomputeGoalProgress(db: Db, goalId: string): Array<{ id: string; before: number; after: number }> {
  const changed: Array<{ id: string; before: number; after: number }> = [];
  const seen = new Set<string>();
  let id: string | null = goalId;
  while (id && !seen.has(id)) {
    seen.add(id);
    const goal: { status: GoalStatus; progress: number; parent_id: string | null } | undefined = db
      .select({ status: goals.status, progress: goals.progress, parent_id: goals.parent_id })
      .from(goals)
      .where(eq(goals.id, id))
      .get();
    if (!goal) break;
    const krs = db
      .select({
        kind: goalKeyResults.kind,
        start_value: goalKeyResults.start_value,
        target_value: goalKeyResults.target_value,
        current_value: goalKeyResults.current_value,
        weight: goalKeyResults.weight,
      })
      .from(goalKeyResults)
      .where(eq(goalKeyResults.goal_id, id))
      .all();
    const children = db
      .select({ status: goals.status, progress: goals.progress })
      .from(goals)
      .where(and(eq(goals.parent_id, id), ne(goals.id, id)))
      .all();
    const after = goalProgress(goal.status, krs, children);
    if (after !== goal.progress) {
      db.update(goals).set({ progress: after }).where(eq(goals.id, id)).run();
      changed.push({ id, before: goal.progress, after });
    }
    id = goal.parent_id;
  }
  return changed;
}
