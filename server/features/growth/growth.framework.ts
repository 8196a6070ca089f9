import type { MercuriusContext } from 'mercurius';
import { badInput, forbidden, notFound } from '../../../shared/app-error.js';
import { BUILTIN_TRACKS } from '../../../shared/growth.builtin-framework.js';
import { placementInputSchema } from '../../../shared/growth.js';
import { requireAdmin, requireViewer } from '../../graphql/context.js';
import { groupBy, indexBy } from '../../graphql/loaders.js';
import { parseInput, withoutNulls } from '../../lib/parse.js';
import type { Viewer } from '../auth/viewer.js';
import type { FeaturePart } from '../feature-part.js';
import { isBelowViewer } from '../goals/goals.visibility.repo.js';
import { notify } from '../notifications/notifications.deliver.js';
import { findUserById, type UserRow } from '../users/users.repo.js';
import { loadAnyUser } from '../users/users.loaders.js';
import {
  competenciesOfTracks,
  copiedBuiltinKeys,
  deletePlacement,
  expectationsOfCompetencies,
  findLevelsByIds,
  findPlacement,
  findPlacementsByUserIds,
  findTracksByIds,
  levelsOfTracks,
  listPlacements,
  peopleByLevel,
  peopleByTrack,
  upsertPlacement,
  type CompetencyRow,
  type ExpectationRow,
  type LevelRow,
  type PlacementRow,
  type TrackRow,
} from './growth.framework.repo.js';
import { competencyTrackResolvers, competencyTracks } from './growth.tracks.js';

type Ctx = MercuriusContext;
const orgOf = (ctx: Ctx) => ctx.viewer?.organizationId ?? '';

// ---- Loaders: every list of tracks, levels, competencies and placements costs one statement per field and query level.

export const loadTrack = (ctx: Ctx, id: string) =>
  ctx.loaders.get<TrackRow | null>('growth.track', (ids) => indexBy(findTracksByIds(ctx.services.db, orgOf(ctx), ids), (t) => t.id), null).load(id);
export const loadLevel = (ctx: Ctx, id: string) =>
  ctx.loaders.get<LevelRow | null>('growth.level', (ids) => indexBy(findLevelsByIds(ctx.services.db, orgOf(ctx), ids), (l) => l.id), null).load(id);
export const loadLevelsOfTrack = (ctx: Ctx, trackId: string) =>
  ctx.loaders.get<LevelRow[]>('growth.trackLevels', (ids) => groupBy(levelsOfTracks(ctx.services.db, orgOf(ctx), ids), (l) => l.track_id), []).load(trackId);
export const loadCompetenciesOfTrack = (ctx: Ctx, trackId: string) =>
  ctx.loaders
    .get<CompetencyRow[]>('growth.trackCompetencies', (ids) => groupBy(competenciesOfTracks(ctx.services.db, orgOf(ctx), ids), (c) => c.track_id), [])
    .load(trackId);
const loadExpectations = (ctx: Ctx, competencyId: string) =>
  ctx.loaders
    .get<ExpectationRow[]>('growth.expectations', (ids) => groupBy(expectationsOfCompetencies(ctx.services.db, orgOf(ctx), ids), (e) => e.competency_id), [])
    .load(competencyId);
const loadTrackPeople = (ctx: Ctx, trackId: string) =>
  ctx.loaders.get<number>('growth.trackPeople', (ids) => peopleByTrack(ctx.services.db, orgOf(ctx), ids), 0).load(trackId);
const loadLevelPeople = (ctx: Ctx, levelId: string) =>
  ctx.loaders.get<number>('growth.levelPeople', (ids) => peopleByLevel(ctx.services.db, orgOf(ctx), ids), 0).load(levelId);
/** A person's placement (CompetencyPlacement resolves from the row): for the assessment, plan and team progress parts. */
export const loadPlacement = (ctx: Ctx, userId: string) =>
  ctx.loaders
    .get<PlacementRow | null>('growth.placement', (ids) => indexBy(findPlacementsByUserIds(ctx.services.db, orgOf(ctx), ids), (p) => p.user_id), null)
    .load(userId);

// ---- Rules

/** The person of the viewer's organization (NOT_FOUND otherwise). */
function requirePerson(ctx: Ctx, viewer: Viewer, userId: string): UserRow {
  const user = findUserById(ctx.services.db, viewer.organizationId, userId);
  if (!user) throw notFound('Person');
  return user;
}

/** Places and removes placements: the subject's managers (anyone above them in the reporting line) and admins. */
function requirePlacer(ctx: Ctx, viewer: Viewer, userId: string): UserRow {
  const user = requirePerson(ctx, viewer, userId);
  if (viewer.permissionLevel !== 'ADMIN' && !isBelowViewer(ctx.services.db, viewer, user.id)) {
    throw forbidden(`Only ${user.full_name}'s managers and admins can place them on the framework.`);
  }
  return user;
}

/**
 * The competency framework (docs/decisions/0050): everyone reads the organization's tracks; admins
 * copy a built-in track, create, edit (the whole track at once), archive and restore them
 * (growth.tracks.ts, the template lifecycle); a person's managers and admins place them on a track
 * and level.
 */
