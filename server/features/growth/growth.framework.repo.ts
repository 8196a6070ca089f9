import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { staleSave } from '../../../shared/app-error.js';
import type { Db } from '../../db/connection.js';
import { newId, nowIso } from '../../lib/tokens.js';
import { unlinkGrowthGoalsFromCompetencies } from '../goals/goals.crud.repo.js';
import { users } from '../users/users.repo.js';
import { assessments, competencies, competencyExpectations, competencyLevels, competencyPlacements, competencyTracks } from './growth.tables.js';

export type TrackRow = typeof competencyTracks.$inferSelect;
export type LevelRow = typeof competencyLevels.$inferSelect;
export type CompetencyRow = typeof competencies.$inferSelect;
export type PlacementRow = typeof competencyPlacements.$inferSelect;
export type ExpectationRow = { competency_id: string; level_id: string; text: string };

/** A whole track as saved: ids keep existing levels and competencies, the others are new. */
export type TrackData = {
  name: string;
  description: string;
  levels: Array<{ id?: string | null; name: string; description: string }>;
  competencies: Array<{ id?: string | null; name: string; description: string; expectations: string[] }>;
};

export function listTracks(db: Db, orgId: string, includeArchived: boolean): TrackRow[] {
  return db
    .select()
    .from(competencyTracks)
    .where(and(eq(competencyTracks.organization_id, orgId), includeArchived ? undefined : isNull(competencyTracks.archived_at)))
    .orderBy(asc(competencyTracks.position), asc(sql`lower(${competencyTracks.name})`))
    .all();
}

export function findTrack(db: Db, orgId: string, id: string): TrackRow | undefined {
  return db
    .select()
    .from(competencyTracks)
    .where(and(eq(competencyTracks.organization_id, orgId), eq(competencyTracks.id, id)))
    .get();
}

export function findTracksByIds(db: Db, orgId: string, ids: readonly string[]): TrackRow[] {
  if (!ids.length) return [];
  return db
    .select()
    .from(competencyTracks)
    .where(and(eq(competencyTracks.organization_id, orgId), inArray(competencyTracks.id, [...ids])))
    .all();
}

export function findTrackByName(db: Db, orgId: string, name: string, exceptId?: string): TrackRow | undefined {
  return db
    .select()
    .from(competencyTracks)
    .where(
      and(
        eq(competencyTracks.organization_id, orgId),
        sql`lower(${competencyTracks.name}) = lower(${name})`,
        exceptId ? sql`${competencyTracks.id} <> ${exceptId}` : undefined,
      ),
    )
    .get();
}

export function countTracks(db: Db, orgId: string): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(competencyTracks)
      .where(eq(competencyTracks.organization_id, orgId))
      .get()?.n ?? 0
  );
}

/** builtin_key of the organization's tracks (archived ones too). */
export function copiedBuiltinKeys(db: Db, orgId: string): Set<string> {
  const rows = db
    .select({ key: competencyTracks.builtin_key })
    .from(competencyTracks)
    .where(and(eq(competencyTracks.organization_id, orgId), sql`${competencyTracks.builtin_key} is not null`))
    .all();
  return new Set(rows.map((r) => r.key!));
}

export function levelsOfTracks(db: Db, orgId: string, trackIds: readonly string[]): LevelRow[] {
  if (!trackIds.length) return [];
  return db
    .select()
    .from(competencyLevels)
    .where(and(eq(competencyLevels.organization_id, orgId), inArray(competencyLevels.track_id, [...trackIds])))
    .orderBy(asc(competencyLevels.position))
    .all();
}

export function findLevelsByIds(db: Db, orgId: string, ids: readonly string[]): LevelRow[] {
  if (!ids.length) return [];
  return db
    .select()
    .from(competencyLevels)
    .where(and(eq(competencyLevels.organization_id, orgId), inArray(competencyLevels.id, [...ids])))
    .all();
}

