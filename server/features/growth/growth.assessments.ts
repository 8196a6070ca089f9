import type { MercuriusContext } from 'mercurius';
import { badInput, conflict, forbidden, notFound } from '../../../shared/app-error.js';
import { assessmentRatingsSchema, type AssessmentKind } from '../../../shared/growth.js';
import { groupBy } from '../../graphql/loaders.js';
import { requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import type { Viewer } from '../auth/viewer.js';
import type { FeaturePart } from '../feature-part.js';
import { notify } from '../notifications/notifications.deliver.js';
import { loadAnyUser, loadUser } from '../users/users.loaders.js';
import { findUserById, type UserRow } from '../users/users.repo.js';
import {
  deleteDraft,
  findAssessment,
  findDraft,
  findDraftBy,
  insertDraft,
  markSubmitted,
  ratingsOf,
  realignDraft,
  saveDraft,
  submittedAssessmentsOf,
  type AssessmentRow,
  type RatingRow,
} from './growth.assessments.repo.js';
import { competenciesOfTracks, expectationsOfCompetencies, findPlacement, levelsOfTracks } from './growth.framework.repo.js';
import { canReadAssessment, managesGrowthOf } from './growth.access.js';
import { loadLevel, loadTrack } from './growth.framework.js';

type Ctx = MercuriusContext;
const orgOf = (ctx: Ctx): string => ctx.viewer?.organizationId ?? '';
const nowOf = (ctx: Ctx): string => new Date(ctx.services.scheduler.now()).toISOString();

function loadRatings(ctx: Ctx, assessmentId: string): Promise<RatingRow[]> {
  return ctx.loaders
    .get<RatingRow[]>('growth.assess.ratings', (ids) => groupBy(ratingsOf(ctx.services.db, orgOf(ctx), ids), (r) => r.assessment_id), [])
    .load(assessmentId);
}

/** May the viewer read what is written about `subjectId`: someone below them, or an admin (growth.access.ts). */
const managesSubject = (ctx: Ctx, viewer: Viewer, subjectId: string): boolean => managesGrowthOf(ctx.services.db, viewer, subjectId);

function requireSubject(ctx: Ctx, viewer: Viewer, userId: string): UserRow {
  const subject = findUserById(ctx.services.db, viewer.organizationId, userId);
  if (!subject) throw notFound('Person');
  return subject;
}

/** The assessment if the viewer may read it: its assessor always; a submitted one also its subject and their managers and admins. */
function requireReadable(ctx: Ctx, viewer: Viewer, id: string): AssessmentRow {
  const row = findAssessment(ctx.services.db, viewer.organizationId, id);
  if (!row || !canReadAssessment(ctx.services.db, viewer, row)) throw notFound('Assessment');
  return row;
}

/** A draft the viewer wrote: others' drafts are NOT_FOUND, submitted ones CONFLICT. */
function requireOwnDraft(ctx: Ctx, viewer: Viewer, id: string, doing: string): AssessmentRow {
  const row = requireReadable(ctx, viewer, id);
  if (row.assessor_id !== viewer.userId) throw forbidden(`Only the person who wrote this assessment can ${doing} it.`);
  if (row.status !== 'DRAFT') throw conflict(`This assessment was submitted: it cannot be ${doing === 'delete' ? 'deleted' : 'changed'} any more.`);
  return row;
}

const trackCompetencyIds = (ctx: Ctx, trackId: string) => competenciesOfTracks(ctx.services.db, orgOf(ctx), [trackId]);

async function overviewOf(ctx: Ctx, viewer: Viewer, subject: UserRow) {
  const db = ctx.services.db;
  const org = viewer.organizationId;
  const placement = findPlacement(db, org, subject.id);
  const history = submittedAssessmentsOf(db, org, subject.id);
  const self = history.find((a) => a.kind === 'SELF') ?? null;
  const manager = history.find((a) => a.kind === 'MANAGER') ?? null;
  const rows: unknown[] = [];
  if (placement) {
    const levels = levelsOfTracks(db, org, [placement.track_id]);
    const at = levels.findIndex((l) => l.id === placement.level_id);
    const next = at >= 0 ? levels[at + 1] : undefined;
    const comps = competenciesOfTracks(db, org, [placement.track_id]);
    const texts = new Map(
      expectationsOfCompetencies(
        db,
        org,
        comps.map((c) => c.id),
      ).map((e) => [`${e.competency_id}:${e.level_id}`, e.text]),
    );
    const ratings = groupBy(
      ratingsOf(
        db,
        org,
        [self?.id, manager?.id].filter((x): x is string => !!x),
      ),
      (r) => r.assessment_id,
    );
    const ratingIn = (a: AssessmentRow | null, competencyId: string) =>
      a ? (ratings.get(a.id)?.find((r) => r.competency_id === competencyId)?.rating ?? null) : null;
    for (const c of comps) {
      const s = ratingIn(self, c.id);
      const m = ratingIn(manager, c.id);
      rows.push({
        competency: c,
        expectation: texts.get(`${c.id}:${placement.level_id}`) ?? '',
        next_expectation: next ? (texts.get(`${c.id}:${next.id}`) ?? '') : null,
        self: s,
        manager: m,
        gap: s !== null && m !== null ? m - s : null,
      });
    }
  }
  const canAssess: AssessmentKind | null = subject.id === viewer.userId ? 'SELF' : managesSubject(ctx, viewer, subject.id) ? 'MANAGER' : null;
  return {
    subject,
    placement: placement ?? null,
    self,
    manager,
    rows,
    my_draft: findDraftBy(db, org, subject.id, viewer.userId) ?? null,
    can_assess_as: canAssess,
    history,
  };
}

function startAssessment(ctx: Ctx, viewer: Viewer, userId: string): AssessmentRow {
  const db = ctx.services.db;
  const org = viewer.organizationId;
  const subject = requireSubject(ctx, viewer, userId);
  const kind: AssessmentKind | null = subject.id === viewer.userId ? 'SELF' : managesSubject(ctx, viewer, subject.id) ? 'MANAGER' : null;
  if (!kind) throw forbidden('You can assess only yourself and your reports.');
  const placement = findPlacement(db, org, subject.id);
  if (!placement)
    throw badInput(`${subject.full_name} is not placed on a track yet.`, {
      fields: { user_id: 'Ask a manager or an admin to place them on a track and level first.' },
    });
  const competencyIds = trackCompetencyIds(ctx, placement.track_id).map((c) => c.id);
  const draft = findDraft(db, org, subject.id, kind);
  if (draft) {
    if (draft.assessor_id && draft.assessor_id !== viewer.userId) {
      const other = findUserById(db, org, draft.assessor_id, { includeDeleted: true });
      throw conflict(`${other?.full_name ?? 'Someone else'} is already writing a manager assessment of ${subject.full_name}.`);
    }
    if (draft.assessor_id === viewer.userId && draft.track_id === placement.track_id && draft.level_id === placement.level_id) return draft;
    return realignDraft(db, draft, { placement, competencyIds, assessorId: viewer.userId, now: nowOf(ctx) });
  }
  const last = submittedAssessmentsOf(db, org, subject.id).find((a) => a.kind === kind);
  const carry = last ? ratingsOf(db, org, [last.id]) : [];
  return insertDraft(db, { orgId: org, subjectId: subject.id, assessorId: viewer.userId, kind, placement, competencyIds, carry, now: nowOf(ctx) });
}

/** GraphQL inputs may carry nulls where the shared schema expects a missing key. */
const withoutNullComments = (input: { ratings?: Array<Record<string, unknown>>; summary?: string | null }) => ({
  ratings: (input.ratings ?? []).map((r) => ({ ...r, rating: r.rating ?? null, comment: r.comment ?? undefined })),
  summary: input.summary ?? undefined,
});

/**
 * Self and manager assessments (docs/decisions/0050): a person rates themself against their level's
 * (and the next level's) expectations, their managers (anyone they are below) and admins rate them
 * too; both are shown side by side with the gaps, with every submitted one kept as history. A draft
 * is seen by its assessor only.
 */
export const growthAssessmentsPart: FeaturePart = {
  resolvers: {
    Assessment: {
      subject: (a: AssessmentRow, _: unknown, ctx: Ctx) => loadAnyUser(ctx, a.subject_id),
      assessor: (a: AssessmentRow, _: unknown, ctx: Ctx) => loadUser(ctx, a.assessor_id),
      track: (a: AssessmentRow, _: unknown, ctx: Ctx) => loadTrack(ctx, a.track_id),
      level: (a: AssessmentRow, _: unknown, ctx: Ctx) => loadLevel(ctx, a.level_id),
      ratings: (a: AssessmentRow, _: unknown, ctx: Ctx) => loadRatings(ctx, a.id),
    },
    Query: {
      assessmentOverview: (_: unknown, args: { user_id: string }, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const subject = requireSubject(ctx, viewer, args.user_id);
        if (subject.id !== viewer.userId && !managesSubject(ctx, viewer, subject.id)) {
          throw forbidden('Only the person, their managers and admins can see their assessments.');
        }
        return overviewOf(ctx, viewer, subject);
      },
      assessment: (_: unknown, args: { id: string }, ctx: Ctx) => requireReadable(ctx, requireViewer(ctx), args.id),
    },
    Mutation: {
      startAssessment: (_: unknown, args: { user_id: string }, ctx: Ctx) => startAssessment(ctx, requireViewer(ctx), args.user_id),
      saveAssessment: (
        _: unknown,
        args: { id: string; input: { ratings?: Array<Record<string, unknown>>; summary?: string | null }; base_version: number },
        ctx: Ctx,
      ) => {
        const viewer = requireViewer(ctx);
        const draft = requireOwnDraft(ctx, viewer, args.id, 'change');
        const data = parseInput(assessmentRatingsSchema, withoutNullComments(args.input));
        const allowed = new Set(trackCompetencyIds(ctx, draft.track_id).map((c) => c.id));
        const seen = new Set<string>();
        for (const r of data.ratings) {
          if (!allowed.has(r.competency_id))
            throw badInput("Rate only the competencies of this assessment's track.", { fields: { ratings: 'A competency of another track.' } });
          if (seen.has(r.competency_id)) throw badInput('Each competency is rated once.', { fields: { ratings: 'A competency rated twice.' } });
          seen.add(r.competency_id);
        }
        if (
          args.base_version !== draft.version ||
          !saveDraft(ctx.services.db, draft, { baseVersion: args.base_version, summary: data.summary, ratings: data.ratings, now: nowOf(ctx) })
        ) {
          throw conflict(
            'This assessment was saved from another window since you opened it. Your text is still here: copy it, then reload to see the latest version.',
          );
        }
        return findAssessment(ctx.services.db, viewer.organizationId, draft.id);
      },
      submitAssessment: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const db = ctx.services.db;
        const draft = requireOwnDraft(ctx, viewer, args.id, 'submit');
        const comps = trackCompetencyIds(ctx, draft.track_id);
        const rated = new Set(
          ratingsOf(db, viewer.organizationId, [draft.id])
            .filter((r) => r.rating !== null)
            .map((r) => r.competency_id),
        );
        const missing = comps.filter((c) => !rated.has(c.id)).map((c) => c.name);
        if (missing.length)
          throw badInput(`Rate every competency before submitting. Not rated yet: ${missing.join(', ')}.`, { fields: { ratings: missing.join(', ') } });
        if (!markSubmitted(db, draft, nowOf(ctx))) throw conflict('This assessment was changed from another window: reload it and submit again.');
        if (draft.kind === 'MANAGER' && draft.subject_id !== viewer.userId) {
          const name = findUserById(db, viewer.organizationId, viewer.userId)?.full_name ?? 'Your manager';
          void notify(ctx.services, {
            organizationId: viewer.organizationId,
            userIds: [draft.subject_id],
            kind: 'assessments',
            private: false,
            // Assessments are read by the person, their managers and admins: who wrote it stays out of the title (Slack channels read titles).
            title: 'Your manager submitted an assessment of you',
            body: `${name} submitted an assessment of you. See it side by side with your self-assessment.`,
            link: '/profile/assesment',
          });
        }
        return findAssessment(db, viewer.organizationId, draft.id);
      },
      deleteAssessmentDraft: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const draft = requireOwnDraft(ctx, viewer, args.id, 'delete');
        return deleteDraft(ctx.services.db, draft);
      },
    },
  },
};
