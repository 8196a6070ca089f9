import type { FastifyInstance } from 'fastify';
import { builtinTrack } from '../../../shared/growth.builtin-framework.js';
import { newId } from '../../lib/tokens.js';
import { competencies, competencyLevels, competencyPlacements } from './growth.tables.js';
import { writeTrack } from './growth.framework.repo.js';
import { asc, eq } from 'drizzle-orm';

/**
 * Test support for the competency framework (server tests drive the real app): a built-in track
 * written straight into the tables, and a person placed on it.
 */

export type TestTrack = {
  trackId: string;
  /** Level ids in order (Engineer I, Engineer II... for the IC track). */
  levelIds: string[];
  /** Competency ids in order. */
  competencyIds: string[];
};

/** Copies a built-in track ('engineering-ic' by default) into the organization; a unique name when `name` is not given and the name is taken. */
export function insertTrack(app: FastifyInstance, orgId: string, builtinKey = 'engineering-ic', name?: string): TestTrack {
  const builtin = builtinTrack(builtinKey);
  if (!builtin) throw new Error(`no built-in track ${builtinKey}`);
  const { db } = app.services;
  const trackId = db.transaction(() =>
    writeTrack(
      db,
      orgId,
      null,
      {
        name: name ?? `${builtin.name} ${newId().slice(0, 6)}`,
        description: builtin.description,
        levels: builtin.levels,
        competencies: builtin.competencies,
      },
      { builtin_key: builtin.key },
    ),
  );
  const levelIds = db
    .select({ id: competencyLevels.id })
    .from(competencyLevels)
    .where(eq(competencyLevels.track_id, trackId))
    .orderBy(asc(competencyLevels.position))
    .all()
    .map((r) => r.id);
  const competencyIds = db
    .select({ id: competencies.id })
    .from(competencies)
    .where(eq(competencies.track_id, trackId))
    .orderBy(asc(competencies.position))
    .all()
    .map((r) => r.id);
  return { trackId, levelIds, competencyIds };
}

/** Places a person on a track's level (the first by default), replacing any placement they had. */
export function placeUser(app: FastifyInstance, orgId: string, userId: string, track: TestTrack, levelIndex = 0, placedBy: string | null = null): void {
  const levelId = track.levelIds[levelIndex];
  if (!levelId) throw new Error(`no level ${levelIndex}`);
  app.services.db
    .insert(competencyPlacements)
    .values({ user_id: userId, organization_id: orgId, track_id: track.trackId, level_id: levelId, placed_by: placedBy })
    .onConflictDoUpdate({ target: competencyPlacements.user_id, set: { track_id: track.trackId, level_id: levelId, placed_by: placedBy } })
    .run();
}
