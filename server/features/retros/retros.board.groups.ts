import type { MercuriusContext } from 'mercurius';
import { conflict, notFound } from '../../../shared/app-error.js';
import { RETRO_LIMITS, groupTitleSchema } from '../../../shared/retros.js';
import type { Db } from '../../db/connection.js';
import { requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import { newId } from '../../lib/tokens.js';
import { retroAccess, type RetroRow } from './retros.access.js';
import { accessVia, groupViewById, type GroupView } from './retros.board.view.js';
import { groupTitle, suggestGroups, titleModel, type TitleModel } from './retros.grouping.js';
import { changeRetro, onRetroPhase } from './retros.live.js';
import {
  deleteGroups,
  dropEmptyGroups,
  findGroupInOrg,
  groupIdsOf,
  groupsOf,
  insertGroup,
  lastGroupOrder,
  placeReflection,
  reflectionRetro,
  reflectionsOf,
  setGroupOrder,
  setGroupTitle,
  tallyVotes,
} from './retros.board.repo.js';
import { findRetro, findRetroById } from './retros.repo.js';

type Ctx = MercuriusContext;

/** The title a group gets from its reflections' key words (the retro's texts set how distinctive a word is). */
const autoTitle = (texts: string[], model: TitleModel): string => groupTitle(texts, model, 3, RETRO_LIMITS.groupTitleMax);

/**
 * Entering GROUP (and SUMMARY, for a retro ended before GROUP): every reflection without a group
 * gets one of its own, titled from its key words. The board's order is the template's prompt
 * order, then the text: never the order of writing, which could tell who wrote what.
 */
export function ensureOwnGroups(db: Db, retro: Pick<RetroRow, 'id' | 'organization_id' | 'prompts'>, at: string): void {
  const rows = reflectionsOf(db, retro.id);
  const loose = rows.filter((x) => !x.group_id);
  if (!loose.length) return;
  const promptIndex = new Map(retro.prompts.map((p, i) => [p.id, i]));
  const corpus = titleModel(rows.map((x) => x.text));
  const ordered = [...loose].sort(
    (a, b) =>
      (promptIndex.get(a.prompt_id) ?? 99) - (promptIndex.get(b.prompt_id) ?? 99) ||
      a.text.localeCompare(b.text, 'en', { sensitivity: 'base' }) ||
      (a.id < b.id ? -1 : 1),
  );
  let order = (lastGroupOrder(db, retro.id) ?? -1) + 1;
  let pos = rows.filter((x) => x.group_id).reduce((m, x) => Math.max(m, x.sort_order), -1) + 1;
  for (const x of ordered) {
    const id = newId();
    insertGroup(db, {
      id,
      organization_id: retro.organization_id,
      retro_id: retro.id,
      title: autoTitle([x.text], corpus),
      sort_order: order++,
      created_at: at,
    });
    placeReflection(db, x.id, id, pos++);
  }
}

onRetroPhase(({ services, retroId, to, at }) => {
  const { db } = services;
  const retro = findRetroById(db, retroId);
  if (!retro) return;
  if (to === 'GROUP' || to === 'SUMMARY') ensureOwnGroups(db, retro, at);
  if (to === 'DISCUSS' || to === 'SUMMARY') tallyVotes(db, retroId);
});

/** GROUP: a reflection into a group, or (group_id null) into a new group of its own. Groups left empty disappear. */
function moveRetroReflection(_: unknown, args: { id: string; group_id?: string | null }, ctx: Ctx): RetroRow {
  const viewer = requireViewer(ctx);
  const { services } = ctx;
  const { db } = services;
  const reflection = reflectionRetro(db, viewer.organizationId, args.id);
  if (!reflection) throw notFound('Reflection');
  accessVia(db, viewer, reflection.retro_id, 'Reflection');
  const targetId = args.group_id ?? null;
  if (targetId) {
    const target = findGroupInOrg(db, viewer.organizationId, targetId);
    if (!target || target.retro_id !== reflection.retro_id) throw notFound('Group');
  }
  changeRetro(services, reflection.retro_id, () => {
    const retro = findRetro(db, viewer.organizationId, reflection.retro_id)!;
    if (retro.phase !== 'GROUP') throw conflict('Reflections are grouped in the Group phase.');
    const rows = reflectionsOf(db, retro.id);
    const card = rows.find((x) => x.id === args.id);
    if (!card) throw notFound('Reflection');
    const source = card.group_id;
    if (targetId === source) return;
    const membersOf = (groupId: string | null) => rows.filter((x) => x.group_id === groupId && x.id !== card.id);
    if (!targetId && source && membersOf(source).length === 0) return; // already alone in its group
    const groups = groupsOf(db, retro.id);
    // Someone else's move may have emptied (and so removed) the group this card was dropped on.
    if (targetId && !groups.some((g) => g.id === targetId)) throw conflict('That group no longer exists: someone moved its last card. Drop the card again.');
    const corpus = titleModel(rows.map((x) => x.text));
    // Titles still as made from their cards follow their cards; titles people wrote stay.
    const autoBefore = new Map(
      [source, targetId]
        .filter((g): g is string => !!g)
        .map((id) => [
          id,
          groups.find((g) => g.id === id)?.title ===
            autoTitle(
              rows.filter((x) => x.group_id === id).map((x) => x.text),
              corpus,
            ),
        ]),
    );
    const lastPos = rows.reduce((m, x) => Math.max(m, x.sort_order), 0);
    let destination = targetId;
    if (!destination) {
      destination = newId();
      const lastGroup = groups.reduce((m, g) => Math.max(m, g.sort_order), 0);
      insertGroup(db, {
        id: destination,
        organization_id: retro.organization_id,
        retro_id: retro.id,
        title: autoTitle([card.text], corpus),
        sort_order: lastGroup + 1,
      });
    }
    placeReflection(db, card.id, destination, lastPos + 1);
    for (const groupId of [source, targetId]) {
      if (!groupId || !autoBefore.get(groupId)) continue;
      const texts = groupId === targetId ? [...membersOf(groupId), card].map((x) => x.text) : membersOf(groupId).map((x) => x.text);
      if (texts.length) setGroupTitle(db, groupId, autoTitle(texts, corpus));
    }
    dropEmptyGroups(db, retro.id);
  });
  return findRetro(db, viewer.organizationId, reflection.retro_id)!;
}

/** GROUP to DISCUSS: a group's title (1-120 characters). */
function renameRetroGroup(_: unknown, args: { id: string; title: string }, ctx: Ctx): GroupView {
  const viewer = requireViewer(ctx);
  const { services } = ctx;
  const { db } = services;
  const title = parseInput(groupTitleSchema, args.title);
  const group = findGroupInOrg(db, viewer.organizationId, args.id);
  if (!group) throw notFound('Group');
  accessVia(db, viewer, group.retro_id, 'Group');
  changeRetro(services, group.retro_id, () => {
    const retro = findRetro(db, viewer.organizationId, group.retro_id)!;
    if (!['GROUP', 'VOTE', 'DISCUSS'].includes(retro.phase)) throw conflict('Group titles can change from the Group phase to the discussion.');
    if (!setGroupTitle(db, group.id, title)) throw conflict('That group no longer exists: someone moved its last card.');
  });
  const view = groupViewById(ctx, group.retro_id, group.id);
  if (!view) throw notFound('Group');
  return view;
}

/** GROUP: regroups every reflection by text similarity (retros.grouping.ts), each group titled from its key words. */
function suggestRetroGroups(_: unknown, args: { retro_id: string }, ctx: Ctx): RetroRow {
  const viewer = requireViewer(ctx);
  const { services } = ctx;
  const { db } = services;
  const access = retroAccess(db, viewer, args.retro_id);
  changeRetro(services, access.retro.id, () => {
    const retro = findRetro(db, viewer.organizationId, access.retro.id)!;
    if (retro.phase !== 'GROUP') throw conflict('Groups are suggested in the Group phase.');
    const rows = reflectionsOf(db, retro.id);
    const suggested = suggestGroups(rows.map((x) => ({ id: x.id, text: x.text })));
    // A suggested group with exactly the cards of an existing group is that group (its id and title stay).
    const old = groupIdsOf(db, retro.id);
    const setKey = (ids: string[]) => [...ids].sort().join(',');
    const cards = new Map<string, string[]>();
    for (const x of rows) if (x.group_id) cards.set(x.group_id, [...(cards.get(x.group_id) ?? []), x.id]);
    const existing = new Map([...cards].map(([groupId, ids]) => [setKey(ids), groupId]));
    const kept = new Set<string>();
    let pos = 0;
    for (const [i, s] of suggested.entries()) {
      let id = existing.get(setKey(s.ids));
      if (id) {
        kept.add(id);
        setGroupOrder(db, id, i);
      } else {
        id = newId();
        insertGroup(db, { id, organization_id: retro.organization_id, retro_id: retro.id, title: s.title.slice(0, RETRO_LIMITS.groupTitleMax), sort_order: i });
      }
      for (const reflectionId of s.ids) placeReflection(db, reflectionId, id, pos++);
    }
    const gone = old.filter((g) => !kept.has(g));
    if (gone.length) deleteGroups(db, gone);
  });
  return findRetro(db, viewer.organizationId, access.retro.id)!;
}

export const boardGroupResolvers = { Mutation: { moveRetroReflection, renameRetroGroup, suggestRetroGroups } };
