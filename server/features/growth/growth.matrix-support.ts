import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { newId } from '../../lib/tokens.js';
import {
  assessmentRatings,
  assessments,
  competencies,
  competencyExpectations,
  competencyLevels,
  competencyPlacements,
  competencyTracks,
  developmentActions,
} from './growth.tables.js';

/**
 * The framework, assessment and plan objects of the authorization matrix (docs/decisions/0041, 0050),
 * written straight into the tables: a small track (two levels, one competency), the subject placed on
 * its first level, a submitted self-assessment of the subject, and an action of the subject's plan.
 * The subject's self-assessment draft (save, submit, delete) is made when an operation needs one.
 */
export function insertMatrixTrack(app: FastifyInstance, orgId: string, name = `Matrix track ${newId().slice(0, 6)}`) {
  const { db } = app.services;
  const trackId = newId();
  const levelIds = [newId(), newId()];
  const competencyId = newId();
  db.transaction((tx) => {
    tx.insert(competencyTracks).values({ id: trackId, organization_id: orgId, name }).run();
    levelIds.forEach((id, i) =>
      tx
        .insert(competencyLevels)
        .values({ id, organization_id: orgId, track_id: trackId, name: `Level ${i + 1}`, position: i })
        .run(),
    );
    tx.insert(competencies).values({ id: competencyId, organization_id: orgId, track_id: trackId, name: 'Matrix skill', position: 0 }).run();
    levelIds.forEach((level_id, i) =>
      tx
        .insert(competencyExpectations)
        .values({ competency_id: competencyId, level_id, organization_id: orgId, text: `Expected at level ${i + 1}` })
        .run(),
    );
  });
  return { trackId, levelId: levelIds[0]!, competencyId };
}

export function placeMatrixPerson(app: FastifyInstance, orgId: string, userId: string, track: { trackId: string; levelId: string }): void {
  app.services.db.insert(competencyPlacements).values({ user_id: userId, organization_id: orgId, track_id: track.trackId, level_id: track.levelId }).run();
}

/** The subject's SELF draft: the one there is, or a new one. */
export function subjectDraft(app: FastifyInstance, orgId: string, subjectId: string, track: { trackId: string; levelId: string }): string {
  const { db } = app.services;
  const found = db
    .select({ id: assessments.id })
    .from(assessments)
    .where(and(eq(assessments.subject_id, subjectId), eq(assessments.kind, 'SELF'), eq(assessments.status, 'DRAFT')))
    .get();
  if (found) return found.id;
  const id = newId();
  db.insert(assessments)
    .values({ id, organization_id: orgId, subject_id: subjectId, assessor_id: subjectId, kind: 'SELF', track_id: track.trackId, level_id: track.levelId })
    .run();
  return id;
}

export function insertMatrixAction(app: FastifyInstance, orgId: string, userId: string): string {
  const id = newId();
  app.services.db.insert(developmentActions).values({ id, organization_id: orgId, user_id: userId, title: 'Matrix action', created_by: userId }).run();
  return id;
}

export function seedGrowthObjects(app: FastifyInstance, p: { orgId: string; subjectId: string }) {
  const track = insertMatrixTrack(app, p.orgId);
  placeMatrixPerson(app, p.orgId, p.subjectId, track);
  const assessmentId = newId();
  const { db } = app.services;
  db.insert(assessments)
    .values({
      id: assessmentId,
      organization_id: p.orgId,
      subject_id: p.subjectId,
      assessor_id: p.subjectId,
      kind: 'SELF',
      status: 'SUBMITTED',
      track_id: track.trackId,
      level_id: track.levelId,
      submitted_at: new Date().toISOString(),
    })
    .run();
  db.insert(assessmentRatings).values({ assessment_id: assessmentId, competency_id: track.competencyId, organization_id: p.orgId, rating: 3 }).run();
  return { ...track, assessmentId, actionId: insertMatrixAction(app, p.orgId, p.subjectId) };
}
