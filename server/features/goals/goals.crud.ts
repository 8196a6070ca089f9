import type { MercuriusContext } from 'mercurius';
import { badInput, forbidden, notFound } from '../../../shared/app-error.js';
import { completionStatus } from '../../../shared/completion.js';
import {
  expectedProgress,
  GOAL_STATUS_LABELS,
  goalInputSchema,
  goalUpdateSchema,
  keyResultProgress,
  type GoalInput,
  type GoalKind,
  type GoalStatus,
  type GoalUpdate,
} from '../../../shared/goals.js';
import type { Db } from '../../db/connection.js';
import { requireViewer } from '../../graphql/context.js';
import { groupBy, indexBy } from '../../graphql/loaders.js';
import { parseInput } from '../../lib/parse.js';
import type { Services } from '../../services.js';
import type { Viewer } from '../auth/viewer.js';
import { featureAreaOnFor } from '../feature-areas/feature-areas.guard.js';
import type { FeaturePart } from '../feature-part.js';
import { notify } from '../notifications/notifications.deliver.js';
import { findTeamsByIds } from '../teams/teams.repo.js';
import { findUsersByIds } from '../users/users.repo.js';
import { loadTeam, loadUser } from '../users/users.loaders.js';
import { listChangesOfCheckIns, listCheckInsOfGoals, type CheckInChange, type CheckInRow } from './goals.check-ins.repo.js';
import {
  countChildren,
  deleteGoalRow,
  editableGoalIds,
  everyAdminReadsGoals,
  findGoalInOrg,
  findGoalsByIds,
  findReadableGoal,
  insertGoalRow,
  listKeyResultsOfGoals,
  listPersonGoals,
  listReadableChildren,
  listReadablePersonGoalsOf,
  readableGoalIds,
  replaceKeyResults,
  updateGoalRow,
  type GoalRow,
  type GoalValues,
  type KeyResultRow,
} from './goals.crud.repo.js';
import { checkAlignment, checkCompetency, checkNewGoalOwner } from './goals.policy.js';
import { recomputeGoalProgress } from './goals.progress.repo.js';
import { isBelowViewer } from './goals.visibility.repo.js';

import { todayIn, UTC } from '../../../shared/dates.js';

type Ctx = MercuriusContext;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Progress in whole percent (rounded down) with its completion band. */
export const goalBand = (progress: number) => {
  const s = completionStatus(Math.max(0, progress), 100);
  return { percent: s.percent ?? 0, band: s.band };
};

// ---------------------------------------------------------------------------------------------
// Loaders: one statement per field per query level.

export function loadReadableGoal(ctx: Ctx, id: string | null): Promise<GoalRow | null> | null {
  if (!id) return null;
  const viewer = requireViewer(ctx);
  return ctx.loaders
    .get<GoalRow | null>(
      'goals.readable',
      (ids) => {
        const readable = readableGoalIds(ctx.services.db, viewer, ids);
        return indexBy(findGoalsByIds(ctx.services.db, viewer.organizationId, [...readable]), (g) => g.id);
      },
      null,
    )
    .load(id);
}

export function loadKeyResults(ctx: Ctx, goalId: string): Promise<KeyResultRow[]> {
  return ctx.loaders.get<KeyResultRow[]>('goals.keyResults', (ids) => groupBy(listKeyResultsOfGoals(ctx.services.db, ids), (k) => k.goal_id), []).load(goalId);
}

const CHECK_INS_DEFAULT = 20;
const CHECK_INS_MAX = 500;

