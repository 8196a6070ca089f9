import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { badInput, conflict, forbidden, notFound } from '../../../shared/app-error.js';
import { actionItemInputSchema, RETRO_ACTION_OPEN, RETRO_ACTION_STATUSES, RETRO_PHASES, type RetroActionStatus } from '../../../shared/retros.js';
import { requireViewer } from '../../graphql/context.js';
import { topics } from '../../graphql/pubsub.js';
import { parseInput } from '../../lib/parse.js';
import { newId } from '../../lib/tokens.js';
import type { Services } from '../../services.js';
import { notify } from '../notifications/notifications.deliver.js';
import { loadTeam, loadUser } from '../users/users.loaders.js';
import { retroAccess, takesPart, teamRelation, type RetroRow } from './retros.access.js';
import {
  bumpRetroVersions,
  deleteActionItem,
  findActionItem,
  insertActionItem,
  isGroupOfRetro,
  listActionItemsOfRetros,
  listCarriedActionItems,
  listOwnedActionItems,
  managerOf,
  patchActionItem,
  runningRetroIdsOfTeam,
  type RetroActionItemRow,
  type RetroActionItemView,
} from './retros.actions.repo.js';
import { changeRetro } from './retros.live.js';
import type { RetroPart } from './retros.part.js';
import { canTakePart, findRetro } from './retros.repo.js';
import { formatDay } from '../../../shared/format.js';

/** Where a retro is seen; notifications link here. */
export const retroPath = (retroId: string): string => `/professional-development/sprint-retro/review/${retroId}`;

const FIRST = RETRO_PHASES.indexOf('REVIEW_ACTIONS');
const LAST = RETRO_PHASES.indexOf('DISCUSS');
/** Action items are added from REVIEW_ACTIONS through DISCUSS. */
const addsItems = (r: RetroRow) => {
  const i = RETRO_PHASES.indexOf(r.phase);
  return i >= FIRST && i <= LAST && !r.ended_at;
};
const isRunning = (r: RetroRow) => !!r.started_at && !r.ended_at && r.phase !== 'SCHEDULED' && r.phase !== 'SUMMARY';

const statusesSchema = z.array(z.enum(RETRO_ACTION_STATUSES)).max(RETRO_ACTION_STATUSES.length).nullish();
const addSchema = actionItemInputSchema.refine((i) => i.text !== undefined, { message: 'Action item cannot be empty.', path: ['text'] });

/**
 * Runs `fn` (one transaction) so that every running retro of the team hears of it: the item's own
 * retro while it runs, and the team's running retro when an item of an ended retro changes (its
 * REVIEW_ACTIONS list updates live). Without a running retro it is a plain transaction.
 */
function changeForTeam<T>(services: Services, orgId: string, teamId: string, fn: () => T): T {
  const { db } = services;
  const running = runningRetroIdsOfTeam(db, orgId, teamId);
  if (!running.length) return db.transaction(fn, { behavior: 'immediate' });
  const [first, ...others] = running;
  const bumped: Array<{ id: string; version: number }> = [];
  const out = changeRetro(services, first!, () => {
    const result = fn();
    if (others.length) {
      bumped.push(...bumpRetroVersions(db, others, new Date().toISOString()));
    }
    return result;
  });
  for (const b of bumped) services.pubsub.publish(topics.retroChanged(b.id), { version: b.version });
  return out;
}

/** Tells a new owner (not the one who assigned it) that an action item is theirs; after the commit. */
function tellOwner(services: Services, orgId: string, item: RetroActionItemRow, retroTitle: string, by: string): void {
  if (!item.owner_id || item.owner_id === by) return;
  void notify(services, {
    organizationId: orgId,
    userIds: [item.owner_id],
    kind: 'retros',
    private: false,
    link: retroPath(item.retro_id),
    title: 'An action item from a retro is yours',
    body: `${retroTitle}: “${item.text}”${item.due_on ? `\nDue ${formatDay(item.due_on)}.` : ''}`.slice(0, 4000),
  });
}

function checkOwner(services: Services, orgId: string, teamId: string, ownerId: string | null | undefined): void {
  if (ownerId && !canTakePart(services.db, orgId, teamId, ownerId)) {
    throw badInput('owner_id: the owner must be a member, the manager or the lead of the team, or an admin.');
  }
}

function addRetroActionItem(_: unknown, args: { retro_id: string; input: unknown }, ctx: MercuriusContext): RetroActionItemView {
  const viewer = requireViewer(ctx);
  const { services } = ctx;
  const { db } = services;
  const { retro } = retroAccess(db, viewer, args.retro_id);
  const input = parseInput(addSchema, args.input);
  if (!addsItems(retro)) throw conflict('Action items are added from the review of last action items through the discussion.');
  checkOwner(services, viewer.organizationId, retro.team_id, input.owner_id);
  if (input.group_id && !isGroupOfRetro(db, retro.id, input.group_id)) throw badInput('group_id: no such group in this retro.');
  const status = input.status ?? 'OPEN';
  const at = new Date().toISOString();
  const row = changeForTeam(services, viewer.organizationId, retro.team_id, () => {
    const fresh = findRetro(db, viewer.organizationId, retro.id)!;
    if (!addsItems(fresh)) throw conflict('Action items are added from the review of last action items through the discussion.');
    return insertActionItem(db, {
      id: newId(),
      organization_id: viewer.organizationId,
      retro_id: retro.id,
      team_id: retro.team_id,
      group_id: input.group_id ?? null,
      text: input.text!,
      owner_id: input.owner_id ?? null,
      due_on: input.due_on ?? null,
      status,
      done_at: status === 'DONE' ? at : null,
      created_by: viewer.userId,
      created_at: at,
      updated_at: at,
    });
  });
  tellOwner(services, viewer.organizationId, row, retro.title, viewer.userId);
  return { ...row, retro_title: retro.title };
}

