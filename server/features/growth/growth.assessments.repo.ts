import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AssessmentKind } from '../../../shared/growth.js';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/tokens.js';
import type { PlacementRow } from './growth.framework.repo.js';
import { assessmentRatings, assessments, competencies } from './growth.tables.js';

export type AssessmentRow = typeof assessments.$inferSelect;
export type RatingRow = typeof assessmentRatings.$inferSelect;

export function findAssessment(db: Db, orgId: string, id: string): AssessmentRow | undefined {
  return db
    .select()
    .from(assessments)
    .where(and(eq(assessments.organization_id, orgId), eq(assessments.id, id)))
    .get();
}

/** Every submitted assessment about the subject, newest first. */
export function submittedAssessmentsOf(db: Db, orgId: string, subjectId: string): AssessmentRow[] {
  return db
    .select()
    .from(assessments)
    .where(and(eq(assessments.organization_id, orgId), eq(assessments.subject_id, subjectId), eq(assessments.status, 'SUBMITTED')))
    .orderBy(desc(assessments.submitted_at), desc(assessments.created_at))
    .all();
}

export function findDraft(db: Db, orgId: string, subjectId: string, kind: AssessmentKind): AssessmentRow | undefined {
  return db
    .select()
    .from(assessments)
    .where(and(eq(assessments.organization_id, orgId), eq(assessments.subject_id, subjectId), eq(assessments.kind, kind), eq(assessments.status, 'DRAFT')))
    .get();
}

/** The viewer's own draft about the subject. */
export function findDraftBy(db: Db, orgId: string, subjectId: string, assessorId: string): AssessmentRow | undefined {
  return db
    .select()
    .from(assessments)
    .where(
      and(
        eq(assessments.organization_id, orgId),
        eq(assessments.subject_id, subjectId),
        eq(assessments.assessor_id, assessorId),
        eq(assessments.status, 'DRAFT'),
      ),
    )
    .get();
}

/** Ratings of the assessments, in the competencies' order. */
export function ratingsOf(db: Db, orgId: string, assessmentIds: readonly string[]): RatingRow[] {
  if (!assessmentIds.length) return [];
  return db
    .select({
      assessment_id: assessmentRatings.assessment_id,
      competency_id: assessmentRatings.competency_id,
      organization_id: assessmentRatings.organization_id,
      rating: assessmentRatings.rating,
      comment: assessmentRatings.comment,
    })
    .from(assessmentRatings)
    .innerJoin(competencies, eq(competencies.id, assessmentRatings.competency_id))
    .where(and(eq(assessmentRatings.organization_id, orgId), inArray(assessmentRatings.assessment_id, [...assessmentIds])))
    .orderBy(asc(competencies.position))
    .all();
}

/**
 * A new draft of `kind` about the subject on their placement, its ratings started from `carry` (the
 * last submitted ratings of that kind), one row per competency of the track.
 */
export function insertDraft(
  db: Db,
  input: {
    orgId: string;
    subjectId: string;
    assessorId: string;
    kind: AssessmentKind;
    placement: PlacementRow;
    competencyIds: string[];
    carry: RatingRow[];
    now: string;
  },
): AssessmentRow {
  const row: AssessmentRow = {
    id: newId(),
    organization_id: input.orgId,
    subject_id: input.subjectId,
    assessor_id: input.assessorId,
    kind: input.kind,
    status: 'DRAFT',
    track_id: input.placement.track_id,
    level_id: input.placement.level_id,
    summary: '',
    version: 1,
    submitted_at: null,
    created_at: input.now,
    updated_at: input.now,
  };
  const carried = new Map(input.carry.map((r) => [r.competency_id, r]));
  db.transaction((tx) => {
    tx.insert(assessments).values(row).run();
    if (input.competencyIds.length) {
      tx.insert(assessmentRatings)
        .values(
          input.competencyIds.map((competency_id) => ({
            assessment_id: row.id,
            competency_id,
            organization_id: input.orgId,
            rating: carried.get(competency_id)?.rating ?? null,
            comment: carried.get(competency_id)?.comment ?? '',
          })),
        )
        .run();
    }
  });
  return row;
}

/**
 * Moves a draft onto the subject's current placement (and, optionally, to a new assessor): ratings of
 * competencies no longer on the track go, new competencies get an empty row.
 */
export function realignDraft(
  db: Db,
  draft: AssessmentRow,
  input: { placement: PlacementRow; competencyIds: string[]; assessorId: string; now: string },
): AssessmentRow {
  return db.transaction((tx) => {
    const keep = new Set(input.competencyIds);
    const existing = tx
      .select({ id: assessmentRatings.competency_id })
      .from(assessmentRatings)
      .where(eq(assessmentRatings.assessment_id, draft.id))
      .all()
      .map((r) => r.id);
    const gone = existing.filter((id) => !keep.has(id));
    if (gone.length)
      tx.delete(assessmentRatings)
        .where(and(eq(assessmentRatings.assessment_id, draft.id), inArray(assessmentRatings.competency_id, gone)))
        .run();
    const have = new Set(existing);
    const missing = input.competencyIds.filter((id) => !have.has(id));
    if (missing.length)
      tx.insert(assessmentRatings)
        .values(missing.map((competency_id) => ({ assessment_id: draft.id, competency_id, organization_id: draft.organization_id, rating: null, comment: '' })))
        .run();
    const patch = {
      track_id: input.placement.track_id,
      level_id: input.placement.level_id,
      assessor_id: input.assessorId,
      version: draft.version + 1,
      updated_at: input.now,
    };
    tx.update(assessments).set(patch).where(eq(assessments.id, draft.id)).run();
    return { ...draft, ...patch };
  });
}

/**
 * Saves the ratings and summary of a draft if it is still at `baseVersion`: false when it is not
 * (someone saved in between), nothing written then.
 */
export function saveDraft(
  db: Db,
  draft: AssessmentRow,
  input: { baseVersion: number; summary: string; ratings: Array<{ competency_id: string; rating: number | null; comment: string }>; now: string },
): boolean {
  return db.transaction((tx) => {
    const changed = tx
      .update(assessments)
      .set({ summary: input.summary, version: input.baseVersion + 1, updated_at: input.now })
      .where(and(eq(assessments.id, draft.id), eq(assessments.version, input.baseVersion), eq(assessments.status, 'DRAFT')))
      .run().changes;
    if (!changed) return false;
    for (const r of input.ratings) {
      tx.insert(assessmentRatings)
        .values({ assessment_id: draft.id, competency_id: r.competency_id, organization_id: draft.organization_id, rating: r.rating, comment: r.comment })
        .onConflictDoUpdate({ target: [assessmentRatings.assessment_id, assessmentRatings.competency_id], set: { rating: r.rating, comment: r.comment } })
        .run();
    }
    return true;
  });
}

export function markSubmitted(db: Db, draft: AssessmentRow, now: string): boolean {
  return (
    db
      .update(assessments)
      .set({ status: 'SUBMITTED', submitted_at: now, updated_at: now, version: draft.version + 1 })
      .where(and(eq(assessments.id, draft.id), eq(assessments.version, draft.version), eq(assessments.status, 'DRAFT')))
      .run().changes > 0
  );
}

export function deleteDraft(db: Db, draft: AssessmentRow): boolean {
  return (
    db
      .delete(assessments)
      .where(and(eq(assessments.id, draft.id), eq(assessments.status, 'DRAFT')))
      .run().changes > 0
  );
}