const goalFields = {
  Goal: {
    owner: (g: GoalRow, _: unknown, ctx: Ctx) => loadUser(ctx, g.owner_user_id),
    team: (g: GoalRow, _: unknown, ctx: Ctx) => loadTeam(ctx, g.owner_team_id),
    parent: (g: GoalRow, _: unknown, ctx: Ctx) => loadReadableGoal(ctx, g.parent_id),
    parent_hidden: async (g: GoalRow, _: unknown, ctx: Ctx) => !!g.parent_id && !(await loadReadableGoal(ctx, g.parent_id)),
    children: (g: GoalRow, _: unknown, ctx: Ctx) =>
      ctx.loaders
        .get<GoalRow[]>('goals.children', (ids) => groupBy(listReadableChildren(ctx.services.db, requireViewer(ctx), ids), (c) => c.parent_id), [])
        .load(g.id),
    child_count: (g: GoalRow, _: unknown, ctx: Ctx) => ctx.loaders.get<number>('goals.childCount', (ids) => countChildren(ctx.services.db, ids), 0).load(g.id),
    band: (g: GoalRow) => goalBand(g.progress),
    expected_progress: (g: GoalRow, _: unknown, ctx: Ctx) => expectedProgress(g, todayIn(UTC, ctx.services.scheduler.now())),
    key_results: (g: GoalRow, _: unknown, ctx: Ctx) => loadKeyResults(ctx, g.id),
    check_ins: (g: GoalRow, args: { first?: number | null }, ctx: Ctx) => {
      const first = Math.max(0, Math.min(CHECK_INS_MAX, args.first ?? CHECK_INS_DEFAULT));
      return ctx.loaders
        .get<CheckInRow[]>(`goals.checkIns.${first}`, (ids) => groupBy(listCheckInsOfGoals(ctx.services.db, ids, first), (c) => c.goal_id), [])
        .load(g.id);
    },
    can_edit: (g: GoalRow, _: unknown, ctx: Ctx) =>
      ctx.loaders
        .get<boolean>(
          'goals.editable',
          (ids) => {
            const editable = editableGoalIds(ctx.services.db, requireViewer(ctx), ids);
            return new Map(ids.map((id) => [id, editable.has(id)]));
          },
          false,
        )
        .load(g.id),
    created_by: (g: GoalRow, _: unknown, ctx: Ctx) => loadUser(ctx, g.created_by),
  },
  KeyResult: {
    progress: (k: KeyResultRow) => round1(keyResultProgress(k)),
  },
  GoalCheckIn: {
    author: (c: CheckInRow, _: unknown, ctx: Ctx) => loadUser(ctx, c.author_id),
    changes: (c: CheckInRow, _: unknown, ctx: Ctx) =>
      ctx.loaders
        .get<CheckInChange[]>('goals.checkInChanges', (ids) => groupBy(listChangesOfCheckIns(ctx.services.db, ids), (v) => v.check_in_id), [])
        .load(c.id),
  },
};

// ---------------------------------------------------------------------------------------------
// Access to one goal.

/** The goal to change: NOT_FOUND when the viewer cannot read it, FORBIDDEN when they read but may not edit it. */
export function editableGoalOrThrow(db: Db, viewer: Viewer, id: string, action: string): GoalRow {
  const goal = findReadableGoal(db, viewer, id);
  if (!goal) throw notFound('Goal');
  if (!editableGoalIds(db, viewer, [id]).has(id))
    throw forbidden(`You can see this goal but not ${action}: its owner, their managers, the team's manager or lead and admins can.`);
  return goal;
}

// ---------------------------------------------------------------------------------------------
// Notifications (kind goal_updates).

const viewerOf = (u: { id: string; organization_id: string; permission_level: Viewer['permissionLevel']; email: string }): Viewer => ({
  userId: u.id,
  organizationId: u.organization_id,
  permissionLevel: u.permission_level,
  email: u.email,
  sessionId: '',
});

/** The people who own a goal: its PERSON owner, or its TEAM's manager and lead (COMPANY goals: nobody). */
function ownersOf(db: Db, goal: GoalRow): string[] {
  if (goal.owner_kind === 'PERSON') return goal.owner_user_id ? [goal.owner_user_id] : [];
  if (goal.owner_kind === 'TEAM' && goal.owner_team_id) {
    const team = findTeamsByIds(db, goal.organization_id, [goal.owner_team_id])[0];
    return [...new Set([team?.manager_id, team?.team_lead_id].filter((id): id is string => !!id))];
  }
  return [];
}

/**
 * A goal changed status: the owners of the goal it is aligned under hear of it, never the person who
 * changed it. The title of the changed goal is only named to a recipient who can read it.
 */
