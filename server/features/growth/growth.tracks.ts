import type { MercuriusContext } from 'mercurius';
import { badInput, conflict } from '../../../shared/app-error.js';
import { builtinTrack } from '../../../shared/growth.builtin-framework.js';
import { GROWTH_LIMITS, competencyTrackInputSchema } from '../../../shared/growth.js';
import { requireAdmin } from '../../graphql/context.js';
import { parseInput, withoutNulls } from '../../lib/parse.js';
import { nowIso } from '../../lib/tokens.js';
import { templateLifecycle, templateResolvers, type TemplateStore } from '../templates/templates.lifecycle.js';
import {
  countTracks,
  findTrack,
  findTrackByName,
  levelsOfTracks,
  listTracks,
  peopleUsingLevels,
  setTrackArchived,
  writeTrack,
  type TrackData,
  type TrackRow,
} from './growth.framework.repo.js';

type Ctx = MercuriusContext;
/** A track's content; a copy of a built-in also names the built-in it came from. */
type TrackInput = TrackData & { builtin_key?: string };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function nameTaken(message: string): never {
  throw badInput(message, { fields: { name: message } });
}

/** A free name for another copy of a built-in track: "Name (copy)", then "Name (copy 2)"... */
function freeCopyName(ctx: Ctx, orgId: string, name: string): string {
  if (!findTrackByName(ctx.services.db, orgId, name)) return name;
  for (let i = 1; ; i++) {
    const candidate = `${name} (copy${i > 1 ? ` ${i}` : ''})`;
    if (!findTrackByName(ctx.services.db, orgId, candidate)) return candidate;
  }
}

/**
 * Tracks are written whole (writeTrack) in one transaction. An edit may not remove a level someone
 * is placed on or assessed against: CONFLICT, naming the levels, and nothing is saved.
 */
const trackStore: TemplateStore<TrackRow, TrackInput> = {
  list: listTracks,
  find: findTrack,
  insert: (db, orgId, data) =>
    findTrack(
      db,
      orgId,
      db.transaction(() => writeTrack(db, orgId, null, data, { builtin_key: data.builtin_key ?? null })),
    )!,
  update: (db, orgId, id, data, baseVersion) => {
    db.transaction(() => {
      const kept = new Set(data.levels.map((l) => l.id).filter(Boolean));
      const removed = levelsOfTracks(db, orgId, [id]).filter((l) => !kept.has(l.id));
      const people = peopleUsingLevels(
        db,
        orgId,
        removed.map((l) => l.id),
      );
      if (people > 0) {
        const names = removed.map((l) => l.name).join(', ');
        throw conflict(
          `${names} cannot be removed: ${plural(people, 'person is', 'people are')} placed on it or assessed against it. Place them on another level first.`,
        );
      }
      writeTrack(db, orgId, id, data, { baseVersion });
    });
    return findTrack(db, orgId, id)!;
  },
  setArchived: (db, orgId, id, archived) => {
    setTrackArchived(db, orgId, id, archived ? nowIso() : null);
    return findTrack(db, orgId, id)!;
  },
};

/**
 * Competency tracks (docs/decisions/0050) through the template lifecycle (docs/decisions/0075):
 * everyone reads the organization's tracks; admins copy a built-in track (by its key: built-ins are
 * offered by builtinCompetencyTracks, never listed as tracks), create, edit (the whole track at
 * once), archive and restore them. Names are unique (archived tracks count), and so is room: at most
 * GROWTH_LIMITS.tracksMax tracks.
 */
export const competencyTracks = templateLifecycle<TrackRow, TrackInput>({
  noun: 'Track',
  kind: 'track',
  store: trackStore,
  writer: requireAdmin,
  id: (t) => t.id,
  builtIn: () => false,
  archived: (t) => t.archived_at != null,
  // The writer is an admin, who changes every track.
  mayChange: () => true,
  notYours: 'Only an admin can do this.',
  builtInRefusal: { error: () => conflict('Built-in tracks are copied, never changed.'), archive: true },
  parse: (ctx, viewer, input, editing) => {
    const data = parseInput(competencyTrackInputSchema, withoutNulls(input));
    if (findTrackByName(ctx.services.db, viewer.organizationId, data.name, editing?.id))
      nameTaken(`A track named "${data.name}" already exists (archived tracks count too).`);
    return data;
  },
  copyOf: (ctx, viewer, args) => {
    const key = String(args.key);
    const builtin = builtinTrack(key);
    if (!builtin) throw badInput(`There is no built-in track "${key}".`, { fields: { key: 'Choose one of the built-in tracks.' } });
    const { name, description, levels, competencies } = builtin;
    return { name: freeCopyName(ctx, viewer.organizationId, name), description, levels, competencies, builtin_key: builtin.key };
  },
  beforeInsert: (ctx, viewer) => {
    if (countTracks(ctx.services.db, viewer.organizationId) >= GROWTH_LIMITS.tracksMax) {
      throw conflict(`An organization has at most ${GROWTH_LIMITS.tracksMax} tracks (archived ones count): remove or reuse one.`);
    }
  },
});

export const competencyTrackResolvers = templateResolvers(competencyTracks, {
  list: 'competencyFramework',
  one: 'competencyTrack',
  create: 'createCompetencyTrack',
  copy: 'copyBuiltinCompetencyTrack',
  update: 'updateCompetencyTrack',
  archive: 'archiveCompetencyTrack',
  restore: 'restoreCompetencyTrack',
});
