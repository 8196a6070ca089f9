import type { MercuriusContext } from 'mercurius';
import { badInput } from '../../../shared/app-error.js';
import { checkInInputSchema, GOAL_STATUS_LABELS, type CheckInInput } from '../../../shared/goals.js';
import { requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import { nowIso } from '../../lib/tokens.js';
import type { Services } from '../../services.js';
import type { Viewer } from '../auth/viewer.js';
import type { FeaturePart } from '../feature-part.js';
import { notify } from '../notifications/notifications.deliver.js';
import { findUsersByIds } from '../users/users.repo.js';
import { insertCheckIn, setKeyResultValue } from './goals.check-ins.repo.js';
import { everyAdminReadsGoals, findGoalInOrg, listKeyResultsOfGoals, updateGoalRow, type GoalRow } from './goals.crud.repo.js';
import { editableGoalOrThrow, notifyStatusChange } from './goals.crud.js';
import { recomputeGoalProgress } from './goals.progress.repo.js';
import { formatPercent } from '../../../shared/format.js';

type Ctx = MercuriusContext;

const valueError = (i: number, message: string) => badInput(`values.${i}.value: ${message}`, { fields: { [`values.${i}.value`]: message } });

/**
 * A check-in (docs/decisions/0049): new values for the goal's key results, a comment, a confidence
 * and optionally a status, by anyone who may edit the goal. In one transaction: the values, the
 * goal's status and last check-in, the progress of the goal and every goal above it, and the
 * check-in row (with the values before and after, and the goal's progress after).
 */
export function checkInGoal(services: Services, viewer: Viewer, raw: CheckInInput): GoalRow {
  const { db } = services;
  // GraphQL sends null for a field left empty: the schema's defaults (no values, no comment) apply.
  const given: Record<string, unknown> = { ...(raw ?? {}) };
  for (const k of ['values', 'comment']) if (given[k] === null) delete given[k];
  const input = parseInput(checkInInputSchema, given);
  const { before, saved } = db.transaction(
    () => {
      const goal = editableGoalOrThrow(db, viewer, input.goal_id, 'check in on it');
      const krs = new Map(listKeyResultsOfGoals(db, [goal.id]).map((k) => [k.id, k]));
      const seen = new Set<string>();
      const changes = input.values.map((v, i) => {
        const kr = krs.get(v.key_result_id);
        if (!kr)
          throw badInput(`values.${i}.key_result_id: This key result is not one of the goal's.`, {
            fields: { [`values.${i}.key_result_id`]: "This key result is not one of the goal's." },
          });
        if (seen.has(kr.id))
          throw badInput(`values.${i}.key_result_id: A key result appears twice.`, {
            fields: { [`values.${i}.key_result_id`]: 'A key result appears twice.' },
          });
        seen.add(kr.id);
        if (kr.kind === 'BINARY' && v.value !== 0 && v.value !== 1) throw valueError(i, 'Done (1) or not done (0).');
        if (kr.kind === 'PERCENTAGE' && (v.value < 0 || v.value > 100)) throw valueError(i, 'A percentage runs from 0 to 100.');
        return { key_result_id: kr.id, before: kr.current_value, after: v.value };
      });
      for (const c of changes) setKeyResultValue(db, c.key_result_id, c.after);
      const at = nowIso();
      const status = input.status ?? goal.status;
      updateGoalRow(db, goal.id, { status, last_check_in_at: at });
      recomputeGoalProgress(db, goal.id);
      const saved = findGoalInOrg(db, goal.organization_id, goal.id)!;
      insertCheckIn(db, {
        organization_id: goal.organization_id,
        goal_id: goal.id,
        author_id: viewer.userId,
        comment: input.comment,
        confidence: input.confidence ?? null,
        status,
        progress: saved.progress,
        created_at: at,
        changes,
      });
      return { before: goal, saved };
    },
    { behavior: 'immediate' },
  );
  notifyStatusChange(services, viewer, saved, before.status, saved.status);
  notifyOwnerOfCheckIn(services, viewer, saved);
  return saved;
}

/** Someone other than the owner checked in on a PERSON goal: the owner hears of it (they read their own goal). */
function notifyOwnerOfCheckIn(services: Services, actor: Viewer, goal: GoalRow): void {
  if (goal.owner_kind !== 'PERSON' || !goal.owner_user_id || goal.owner_user_id === actor.userId) return;
  const author = findUsersByIds(services.db, goal.organization_id, [actor.userId])[0]?.full_name ?? 'A colleague';
  // Who checked in on which goal is the goal's readers' to know: the body says it, the title (a Slack channel reads it) does not.
  void notify(services, {
    organizationId: goal.organization_id,
    userIds: [goal.owner_user_id],
    kind: 'goal_updates',
    private: !everyAdminReadsGoals(services.db, goal.organization_id, [goal.id]),
    title: 'A colleague checked in on your goal',
    body: `${author} checked in on "${goal.title}": ${formatPercent(goal.progress)} (${GOAL_STATUS_LABELS[goal.status]}).`,
    link: `/goals/my-goals/${goal.id}`,
  });
}

const goalsCheckInsResolvers = {
  Mutation: {
    checkInGoal: (_: unknown, args: { input: CheckInInput }, ctx: Ctx) => checkInGoal(ctx.services, requireViewer(ctx), args.input),
  },
};

export const goalsCheckInsPart: FeaturePart = { resolvers: goalsCheckInsResolvers };
