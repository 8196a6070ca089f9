import { eq, inArray, sql } from 'drizzle-orm';
import type { GoalStatus } from '../../../shared/goals.js';
import type { Db } from '../../db/connection.js';
import { newId, nowIso } from '../../lib/tokens.js';
import { goalCheckIns, goalCheckInValues, goalKeyResults } from './goals.tables.js';

/** Check-ins: the SQL of goals.check-ins.ts (docs/decisions/0049). */

export type CheckInRow = typeof goalCheckIns.$inferSelect;
export type CheckInChange = { check_in_id: string; key_result_id: string; title: string; before: number; after: number };

/** The newest `first` check-ins of each goal, newest first (one statement for any number of goals). */
export function listCheckInsOfGoals(db: Db, goalIds: readonly string[], first: number): CheckInRow[] {
  if (!goalIds.length) return [];
  const ids = JSON.stringify([...goalIds]);
  return db.all<CheckInRow>(sql`select id, organization_id, goal_id, author_id, comment, confidence, status, progress, created_at from (
      select c.*, row_number() over (partition by c.goal_id order by c.created_at desc, c.rowid desc) as rn
      from goal_check_ins c where c.goal_id in (select value from json_each(${ids}))
    ) where rn <= ${first} order by goal_id, rn`);
}

/** The key-result values each check-in set, in the key results' order. */
export function listChangesOfCheckIns(db: Db, checkInIds: readonly string[]): CheckInChange[] {
  if (!checkInIds.length) return [];
  return db
    .select({
      check_in_id: goalCheckInValues.check_in_id,
      key_result_id: goalCheckInValues.key_result_id,
      title: goalKeyResults.title,
      before: goalCheckInValues.before_value,
      after: goalCheckInValues.after_value,
    })
    .from(goalCheckInValues)
    .innerJoin(goalKeyResults, eq(goalKeyResults.id, goalCheckInValues.key_result_id))
    .where(inArray(goalCheckInValues.check_in_id, [...checkInIds]))
    .orderBy(goalKeyResults.position)
    .all();
}

export function setKeyResultValue(db: Db, keyResultId: string, value: number): void {
  db.update(goalKeyResults).set({ current_value: value, updated_at: nowIso() }).where(eq(goalKeyResults.id, keyResultId)).run();
}

export function insertCheckIn(
  db: Db,
  values: {
    organization_id: string;
    goal_id: string;
    author_id: string;
    comment: string;
    confidence: number | null;
    status: GoalStatus;
    progress: number;
    created_at: string;
    changes: Array<{ key_result_id: string; before: number; after: number }>;
  },
): CheckInRow {
  const { changes, ...row } = values;
  const saved = db
    .insert(goalCheckIns)
    .values({ id: newId(), ...row })
    .returning()
    .get();
  if (changes.length) {
    db.insert(goalCheckInValues)
      .values(
        changes.map((c) => ({
          check_in_id: saved.id,
          key_result_id: c.key_result_id,
          organization_id: row.organization_id,
          before_value: c.before,
          after_value: c.after,
        })),
      )
      .run();
  }
  return saved;
}
