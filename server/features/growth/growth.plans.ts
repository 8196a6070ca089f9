import type { MercuriusContext } from 'mercurius';
import { AppError, badInput, forbidden, notFound } from '../../../shared/app-error.js';
import { completionStatus } from '../../../shared/completion.js';
import { developmentActionInputSchema, developmentPlanInputSchema, developmentPlanProgress, GROWTH_LIMITS } from '../../../shared/growth.js';
import { requireViewer } from '../../graphql/context.js';
import { indexBy } from '../../graphql/loaders.js';
import { parseInput } from '../../lib/parse.js';
import type { Viewer } from '../auth/viewer.js';
import type { FeaturePart } from '../feature-part.js';
import { findUserById, type UserRow } from '../users/users.repo.js';
import {
  competenciesByIds,
  countActions,
  deleteAction,
  findAction,
  findCompetencyInOrg,
  findPlacementOf,
  findPlan,
  insertAction,
  listActions,
  touchPlan,
  updateAction,
  upsertPlan,
  type ActionRow,
  type ActionValues,
  type CompetencyRow,
} from './growth.plans.repo.js';
import { growthGoalsOf, readableGrowthGoalsOf } from '../goals/goals.crud.repo.js';
import { canEditPlanOf as canEditPlan, canReadPlanOf } from './growth.access.js';

/**
 * Development plans (docs/decisions/0050): a person's focus, optional mentor, growth goals (goals of
 * kind GROWTH they own, read through goals.visibility.repo.ts) and actions, with the plan's progress.
 *
 * Read: the person, the people they are below (direct manager, team manager or lead, anyone above),
 * admins, and the plan's mentor (read only). Edit (focus, mentor, actions): the person, the people
 * they are below, admins. Another organization's person: NOT_FOUND; anyone else: FORBIDDEN.
 * The progress counts every growth goal of the person (not only those the viewer reads) and every
 * action, so it is the same number on the plan and on team progress.
 */

type Ctx = MercuriusContext;
export type GoalBand = { percent: number; band: string };

export function planBand(percent: number | null): GoalBand | null {
  if (percent === null) return null;
  const status = completionStatus(percent, 100);
  return { percent: status.percent ?? 0, band: status.band };
}

const field = (name: string, message: string) => badInput(message, { fields: { [name]: message } });
const nowAt = (ctx: Ctx) => new Date(ctx.services.scheduler.now()).toISOString();

/** The person of the plan (NOT_FOUND outside the viewer's organization or removed). */
function personOf(ctx: Ctx, viewer: Viewer, userId: string): UserRow {
  const person = findUserById(ctx.services.db, viewer.organizationId, userId);
  if (!person) throw notFound('Person');
  return person;
}

const canEditPlanOf = (ctx: Ctx, viewer: Viewer, userId: string): boolean => canEditPlan(ctx.services.db, viewer, userId);

const EDIT_REFUSED = 'Only the person, their managers and admins can change a development plan.';

function requireEditor(ctx: Ctx, viewer: Viewer, userId: string): void {
  if (!canEditPlanOf(ctx, viewer, userId)) throw forbidden(EDIT_REFUSED);
}

function developmentPlan(ctx: Ctx, userId: string) {
  const viewer = requireViewer(ctx);
  const { db } = ctx.services;
  const person = personOf(ctx, viewer, userId);
  const plan = findPlan(db, viewer.organizationId, person.id);
  const canEdit = canEditPlanOf(ctx, viewer, person.id);
  if (!canReadPlanOf(ctx.services.db, viewer, person.id, plan?.mentor_id ?? null))
    throw forbidden('Only the person, their managers, their mentor and admins can see a development plan.');
  const actions = listActions(db, viewer.organizationId, person.id);
  const allGoals = growthGoalsOf(db, viewer.organizationId, person.id);
  const progress = developmentPlanProgress(
    allGoals,
    actions.map((a) => ({ done: !!a.done_at })),
  );
  const mentor = plan?.mentor_id ? (findUserById(db, viewer.organizationId, plan.mentor_id) ?? null) : null;
  return {
    user: person,
    mentor,
    focus: plan?.focus ?? '',
    placement: findPlacementOf(db, viewer.organizationId, person.id) ?? null,
    growth_goals: readableGrowthGoalsOf(db, viewer, person.id),
    actions,
    progress: planBand(progress),
    updated_at: plan?.updated_at ?? null,
    can_edit: canEdit,
  };
}

function updateDevelopmentPlan(ctx: Ctx, userId: string, rawInput: unknown) {
  const viewer = requireViewer(ctx);
  const { db } = ctx.services;
  const person = personOf(ctx, viewer, userId);
  requireEditor(ctx, viewer, person.id);
  // A field left out keeps its value (mentor_id: null removes the mentor).
  const sent = (rawInput ?? {}) as { mentor_id?: string | null; focus?: string | null };
  const current = findPlan(db, viewer.organizationId, person.id);
  const input = parseInput(developmentPlanInputSchema, {
    mentor_id: sent.mentor_id === undefined ? (current?.mentor_id ?? null) : sent.mentor_id,
    focus: sent.focus ?? current?.focus ?? '',
  });
  if (input.mentor_id && input.mentor_id !== current?.mentor_id) {
    if (input.mentor_id === person.id) throw field('mentor_id', 'A person cannot be their own mentor.');
    const mentor = findUserById(db, viewer.organizationId, input.mentor_id);
    if (!mentor) throw new AppError('NOT_FOUND', 'Mentor not found in your organization.', { fields: { mentor_id: 'No such person.' } });
    if (mentor.status === 'DEACTIVATED') throw field('mentor_id', 'This person is deactivated: choose an active mentor.');
  }
  upsertPlan(db, viewer.organizationId, person.id, { mentor_id: input.mentor_id, focus: input.focus }, nowAt(ctx));
  return developmentPlan(ctx, person.id);
}