export function competenciesOfTracks(db: Db, orgId: string, trackIds: readonly string[]): CompetencyRow[] {
  if (!trackIds.length) return [];
  return db
    .select()
    .from(competencies)
    .where(and(eq(competencies.organization_id, orgId), inArray(competencies.track_id, [...trackIds])))
    .orderBy(asc(competencies.position))
    .all();
}

export function findCompetenciesByIds(db: Db, orgId: string, ids: readonly string[]): CompetencyRow[] {
  if (!ids.length) return [];
  return db
    .select()
    .from(competencies)
    .where(and(eq(competencies.organization_id, orgId), inArray(competencies.id, [...ids])))
    .all();
}

export function expectationsOfCompetencies(db: Db, orgId: string, competencyIds: readonly string[]): ExpectationRow[] {
  if (!competencyIds.length) return [];
  return db
    .select({ competency_id: competencyExpectations.competency_id, level_id: competencyExpectations.level_id, text: competencyExpectations.text })
    .from(competencyExpectations)
    .where(and(eq(competencyExpectations.organization_id, orgId), inArray(competencyExpectations.competency_id, [...competencyIds])))
    .all();
}

/** Placements of people still in the organization (removed people do not count). */
const livePlacement = and(eq(users.id, competencyPlacements.user_id), isNull(users.deleted_at));

export function peopleByTrack(db: Db, orgId: string, trackIds: readonly string[]): Map<string, number> {
  if (!trackIds.length) return new Map();
  const rows = db
    .select({ id: competencyPlacements.track_id, n: sql<number>`count(*)` })
    .from(competencyPlacements)
    .innerJoin(users, livePlacement)
    .where(and(eq(competencyPlacements.organization_id, orgId), inArray(competencyPlacements.track_id, [...trackIds])))
    .groupBy(competencyPlacements.track_id)
    .all();
  return new Map(rows.map((r) => [r.id, r.n]));
}

export function peopleByLevel(db: Db, orgId: string, levelIds: readonly string[]): Map<string, number> {
  if (!levelIds.length) return new Map();
  const rows = db
    .select({ id: competencyPlacements.level_id, n: sql<number>`count(*)` })
    .from(competencyPlacements)
    .innerJoin(users, livePlacement)
    .where(and(eq(competencyPlacements.organization_id, orgId), inArray(competencyPlacements.level_id, [...levelIds])))
    .groupBy(competencyPlacements.level_id)
    .all();
  return new Map(rows.map((r) => [r.id, r.n]));
}

export function findPlacement(db: Db, orgId: string, userId: string): PlacementRow | undefined {
  return db
    .select()
    .from(competencyPlacements)
    .where(and(eq(competencyPlacements.organization_id, orgId), eq(competencyPlacements.user_id, userId)))
    .get();
}

export function findPlacementsByUserIds(db: Db, orgId: string, userIds: readonly string[]): PlacementRow[] {
  if (!userIds.length) return [];
  return db
    .select()
    .from(competencyPlacements)
    .where(and(eq(competencyPlacements.organization_id, orgId), inArray(competencyPlacements.user_id, [...userIds])))
    .all();
}

/** Placements of live people on one track, or (trackId null) every placement of the organization, by name. */
export function listPlacements(db: Db, orgId: string, trackId: string | null): PlacementRow[] {
  return db
    .select({
      user_id: competencyPlacements.user_id,
      organization_id: competencyPlacements.organization_id,
      track_id: competencyPlacements.track_id,
      level_id: competencyPlacements.level_id,
      placed_by: competencyPlacements.placed_by,
      placed_at: competencyPlacements.placed_at,
    })
    .from(competencyPlacements)
    .innerJoin(users, livePlacement)
    .where(and(eq(competencyPlacements.organization_id, orgId), trackId ? eq(competencyPlacements.track_id, trackId) : undefined))
    .orderBy(asc(sql`lower(${users.full_name})`))
    .all();
}

