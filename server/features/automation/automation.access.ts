import type { MercuriusContext } from 'mercurius';
import { badInput, forbidden, notFound } from '../../../shared/app-error.js';
import { requireViewer } from '../../graphql/context.js';
import type { Db } from '../../db/connection.js';
import type { Viewer } from '../auth/viewer.js';
import { teamsManagedBy } from '../teams/teams.repo.js';

type Ctx = MercuriusContext;

/** The scheduler's clock, ISO: rules count their periods on the same time as the jobs (tests move it). */
export const clockIso = (ctx: Ctx): string => new Date(ctx.services.scheduler.now()).toISOString();

/** A field error of a rule's input, shown next to the field. */
export const ruleField = (name: string, message: string) => badInput(`${name}: ${message}`, { fields: { [name]: message } });

/** Managers and admins only (review rules, sprints); FORBIDDEN (`refusal`) for members. */
export function requireManagerOrAdmin(ctx: Ctx, refusal: string): Viewer {
  const viewer = requireViewer(ctx);
  if (viewer.permissionLevel === 'MEMBER') throw forbidden(refusal);
  return viewer;
}

/** The teams the viewer manages or leads. */
export const teamsLedBy = (ctx: Ctx, viewer: Viewer): Set<string> =>
  new Set(teamsManagedBy(ctx.services.db, viewer.organizationId, [viewer.userId]).map((t) => t.id));

/**
 * Rules run per team (retros, feedback: docs/decisions/0047, 0048, 0073): an admin runs every team's
 * rules; a team's manager or lead its team's. These are the teams the viewer runs (null: all).
 */
export const automatedTeamIds = (ctx: Ctx, viewer: Viewer): Set<string> | null => (viewer.permissionLevel === 'ADMIN' ? null : teamsLedBy(ctx, viewer));

/** The viewer and the teams they automate; FORBIDDEN (`refusal`) for members who lead no team (managers who lead none see an empty list). */
export function requireTeamAutomation(ctx: Ctx, refusal: string): { viewer: Viewer; teamIds: Set<string> | null } {
  const viewer = requireViewer(ctx);
  const teamIds = automatedTeamIds(ctx, viewer);
  if (teamIds && !teamIds.size && viewer.permissionLevel === 'MEMBER') throw forbidden(refusal);
  return { viewer, teamIds };
}

/** A rule the viewer may change: NOT_FOUND in another organization, FORBIDDEN (`refusal`) when its team is not theirs. */
export function requireTeamRule<R extends { team_id: string | null }>(
  ctx: Ctx,
  id: string,
  find: (db: Db, orgId: string, id: string) => R | undefined,
  refusal: string,
): { viewer: Viewer; rule: R } {
  const viewer = requireViewer(ctx);
  const rule = find(ctx.services.db, viewer.organizationId, id);
  if (!rule) throw notFound('Automation rule');
  const teamIds = automatedTeamIds(ctx, viewer);
  if (teamIds && (!rule.team_id || !teamIds.has(rule.team_id))) throw forbidden(refusal);
  return { viewer, rule };
}

/**
 * Pausing, resuming and deleting a rule, the same in every area: who may (`require`), then the
 * change. Pausing a paused rule or resuming a running one changes nothing.
 */
export function ruleLifecycle<R>(o: {
  require: (ctx: Ctx, id: string) => { rule: R };
  paused: (rule: R) => boolean;
  setPaused: (ctx: Ctx, rule: R, paused: boolean) => R;
  remove: (ctx: Ctx, rule: R) => void;
}) {
  const set =
    (paused: boolean) =>
    (_: unknown, args: { id: string }, ctx: Ctx): R => {
      const { rule } = o.require(ctx, args.id);
      return o.paused(rule) === paused ? rule : o.setPaused(ctx, rule, paused);
    };
  return {
    pause: set(true),
    resume: set(false),
    remove: (_: unknown, args: { id: string }, ctx: Ctx): boolean => {
      const { rule } = o.require(ctx, args.id);
      o.remove(ctx, rule);
      return true;
    },
  };
}
