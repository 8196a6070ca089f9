import type { MercuriusContext } from 'mercurius';
import { badInput, conflict, forbidden } from '../../../shared/app-error.js';
import { createReviewCycleSchema, updateReviewCycleSchema, type CreateReviewCycleData, type ReviewCycleStatus } from '../../../shared/review-cycle.schemas.js';
import { REVIEW_TEMPLATE_TYPE_LABELS } from '../../../shared/review-template.schemas.js';
import { requireViewer } from '../../graphql/context.js';
import { groupBy, indexBy } from '../../graphql/loaders.js';
import { parseInput } from '../../lib/parse.js';
import type { Viewer } from '../auth/viewer.js';
import { notify } from '../notifications/notifications.deliver.js';
import { findTeamsByIds, teamsManagedBy } from '../teams/teams.repo.js';
import { loadUser } from '../users/users.loaders.js';
import { requireCycleRunner, requireParticipant, requireVisibleCycle } from './reviews.cycles.access.js';
import { newRequestsText } from './reviews.cycles.launch.js';
import { launchReviewCycle } from './reviews.cycles.launch.repo.js';
import { canCreateReviewCycles, canManageParticipant, canRunReviewCycle, canSeeParticipant, outsideManagerScope } from './reviews.cycles.policy.js';
import {
  acknowledgeParticipantResults,
  closeReviewCycle,
  findCycleTemplatesByIds,
  countRequestsByCycleIds,
  createReviewCycle,
  findParticipant,
  findReviewCycle,
  findReviewCyclesByIds,
  listParticipantsByCycleIds,
  listReviewCycles,
  releaseParticipantResults,
  resolveParticipants,
  updateDraftReviewCycle,
  type ReviewCycleRow,
  type ReviewParticipantRow,
} from './reviews.cycles.repo.js';
import { notifyReleased } from './reviews.release.graphql.js';
import { announceNominations } from './reviews.nominations.notices.js';
import { ensureBuiltInTemplates, findReviewTemplate, findReviewTemplateContent, type ReviewTemplateRow } from './reviews.templates.repo.js';

type Ctx = MercuriusContext;
const orgOf = (ctx: Ctx) => ctx.viewer?.organizationId ?? '';

/** VALIDATION beyond the shape: the template, the teams and the people, and the manager's scope. */
function checkCycleInput(ctx: Ctx, viewer: Viewer, data: CreateReviewCycleData) {
  const { db } = ctx.services;
  ensureBuiltInTemplates(db, viewer.organizationId);
  const template = findReviewTemplate(db, viewer.organizationId, data.template_id);
  if (!template) throw badInput('template_id: Choose a template.', { fields: { template_id: 'Choose a template.' } });
  if (template.archived_at)
    throw badInput('template_id: This template is archived. Restore it or choose another.', {
      fields: { template_id: 'This template is archived. Restore it or choose another.' },
    });
  if (template.review_type !== 'any' && template.review_type !== data.type) {
    const message = `This template is for ${REVIEW_TEMPLATE_TYPE_LABELS[template.review_type].toLowerCase()}s.`;
    throw badInput(`template_id: ${message}`, { fields: { template_id: message } });
  }
  const teams = findTeamsByIds(db, viewer.organizationId, data.team_ids);
  if (teams.length !== data.team_ids.length)
    throw badInput('team_ids: Some of these teams do not exist.', { fields: { team_ids: 'Some of these teams do not exist.' } });
  const { people } = resolveParticipants(db, viewer.organizationId, data.participant_ids, data.team_ids);
  if (!people.length) {
    const message = 'Nobody to review: add active people, or teams with active members.';
    throw badInput(`participant_ids: ${message}`, { fields: { participant_ids: message } });
  }
  const led = new Set(teamsManagedBy(db, viewer.organizationId, [viewer.userId]).map((t) => t.id));
  const outside = outsideManagerScope(viewer, people, data.team_ids, led);
  if (outside.teamIds.length || outside.people.length) {
    throw forbidden(
      `Managers create cycles for their reports and the teams they manage or lead only${
        outside.people.length
          ? ` (not for ${outside.people
              .slice(0, 3)
              .map((u) => u.full_name)
              .join(', ')})`
          : ''
      }.`,
    );
  }
  return people;
}