export const growthFrameworkPart: FeaturePart = {
  resolvers: {
    Query: {
      ...competencyTrackResolvers.Query,
      builtinCompetencyTracks: (_: unknown, __: unknown, ctx: Ctx) => {
        const copied = copiedBuiltinKeys(ctx.services.db, requireAdmin(ctx).organizationId);
        return BUILTIN_TRACKS.map((t) => ({
          key: t.key,
          name: t.name,
          description: t.description,
          levels: t.levels.map((l) => l.name),
          competencies: t.competencies.map((c) => c.name),
          copied: copied.has(t.key),
        }));
      },
      placement: (_: unknown, args: { user_id: string }, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const user = requirePerson(ctx, viewer, args.user_id);
        if (user.id !== viewer.userId && viewer.permissionLevel !== 'ADMIN' && !isBelowViewer(ctx.services.db, viewer, user.id)) {
          throw forbidden(`Only ${user.full_name}, their managers and admins can see their placement.`);
        }
        return findPlacement(ctx.services.db, viewer.organizationId, user.id) ?? null;
      },
      placements: (_: unknown, args: { track_id?: string | null }, ctx: Ctx) => {
        const viewer = requireAdmin(ctx);
        if (args.track_id) competencyTracks.one(ctx, args.track_id);
        return listPlacements(ctx.services.db, viewer.organizationId, args.track_id ?? null);
      },
    },
    Mutation: {
      ...competencyTrackResolvers.Mutation,
      placePerson: (_: unknown, args: { input: unknown }, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const input = parseInput(placementInputSchema, withoutNulls(args.input));
        const user = requirePlacer(ctx, viewer, input.user_id);
        if (user.status === 'DEACTIVATED')
          throw badInput(`${user.full_name}'s account is deactivated: they cannot be placed.`, { fields: { user_id: 'Choose an active person.' } });
        const { db } = ctx.services;
        const track = competencyTracks.one(ctx, input.track_id);
        if (track.archived_at)
          throw badInput(`${track.name} is archived: restore it before placing people on it.`, { fields: { track_id: 'Choose an active track.' } });
        const level = findLevelsByIds(db, viewer.organizationId, [input.level_id])[0];
        if (!level) throw notFound('Level');
        if (level.track_id !== track.id)
          throw badInput('That level belongs to another track.', { fields: { level_id: 'That level belongs to another track.' } });
        const before = findPlacement(db, viewer.organizationId, user.id);
        upsertPlacement(db, { user_id: user.id, organization_id: viewer.organizationId, track_id: track.id, level_id: level.id, placed_by: viewer.userId });
        if (before?.level_id !== level.id && user.id !== viewer.userId) {
          void notify(ctx.services, {
            organizationId: viewer.organizationId,
            userIds: [user.id],
            kind: 'assessments',
            private: false,
            link: '/profile/assesment',
            // A placement is read by the person, their managers and admins, not by a Slack channel: the level is named in the body.
            title: 'You are placed on a new level',
            body: `You are placed on ${level.name} (${track.name}). Your assessments now compare you with what ${level.name} expects in the ${track.name} track.`,
          });
        }
        return findPlacement(db, viewer.organizationId, user.id)!;
      },
      removePlacement: (_: unknown, args: { user_id: string }, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const user = requirePlacer(ctx, viewer, args.user_id);
        return deletePlacement(ctx.services.db, viewer.organizationId, user.id);
      },
    },
    CompetencyTrack: {
      archived: (t: TrackRow & { archived?: boolean }) => (typeof t.archived === 'boolean' ? t.archived : t.archived_at != null),
      levels: (t: TrackRow, _: unknown, ctx: Ctx) => loadLevelsOfTrack(ctx, t.id),
      competencies: (t: TrackRow, _: unknown, ctx: Ctx) => loadCompetenciesOfTrack(ctx, t.id),
      people: (t: TrackRow, _: unknown, ctx: Ctx) => loadTrackPeople(ctx, t.id),
    },
    CompetencyLevel: {
      people: (l: LevelRow, _: unknown, ctx: Ctx) => loadLevelPeople(ctx, l.id),
    },
    Competency: {
      /** One per level of the track, in level order ('' where none was written). */
      expectations: async (c: CompetencyRow, _: unknown, ctx: Ctx) => {
        const [levels, rows] = await Promise.all([loadLevelsOfTrack(ctx, c.track_id), loadExpectations(ctx, c.id)]);
        const byLevel = new Map(rows.map((r) => [r.level_id, r.text]));
        return levels.map((l) => ({ level_id: l.id, text: byLevel.get(l.id) ?? '' }));
      },
    },
    CompetencyPlacement: {
      user: (p: PlacementRow, _: unknown, ctx: Ctx) => loadAnyUser(ctx, p.user_id),
      track: (p: PlacementRow, _: unknown, ctx: Ctx) => loadTrack(ctx, p.track_id),
      level: (p: PlacementRow, _: unknown, ctx: Ctx) => loadLevel(ctx, p.level_id),
      placed_by: (p: PlacementRow, _: unknown, ctx: Ctx) => loadAnyUser(ctx, p.placed_by),
    },
  },
};
