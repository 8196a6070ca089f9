import type { FastifyInstance } from 'fastify';
import { GOAL_CSV_COLUMNS } from '../../../shared/goals.js';
import { newId } from '../../lib/tokens.js';
import { recomputeGoalProgress } from './goals.progress.repo.js';
import { goalKeyResults, goals } from './goals.tables.js';

/**
 * The goals objects of the authorization matrix (server/graphql/authorization-matrix.fixtures.ts,
 * docs/decisions/0041, 0049), written straight into the tables: the subject's personal goal, seen by
 * everyone (SIGNED_IN reads need a goal everyone may read; editing it is the subject's, their
 * manager's and admins'), with one key result, aligned under the team's goal. deleteGoal takes a
 * fresh one.
 */
export function insertMatrixGoal(
  app: FastifyInstance,
  p: { orgId: string; ownerId?: string; teamId?: string; parentId?: string | null },
): { goalId: string; keyResultId: string } {
  const { db } = app.services;
  const goalId = newId();
  const keyResultId = newId();
  db.transaction((tx) => {
    tx.insert(goals)
      .values({
        id: goalId,
        organization_id: p.orgId,
        title: p.teamId ? 'Matrix team goal' : 'Matrix goal',
        owner_kind: p.teamId ? 'TEAM' : 'PERSON',
        owner_user_id: p.teamId ? null : (p.ownerId ?? null),
        owner_team_id: p.teamId ?? null,
        parent_id: p.parentId ?? null,
        visibility: 'EVERYONE',
        start_date: '2026-01-01',
        due_date: '2026-12-31',
      })
      .run();
    tx.insert(goalKeyResults)
      .values({
        id: keyResultId,
        organization_id: p.orgId,
        goal_id: goalId,
        title: 'Matrix key result',
        kind: 'NUMBER',
        start_value: 0,
        target_value: 10,
        current_value: 2,
      })
      .run();
    recomputeGoalProgress(tx as never, goalId);
  });
  return { goalId, keyResultId };
}

export function seedGoalsObjects(app: FastifyInstance, p: { orgId: string; teamId: string; subjectId: string }) {
  const team = insertMatrixGoal(app, { orgId: p.orgId, teamId: p.teamId });
  const own = insertMatrixGoal(app, { orgId: p.orgId, ownerId: p.subjectId, parentId: team.goalId });
  return { goalId: own.goalId, keyResultId: own.keyResultId, teamGoalId: team.goalId };
}

/** A goals file with one company goal (import and preview: about the caller's organization, it names nobody). */
export function matrixGoalsCsv(): string {
  const row: Record<string, string> = {
    goal_ref: 'g1',
    title: 'Imported matrix goal',
    owner_kind: 'COMPANY',
    visibility: 'EVERYONE',
    status: 'ON_TRACK',
    key_result: 'Ship it',
    kr_kind: 'BINARY',
    kr_start: '0',
    kr_target: '1',
    kr_current: '0',
    kr_weight: '1',
  };
  return `${GOAL_CSV_COLUMNS.join(',')}\n${GOAL_CSV_COLUMNS.map((c) => row[c] ?? '').join(',')}\n`;
}