const participantsLoader = (ctx: Ctx) =>
  ctx.loaders.get(
    'reviewCycles.participants',
    (ids) => groupBy(listParticipantsByCycleIds(ctx.services.db, orgOf(ctx), ids), (p) => p.cycle_id),
    [] as ReviewParticipantRow[],
  );
const countsLoader = (ctx: Ctx) =>
  ctx.loaders.get('reviewCycles.requestCounts', (ids) => countRequestsByCycleIds(ctx.services.db, orgOf(ctx), ids), { total: 0, submitted: 0 });
const templateLoader = (ctx: Ctx, id: string) =>
  ctx.loaders
    .get<ReviewTemplateRow | null>('reviewCycles.template', (ids) => indexBy(findCycleTemplatesByIds(ctx.services.db, orgOf(ctx), ids), (t) => t.id), null)
    .load(id);
export const loadCycle = (ctx: Ctx, id: string) =>
  ctx.loaders
    .get<ReviewCycleRow | null>('reviewCycles.byId', (ids) => indexBy(findReviewCyclesByIds(ctx.services.db, orgOf(ctx), ids), (c) => c.id), null)
    .load(id);

export const reviewCycleResolvers = {
  Query: {
    reviewCycles: (_: unknown, args: { status?: ReviewCycleStatus | null }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      return listReviewCycles(ctx.services.db, viewer.organizationId, viewer.permissionLevel === 'ADMIN' ? null : viewer.userId, args.status ?? null);
    },
    reviewCycle: (_: unknown, args: { id: string }, ctx: Ctx) => requireVisibleCycle(ctx, args.id).cycle,
  },
  Mutation: {
    createReviewCycle: (_: unknown, args: { input: unknown }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      if (!canCreateReviewCycles(viewer)) throw forbidden('Only managers and admins can create review cycles.');
      const data = parseInput(createReviewCycleSchema, args.input);
      const people = checkCycleInput(ctx, viewer, data);
      const id = createReviewCycle(ctx.services.db, viewer.organizationId, data, people, viewer.userId);
      const created = findReviewCycle(ctx.services.db, viewer.organizationId, id)!;
      announceNominations(ctx.services, viewer.organizationId, created);
      return created;
    },
    updateReviewCycle: (_: unknown, args: { id: string; input: unknown }, ctx: Ctx) => {
      const { viewer, cycle } = requireCycleRunner(ctx, args.id);
      if (cycle.status !== 'DRAFT') throw conflict('Only a draft can be changed.');
      const data = parseInput(updateReviewCycleSchema, args.input);
      const people = checkCycleInput(ctx, viewer, data);
      if (!updateDraftReviewCycle(ctx.services.db, viewer.organizationId, cycle.id, data, people)) throw conflict('Only a draft can be changed.');
      const updated = findReviewCycle(ctx.services.db, viewer.organizationId, cycle.id)!;
      // People added since, or peers turned on: told now; people told before are not told again.
      announceNominations(ctx.services, viewer.organizationId, updated);
      return updated;
    },
    launchReviewCycle: (_: unknown, args: { id: string }, ctx: Ctx) => {
      const { viewer, cycle } = requireCycleRunner(ctx, args.id);
      if (cycle.status !== 'DRAFT') throw conflict('This cycle has already been launched.');
      const template = cycle.template_id ? findReviewTemplateContent(ctx.services.db, viewer.organizationId, cycle.template_id) : undefined;
      if (!template) throw conflict('This cycle has no template. Choose one first.');
      if (template.archived_at) throw conflict('The template of this cycle is archived. Restore it or choose another first.');
      if (cycle.review_end <= new Date().toISOString()) throw conflict('The review due date has passed. Move it to a later date first.');
      const outcome = launchReviewCycle(ctx.services.db, viewer.organizationId, cycle, template);
      void notify(ctx.services, {
        organizationId: viewer.organizationId,
        userIds: outcome.reviewerIds,
        kind: 'review_requests',
        private: false,
        ...newRequestsText(cycle),
        link: '/reviews/pending',
      });
      return findReviewCycle(ctx.services.db, viewer.organizationId, cycle.id);
    },
    closeReviewCycle: (_: unknown, args: { id: string }, ctx: Ctx) => {
      const { viewer, cycle } = requireCycleRunner(ctx, args.id);
      if (!closeReviewCycle(ctx.services.db, viewer.organizationId, cycle.id)) throw conflict('Only an active cycle can be closed.');
      return findReviewCycle(ctx.services.db, viewer.organizationId, cycle.id);
    },
    releaseResults: (_: unknown, args: { participantId: string }, ctx: Ctx) => {
      const { viewer, cycle, participant } = requireParticipant(ctx, args.participantId, 'manage');
      if (cycle.status !== 'CLOSED' && cycle.status !== 'RELEASED') throw conflict('Close the cycle before releasing results.');
      if (releaseParticipantResults(ctx.services.db, viewer.organizationId, participant, viewer.userId))
        notifyReleased(ctx.services, viewer.organizationId, cycle, participant);
      return findParticipant(ctx.services.db, viewer.organizationId, participant.id);
    },
    acknowledgeResults: (_: unknown, args: { participantId: string }, ctx: Ctx) => {
      const { viewer, participant } = requireParticipant(ctx, args.participantId, 'reviewee');
      if (!participant.results_released_at) throw conflict('Your results have not been released yet.');
      acknowledgeParticipantResults(ctx.services.db, viewer.organizationId, participant.id);
      return findParticipant(ctx.services.db, viewer.organizationId, participant.id);
    },
  },
  ReviewCycle: {
    template: (c: ReviewCycleRow, _: unknown, ctx: Ctx) =>
      c.template_id && ctx.viewer && ctx.viewer.permissionLevel !== 'MEMBER' ? templateLoader(ctx, c.template_id) : null,
    template_name: async (c: ReviewCycleRow, _: unknown, ctx: Ctx) => (c.template_id ? ((await templateLoader(ctx, c.template_id))?.name ?? null) : null),
    created_by: (c: ReviewCycleRow, _: unknown, ctx: Ctx) => loadUser(ctx, c.created_by),
    participant_count: async (c: ReviewCycleRow, _: unknown, ctx: Ctx) => (await participantsLoader(ctx).load(c.id)).length,
    participants: async (c: ReviewCycleRow, _: unknown, ctx: Ctx) => {
      const all = await participantsLoader(ctx).load(c.id);
      const viewer = ctx.viewer;
      return viewer ? all.filter((p) => canSeeParticipant(viewer, c, p)) : [];
    },
    request_count: async (c: ReviewCycleRow, _: unknown, ctx: Ctx) => (await countsLoader(ctx).load(c.id)).total,
    submitted_count: async (c: ReviewCycleRow, _: unknown, ctx: Ctx) => (await countsLoader(ctx).load(c.id)).submitted,
    can_manage: (c: ReviewCycleRow, _: unknown, ctx: Ctx) => !!ctx.viewer && canRunReviewCycle(ctx.viewer, c),
  },
  ReviewParticipant: {
    reviewee: (p: ReviewParticipantRow, _: unknown, ctx: Ctx) => loadUser(ctx, p.reviewee_id),
    manager: (p: ReviewParticipantRow, _: unknown, ctx: Ctx) => loadUser(ctx, p.manager_id),
    can_manage: async (p: ReviewParticipantRow, _: unknown, ctx: Ctx) => {
      const cycle = await loadCycle(ctx, p.cycle_id);
      return !!ctx.viewer && !!cycle && canManageParticipant(ctx.viewer, cycle, p);
    },
  },
};