export function upsertPlacement(db: Db, row: { user_id: string; organization_id: string; track_id: string; level_id: string; placed_by: string }): void {
  const placed_at = nowIso();
  db.insert(competencyPlacements)
    .values({ ...row, placed_at })
    .onConflictDoUpdate({ target: competencyPlacements.user_id, set: { track_id: row.track_id, level_id: row.level_id, placed_by: row.placed_by, placed_at } })
    .run();
}

export function deletePlacement(db: Db, orgId: string, userId: string): boolean {
  return (
    db
      .delete(competencyPlacements)
      .where(and(eq(competencyPlacements.organization_id, orgId), eq(competencyPlacements.user_id, userId)))
      .run().changes > 0
  );
}

/** How many people a level holds: placed on it, or assessed against it. */
export function peopleUsingLevels(db: Db, orgId: string, levelIds: readonly string[]): number {
  if (!levelIds.length) return 0;
  const ids = [...levelIds];
  const row = db.get<{ n: number }>(sql`select count(*) as n from (
      select ${competencyPlacements.user_id} as u from ${competencyPlacements} where ${competencyPlacements.organization_id} = ${orgId} and ${inArray(competencyPlacements.level_id, ids)}
      union select ${assessments.subject_id} from ${assessments} where ${assessments.organization_id} = ${orgId} and ${inArray(assessments.level_id, ids)}
    )`);
  return row?.n ?? 0;
}

export function setTrackArchived(db: Db, orgId: string, id: string, archivedAt: string | null): void {
  db.update(competencyTracks)
    .set({ archived_at: archivedAt, updated_at: nowIso() })
    .where(and(eq(competencyTracks.organization_id, orgId), eq(competencyTracks.id, id)))
    .run();
}

/** The row id of each item: its own id when it is one of the track's (and not sent twice), else a new one. */
function keptIds(items: ReadonlyArray<{ id?: string | null }>, existing: ReadonlySet<string>): string[] {
  const used = new Set<string>();
  return items.map((item) => {
    const id = item.id && existing.has(item.id) && !used.has(item.id) ? item.id : newId();
    used.add(id);
    return id;
  });
}

/**
 * Writes a whole track (new when trackId is null) in the caller's transaction: the track row, its
 * levels and competencies in the given order (ids keep rows, rows left out are removed), and every
 * expectation. Growth goals pointing at a removed competency lose the link. Returns the track id.
 * An existing track is written over `extra.baseVersion` only, when given.
 */