export function notifyStatusChange(services: Services, actor: Viewer, goal: GoalRow, before: GoalStatus, after: GoalStatus): void {
  if (before === after || !goal.parent_id) return;
  const { db } = services;
  const parent = findGoalInOrg(db, goal.organization_id, goal.parent_id);
  if (!parent) return;
  const recipients = ownersOf(db, parent).filter((id) => id !== actor.userId);
  if (!recipients.length) return;
  const people = findUsersByIds(db, goal.organization_id, recipients).filter((u) => u.status !== 'DEACTIVATED');
  // A goal admins cannot read: not even its new status reaches the mail (the admins' outbox), docs/decisions/0055.
  const open = everyAdminReadsGoals(db, goal.organization_id, [goal.id, parent.id]);
  for (const person of people) {
    const named = readableGoalIds(db, viewerOf(person), [goal.id]).has(goal.id);
    const parentNamed = readableGoalIds(db, viewerOf(person), [parent.id]).has(parent.id);
    const what = named ? `"${goal.title}"` : 'A goal you cannot open';
    const under = parentNamed ? `, aligned to "${parent.title}",` : '';
    // The title goes to Slack too (a whole channel): no goal titles there, only in the body.
    void notify(services, {
      organizationId: goal.organization_id,
      userIds: [person.id],
      kind: 'goal_updates',
      private: !open,
      title: open ? `A goal aligned to yours is now ${GOAL_STATUS_LABELS[after]}` : 'A goal aligned to yours changed status',
      body: `${what}${under} changed from ${GOAL_STATUS_LABELS[before]} to ${GOAL_STATUS_LABELS[after]}.`,
      link: `/goals/my-goals/${named ? goal.id : parent.id}`,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Mutations.

type KrInput = NonNullable<ReturnType<typeof goalInputSchema.parse>['key_results']>[number];

/** Key-result ids named in an update must belong to the goal. */
function checkKeyResultIds(db: Db, goalId: string, list: readonly KrInput[]): void {
  const own = new Set(listKeyResultsOfGoals(db, [goalId]).map((k) => k.id));
  const seen = new Set<string>();
  list.forEach((kr, i) => {
    if (!kr.id) return;
    if (!own.has(kr.id) || seen.has(kr.id)) {
      const message = "This key result is not one of the goal's.";
      throw badInput(`key_results.${i}.id: ${message}`, { fields: { [`key_results.${i}.id`]: message } });
    }
    seen.add(kr.id);
  });
}

/**
 * GraphQL sends null for an optional field the form left empty; the shared schemas read "absent"
 * as "use the default" (description '', status ON_TRACK, start 0, weight 1...), so nulls of those
 * fields are dropped first. Nullable fields that mean something when null (parent_id, dates,
 * competency_id, currency, current_value) are kept.
 */
const DEFAULTED = ['title', 'description', 'kind', 'status', 'visibility', 'key_results'];
const KR_DEFAULTED = ['start_value', 'target_value', 'weight'];
function withoutNulls<T>(raw: T): T {
  if (!raw || typeof raw !== 'object') return raw;
  const out: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const k of DEFAULTED) if (out[k] === null) delete out[k];
  if (Array.isArray(out.key_results)) {
    out.key_results = out.key_results.map((kr) => {
      if (!kr || typeof kr !== 'object') return kr;
      const item: Record<string, unknown> = { ...(kr as Record<string, unknown>) };
      for (const k of KR_DEFAULTED) if (item[k] === null) delete item[k];
      return item;
    });
  }
  return out as T;
}

function growthCompetency(db: Db, viewer: Viewer, kind: GoalKind, competencyId: string | null | undefined): string | null {
  if (kind !== 'GROWTH') return null;
  if (!competencyId)
    throw badInput('competency_id: A growth goal develops a competency: choose one.', {
      fields: { competency_id: 'Choose the competency this goal develops.' },
    });
  checkCompetency(db, viewer, competencyId);
  return competencyId;
}

export function createGoal(services: Services, viewer: Viewer, raw: GoalInput): GoalRow {
  const { db } = services;
  const input = parseInput(goalInputSchema, withoutNulls(raw ?? {}));
  const owner = checkNewGoalOwner(db, viewer, input);
  const competency_id = growthCompetency(db, viewer, input.kind, input.competency_id);
  return db.transaction(
    () => {
      if (input.parent_id) checkAlignment(db, viewer, null, input.parent_id);
      const values: GoalValues = {
        ...owner,
        title: input.title,
        description: input.description,
        parent_id: input.parent_id ?? null,
        kind: input.kind,
        competency_id,
        start_date: input.start_date ?? null,
        due_date: input.due_date ?? null,
        visibility: input.visibility,
        status: input.status,
      };
      const goal = insertGoalRow(db, viewer.organizationId, viewer.userId, values);
      replaceKeyResults(db, viewer.organizationId, goal.id, input.key_results);
      recomputeGoalProgress(db, goal.id);
      return findGoalInOrg(db, viewer.organizationId, goal.id)!;
    },
    { behavior: 'immediate' },
  );
}

export function updateGoal(services: Services, viewer: Viewer, id: string, raw: GoalUpdate): GoalRow {
  const { db } = services;
  const input = parseInput(goalUpdateSchema, withoutNulls(raw ?? {}));
  const { goal, saved } = db.transaction(
    () => {
      const goal = editableGoalOrThrow(db, viewer, id, 'edit it');
      const start = input.start_date !== undefined ? input.start_date : goal.start_date;
      const due = input.due_date !== undefined ? input.due_date : goal.due_date;
      if (start && due && start > due)
        throw badInput('due_date: The due date cannot be before the start date.', { fields: { due_date: 'The due date cannot be before the start date.' } });
      const set: Partial<GoalValues> = {};
      if (input.title !== undefined) set.title = input.title;
      if (input.description !== undefined) set.description = input.description;
      if (input.start_date !== undefined) set.start_date = input.start_date ?? null;
      if (input.due_date !== undefined) set.due_date = input.due_date ?? null;
      if (input.visibility !== undefined) set.visibility = input.visibility;
      if (input.status !== undefined) set.status = input.status;
      if (input.competency_id !== undefined && goal.kind === 'GROWTH') set.competency_id = growthCompetency(db, viewer, 'GROWTH', input.competency_id);
      const oldParent = goal.parent_id;
      const parentChanged = input.parent_id !== undefined && (input.parent_id ?? null) !== oldParent;
      if (parentChanged) {
        if (input.parent_id) checkAlignment(db, viewer, goal.id, input.parent_id);
        set.parent_id = input.parent_id ?? null;
      }
      if (input.key_results) {
        checkKeyResultIds(db, goal.id, input.key_results);
        replaceKeyResults(db, goal.organization_id, goal.id, input.key_results);
      }
      updateGoalRow(db, goal.id, set);
      recomputeGoalProgress(db, goal.id);
      if (parentChanged && oldParent) recomputeGoalProgress(db, oldParent);
      return { goal, saved: findGoalInOrg(db, goal.organization_id, goal.id)! };
    },
    { behavior: 'immediate' },
  );
  notifyStatusChange(services, viewer, saved, goal.status, saved.status);
  return saved;
}

export function deleteGoal(services: Services, viewer: Viewer, id: string): boolean {
  const { db } = services;
  db.transaction(
    () => {
      const goal = editableGoalOrThrow(db, viewer, id, 'delete it');
      deleteGoalRow(db, goal.id);
      if (goal.parent_id) recomputeGoalProgress(db, goal.parent_id);
    },
    { behavior: 'immediate' },
  );
  return true;
}

type MyGoalsArgs = { user_id?: string | null; filter?: { include_closed?: boolean | null; kind?: GoalKind | null } | null };

const goalsCrudResolvers = {
  ...goalFields,
  Query: {
    goal: (_: unknown, args: { id: string }, ctx: Ctx) => {
      const goal = findReadableGoal(ctx.services.db, requireViewer(ctx), args.id);
      if (!goal) throw notFound('Goal');
      return goal;
    },
    myGoals: (_: unknown, args: MyGoalsArgs, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const kind = args.filter?.kind ?? null;
      if (kind && kind !== 'OBJECTIVE' && kind !== 'GROWTH') throw badInput('Unknown goal kind.');
      const ownerId = args.user_id ?? viewer.userId;
      const ownerBelowViewer = ownerId !== viewer.userId && viewer.permissionLevel !== 'ADMIN' && isBelowViewer(ctx.services.db, viewer, ownerId);
      const rows = listPersonGoals(ctx.services.db, viewer, { ownerId, includeClosed: !!args.filter?.include_closed, kind, ownerBelowViewer });
      // Prime the key results of the whole list in one statement.
      if (rows.length) {
        const byGoal = groupBy(
          listKeyResultsOfGoals(
            ctx.services.db,
            rows.map((g) => g.id),
          ),
          (k) => k.goal_id,
        );
        const loader = ctx.loaders.get<KeyResultRow[]>('goals.keyResults', () => new Map(), []);
        for (const g of rows) loader.prime(g.id, byGoal.get(g.id) ?? []);
      }
      return rows;
    },
  },
  Mutation: {
    createGoal: (_: unknown, args: { input: GoalInput }, ctx: Ctx) => createGoal(ctx.services, requireViewer(ctx), args.input),
    updateGoal: (_: unknown, args: { id: string; input: GoalUpdate }, ctx: Ctx) => updateGoal(ctx.services, requireViewer(ctx), args.id, args.input),
    deleteGoal: (_: unknown, args: { id: string }, ctx: Ctx) => deleteGoal(ctx.services, requireViewer(ctx), args.id),
  },
};

export const goalsCrudPart: FeaturePart = { resolvers: goalsCrudResolvers };

/**
 * User.goals: the person's PERSON goals the viewer reads, as { id, due_date } with the due date as
 * a DateTime (midnight UTC) or null; none while the organization has GOALS switched off. One
 * statement per query level (the request's loader).
 */
export function loadUserGoals(ctx: Ctx, userId: string): Promise<Array<{ id: string; due_date: string | null }>> | [] {
  const viewer = requireViewer(ctx);
  if (!featureAreaOnFor(ctx, 'GOALS')) return [];
  return ctx.loaders
    .get<Array<{ id: string; due_date: string | null }>>(
      'goals.ofUsers',
      (ids) => {
        const rows = listReadablePersonGoalsOf(ctx.services.db, viewer, ids);
        return groupBy(
          rows.map((g) => ({ id: g.id, owner_user_id: g.owner_user_id, due_date: g.due_date ? `${g.due_date}T00:00:00.000Z` : null })),
          (g) => g.owner_user_id,
        );
      },
      [],
    )
    .load(userId);
}