/**
 * Text, owner, due date and topic: by the team while the retro runs. Status: any time by the team,
 * the owner, the owner's manager and admins. Anyone else: NOT_FOUND.
 */
function updateRetroActionItem(_: unknown, args: { id: string; input: unknown }, ctx: MercuriusContext): RetroActionItemView {
  const viewer = requireViewer(ctx);
  const { services } = ctx;
  const { db } = services;
  const orgId = viewer.organizationId;
  const item = findActionItem(db, orgId, args.id);
  if (!item) throw notFound('Action item');
  const relation = teamRelation(db, viewer, item.team_id);
  const team = takesPart(relation);
  const mayStatus = team || item.owner_id === viewer.userId || (!!item.owner_id && managerOf(db, orgId, item.owner_id) === viewer.userId);
  if (!mayStatus) throw notFound('Action item');
  const input = parseInput(actionItemInputSchema, args.input);
  const content = input.text !== undefined || input.owner_id !== undefined || input.due_on !== undefined || input.group_id !== undefined;
  const retro = findRetro(db, orgId, item.retro_id)!;
  if (content) {
    if (!team) throw forbidden('Only the team can change the text, owner or due date of an action item; you can change its status.');
    if (!isRunning(retro)) throw conflict('The retro is not running: only the status of its action items can change now.');
    checkOwner(services, orgId, item.team_id, input.owner_id);
    if (input.group_id && !isGroupOfRetro(db, retro.id, input.group_id)) throw badInput('group_id: no such group in this retro.');
  }
  const patch: Partial<RetroActionItemRow> = { updated_at: new Date().toISOString() };
  if (input.text !== undefined) patch.text = input.text;
  if (input.owner_id !== undefined) patch.owner_id = input.owner_id;
  if (input.due_on !== undefined) patch.due_on = input.due_on;
  if (input.group_id !== undefined) patch.group_id = input.group_id;
  if (input.status !== undefined && input.status !== item.status) {
    patch.status = input.status;
    patch.done_at = input.status === 'DONE' ? patch.updated_at! : null;
  }
  changeForTeam(services, orgId, item.team_id, () => {
    if (content && !isRunning(findRetro(db, orgId, item.retro_id)!))
      throw conflict('The retro is not running: only the status of its action items can change now.');
    patchActionItem(db, item.id, patch);
  });
  const updated = findActionItem(db, orgId, item.id)!;
  if (input.owner_id && input.owner_id !== item.owner_id) tellOwner(services, orgId, updated, updated.retro_title, viewer.userId);
  return updated;
}

function deleteRetroActionItem(_: unknown, args: { id: string }, ctx: MercuriusContext): boolean {
  const viewer = requireViewer(ctx);
  const { services } = ctx;
  const { db } = services;
  const item = findActionItem(db, viewer.organizationId, args.id);
  if (!item || !takesPart(teamRelation(db, viewer, item.team_id))) throw notFound('Action item');
  const refusal = 'The retro is not running: its action items can no longer be deleted (set them to Dropped instead).';
  if (!isRunning(findRetro(db, viewer.organizationId, item.retro_id)!)) throw conflict(refusal);
  changeForTeam(services, viewer.organizationId, item.team_id, () => {
    if (!isRunning(findRetro(db, viewer.organizationId, item.retro_id)!)) throw conflict(refusal);
    deleteActionItem(db, item.id);
  });
  return true;
}

function myRetroActionItems(_: unknown, args: { statuses?: RetroActionStatus[] | null }, ctx: MercuriusContext): RetroActionItemView[] {
  const viewer = requireViewer(ctx);
  const statuses = parseInput(statusesSchema, args.statuses) ?? [...RETRO_ACTION_OPEN];
  return listOwnedActionItems(ctx.services.db, viewer.organizationId, viewer.userId, [...new Set(statuses)]);
}

const orgOf = (ctx: MercuriusContext) => ctx.viewer?.organizationId ?? '';

/** Retro.action_items and Retro.previous_action_items: one loader each, so a list of retros costs a constant number of statements. */
const retroFields = {
  action_items: (r: { id: string }, _: unknown, ctx: MercuriusContext) =>
    ctx.loaders
      .get<RetroActionItemView[]>(
        'retros.actionItems',
        (ids) => {
          const out = new Map<string, RetroActionItemView[]>();
          for (const item of listActionItemsOfRetros(ctx.services.db, orgOf(ctx), ids)) {
            const list = out.get(item.retro_id);
            if (list) list.push(item);
            else out.set(item.retro_id, [item]);
          }
          return out;
        },
        [],
      )
      .load(r.id),
  previous_action_items: (r: { id: string }, _: unknown, ctx: MercuriusContext) =>
    ctx.loaders.get<RetroActionItemView[]>('retros.carriedActionItems', (ids) => listCarriedActionItems(ctx.services.db, orgOf(ctx), ids), []).load(r.id),
};

/** Retros: action items: in the meeting, carried over, on the owner dashboard. */
export const retroActionsPart: RetroPart = {
  resolvers: {
    Query: { myRetroActionItems },
    Mutation: { addRetroActionItem, updateRetroActionItem, deleteRetroActionItem },
    Retro: retroFields,
    RetroActionItem: {
      team: (i: RetroActionItemRow, _: unknown, ctx: MercuriusContext) => loadTeam(ctx, i.team_id),
      owner: (i: RetroActionItemRow, _: unknown, ctx: MercuriusContext) => loadUser(ctx, i.owner_id),
    },
  },
};