export function writeTrack(
  db: Db,
  orgId: string,
  trackId: string | null,
  data: TrackData,
  extra: { builtin_key?: string | null; baseVersion?: number } = {},
): string {
  const at = nowIso();
  let id = trackId;
  if (!id) {
    id = newId();
    const last = db
      .select({ p: sql<number | null>`max(${competencyTracks.position})` })
      .from(competencyTracks)
      .where(eq(competencyTracks.organization_id, orgId))
      .get();
    db.insert(competencyTracks)
      .values({
        id,
        organization_id: orgId,
        name: data.name,
        description: data.description,
        builtin_key: extra.builtin_key ?? null,
        position: (last?.p ?? -1) + 1,
        created_at: at,
        updated_at: at,
      })
      .run();
  } else {
    // Over the version the editor started from only (docs/decisions/0059): else CONFLICT, and the caller's transaction saves nothing.
    const saved = db
      .update(competencyTracks)
      .set({ name: data.name, description: data.description, version: sql`${competencyTracks.version} + 1`, updated_at: at })
      .where(
        and(
          eq(competencyTracks.organization_id, orgId),
          eq(competencyTracks.id, id),
          ...(extra.baseVersion === undefined ? [] : [eq(competencyTracks.version, extra.baseVersion)]),
        ),
      )
      .run();
    if (!saved.changes) throw staleSave('track');
  }
  const trackWhere = (t: typeof competencyLevels | typeof competencies) => and(eq(t.organization_id, orgId), eq(t.track_id, id!));

  const oldLevels = new Set(
    db
      .select({ id: competencyLevels.id })
      .from(competencyLevels)
      .where(trackWhere(competencyLevels))
      .all()
      .map((r) => r.id),
  );
  const levelIds = keptIds(data.levels, oldLevels);
  const keptLevels = new Set(levelIds);
  const goneLevels = [...oldLevels].filter((l) => !keptLevels.has(l));
  if (goneLevels.length) db.delete(competencyLevels).where(inArray(competencyLevels.id, goneLevels)).run();
  data.levels.forEach((l, position) => {
    const lid = levelIds[position]!;
    if (oldLevels.has(lid)) db.update(competencyLevels).set({ name: l.name, description: l.description, position }).where(eq(competencyLevels.id, lid)).run();
    else db.insert(competencyLevels).values({ id: lid, organization_id: orgId, track_id: id!, name: l.name, description: l.description, position }).run();
  });

  const oldCompetencies = new Set(
    db
      .select({ id: competencies.id })
      .from(competencies)
      .where(trackWhere(competencies))
      .all()
      .map((r) => r.id),
  );
  const competencyIds = keptIds(data.competencies, oldCompetencies);
  const keptCompetencies = new Set(competencyIds);
  const goneCompetencies = [...oldCompetencies].filter((c) => !keptCompetencies.has(c));
  if (goneCompetencies.length) {
    unlinkGrowthGoalsFromCompetencies(db, orgId, goneCompetencies);
    db.delete(competencies).where(inArray(competencies.id, goneCompetencies)).run();
  }
  data.competencies.forEach((c, position) => {
    const cid = competencyIds[position]!;
    if (oldCompetencies.has(cid)) db.update(competencies).set({ name: c.name, description: c.description, position }).where(eq(competencies.id, cid)).run();
    else db.insert(competencies).values({ id: cid, organization_id: orgId, track_id: id!, name: c.name, description: c.description, position }).run();
  });

  if (competencyIds.length) db.delete(competencyExpectations).where(inArray(competencyExpectations.competency_id, competencyIds)).run();
  const expectationRows = data.competencies.flatMap((c, ci) =>
    levelIds.map((level_id, li) => ({
      competency_id: competencyIds[ci]!,
      level_id,
      organization_id: orgId,
      text: c.expectations[li] ?? '',
    })),
  );
  for (let i = 0; i < expectationRows.length; i += 200)
    db.insert(competencyExpectations)
      .values(expectationRows.slice(i, i + 200))
      .run();
  return id;
}

/** The level a person is placed on, with its name; undefined when not placed (review questions that rate competencies). */
export function findPlacedLevel(db: Db, orgId: string, userId: string): { level_id: string; level_name: string } | undefined {
  return db
    .select({ level_id: competencyPlacements.level_id, level_name: competencyLevels.name })
    .from(competencyPlacements)
    .innerJoin(competencyLevels, eq(competencyLevels.id, competencyPlacements.level_id))
    .where(and(eq(competencyPlacements.organization_id, orgId), eq(competencyPlacements.user_id, userId)))
    .get();
}

/** What a level expects of each of these competencies (those with an expectation at that level). */
export function expectationsAtLevel(
  db: Db,
  orgId: string,
  competencyIds: readonly string[],
  levelId: string,
): Array<{ competency_id: string; name: string; text: string }> {
  return db
    .select({ competency_id: competencies.id, name: competencies.name, text: competencyExpectations.text })
    .from(competencies)
    .innerJoin(competencyExpectations, and(eq(competencyExpectations.competency_id, competencies.id), eq(competencyExpectations.level_id, levelId)))
    .where(and(eq(competencies.organization_id, orgId), inArray(competencies.id, [...competencyIds])))
    .all();
}