/** The action's competency (one of the organization's) and growth goal (one of the person's). */
function checkActionInput(ctx: Ctx, viewer: Viewer, userId: string, rawInput: unknown): ActionValues {
  const { db } = ctx.services;
  const input = parseInput(developmentActionInputSchema, rawInput);
  if (input.competency_id && !findCompetencyInOrg(db, viewer.organizationId, input.competency_id)) {
    throw new AppError('NOT_FOUND', "Competency not found in your organization's framework.", { fields: { competency_id: 'No such competency.' } });
  }
  if (input.goal_id && !growthGoalsOf(db, viewer.organizationId, userId).some((g) => g.id === input.goal_id)) {
    throw field('goal_id', "Link the action to one of this plan's growth goals.");
  }
  return { title: input.title, due_date: input.due_date ?? null, competency_id: input.competency_id ?? null, goal_id: input.goal_id ?? null };
}

function addDevelopmentAction(ctx: Ctx, userId: string, rawInput: unknown): ActionRow {
  const viewer = requireViewer(ctx);
  const { db } = ctx.services;
  const person = personOf(ctx, viewer, userId);
  requireEditor(ctx, viewer, person.id);
  const values = checkActionInput(ctx, viewer, person.id, rawInput);
  return db.transaction(() => {
    if (countActions(db, viewer.organizationId, person.id) >= GROWTH_LIMITS.actionsMax) {
      throw badInput(`A plan holds at most ${GROWTH_LIMITS.actionsMax} actions: remove done ones first.`);
    }
    const at = nowAt(ctx);
    const row = insertAction(db, viewer.organizationId, person.id, viewer.userId, values, at);
    touchPlan(db, viewer.organizationId, person.id, at);
    return row;
  });
}

/** The action and the right to change it. */
function editableAction(ctx: Ctx, viewer: Viewer, id: string): ActionRow {
  const action = findAction(ctx.services.db, viewer.organizationId, id);
  if (!action) throw notFound('Action');
  requireEditor(ctx, viewer, action.user_id);
  return action;
}

function updateDevelopmentAction(ctx: Ctx, id: string, rawInput: unknown): ActionRow {
  const viewer = requireViewer(ctx);
  const { db } = ctx.services;
  const action = editableAction(ctx, viewer, id);
  const values = checkActionInput(ctx, viewer, action.user_id, rawInput);
  return db.transaction(() => {
    const row = updateAction(db, action.id, values);
    touchPlan(db, viewer.organizationId, action.user_id, nowAt(ctx));
    return row;
  });
}

function setDevelopmentActionDone(ctx: Ctx, id: string, done: boolean): ActionRow {
  const viewer = requireViewer(ctx);
  const { db } = ctx.services;
  const action = editableAction(ctx, viewer, id);
  if (!!action.done_at === done) return action;
  return db.transaction(() => {
    const at = nowAt(ctx);
    const row = updateAction(db, action.id, { done_at: done ? at : null });
    touchPlan(db, viewer.organizationId, action.user_id, at);
    return row;
  });
}

function deleteDevelopmentAction(ctx: Ctx, id: string): boolean {
  const viewer = requireViewer(ctx);
  const { db } = ctx.services;
  const action = editableAction(ctx, viewer, id);
  db.transaction(() => {
    deleteAction(db, action.id);
    touchPlan(db, viewer.organizationId, action.user_id, nowAt(ctx));
  });
  return true;
}

/** One statement per request level for every competency asked (goals and actions). */
function loadCompetency(ctx: Ctx, id: string | null): Promise<CompetencyRow | null> | null {
  if (!id || !ctx.viewer) return null;
  const orgId = ctx.viewer.organizationId;
  return ctx.loaders
    .get<CompetencyRow | null>('growth.competency', (ids) => indexBy(competenciesByIds(ctx.services.db, orgId, ids), (c) => c.id), null)
    .load(id);
}

export const growthPlansPart: FeaturePart = {
  resolvers: {
    Query: {
      developmentPlan: (_: unknown, args: { user_id: string }, ctx: Ctx) => developmentPlan(ctx, args.user_id),
    },
    Mutation: {
      updateDevelopmentPlan: (_: unknown, args: { user_id: string; input: unknown }, ctx: Ctx) => updateDevelopmentPlan(ctx, args.user_id, args.input),
      addDevelopmentAction: (_: unknown, args: { user_id: string; input: unknown }, ctx: Ctx) => addDevelopmentAction(ctx, args.user_id, args.input),
      updateDevelopmentAction: (_: unknown, args: { id: string; input: unknown }, ctx: Ctx) => updateDevelopmentAction(ctx, args.id, args.input),
      setDevelopmentActionDone: (_: unknown, args: { id: string; done: boolean }, ctx: Ctx) => setDevelopmentActionDone(ctx, args.id, args.done),
      deleteDevelopmentAction: (_: unknown, args: { id: string }, ctx: Ctx) => deleteDevelopmentAction(ctx, args.id),
    },
    DevelopmentAction: {
      done: (a: ActionRow) => !!a.done_at,
      competency: (a: ActionRow, _: unknown, ctx: Ctx) => loadCompetency(ctx, a.competency_id),
    },
    Goal: {
      competency: (g: { competency_id: string | null }, _: unknown, ctx: Ctx) => loadCompetency(ctx, g.competency_id),
    },
  },
};
