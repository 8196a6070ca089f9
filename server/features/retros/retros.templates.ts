import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { teams } from '../teams/teams.tables.js';
import { users } from '../users/users.tables.js';
import type { MercuriusContext } from 'mercurius';
import { conflict, forbidden, notFound } from '../../../shared/app-error.js';
import { retroHealthCheckInputSchema, retroTemplateInputSchema } from '../../../shared/retros.js';
import { requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import type { Viewer } from '../auth/viewer.js';
import { loadUser } from '../users/users.loaders.js';
import type { RetroPart } from './retros.part.js';
import {
  copyName, findRetroHealthCheckView, findRetroTemplateView, insertRetroHealthCheck, insertRetroTemplate, listRetroHealthChecks, listRetroTemplates,
  setRetroHealthCheckArchived, setRetroTemplateArchived, updateRetroHealthCheckRow, updateRetroTemplateRow,
  type RetroHealthCheckView, type RetroTemplateView,
} from './retros.templates.repo.js';

type Ctx = MercuriusContext;

/**
 * Retros: templates and health check statement sets (docs/decisions/0047). Everyone signed in
 * reads them, creates and copies; the creator, managers and admins edit, archive and restore.
 * Built-ins (shared/retros.ts) are never changed: copy one to edit it. Retros keep their own copy
 * of the prompts and statements (insertRetro), so an edit never reaches an existing retro.
 */

const BUILT_IN_TEMPLATE = 'Built-in templates cannot be changed; copy one to edit it.';
const BUILT_IN_HEALTH = 'Built-in health checks cannot be changed; copy one to edit it.';

type Owned = { built_in?: boolean; created_by?: string | null; id: string };
const isBuiltIn = (t: Owned): boolean => t.built_in ?? t.id.startsWith('builtin:');

/**
 * May change this template or health check: not built in, and the viewer created it, is the
 * creator's manager (direct, or the manager or lead of the creator's team), or an admin
 * (SUBJECT_OR_MANAGER in retros.rules.ts: a manager of another team only copies it).
 */
export function canManageRetroTemplate(db: Db, viewer: Viewer, t: Owned): boolean {
  if (isBuiltIn(t)) return false;
  if (viewer.permissionLevel === 'ADMIN' || (!!t.created_by && t.created_by === viewer.userId)) return true;
  if (!t.created_by) return false;
  const creator = db.select({ manager_id: users.manager_id, team_id: users.team_id }).from(users)
    .where(and(eq(users.organization_id, viewer.organizationId), eq(users.id, t.created_by))).get();
  if (!creator) return false;
  if (creator.manager_id === viewer.userId) return true;
  if (!creator.team_id) return false;
  return !!db.select({ id: teams.id }).from(teams).where(and(eq(teams.id, creator.team_id), or(eq(teams.manager_id, viewer.userId), eq(teams.team_lead_id, viewer.userId)))).get();
}

/** GraphQL inputs may carry nulls where the shared schemas expect a missing key. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
  return value;
}

function requireTemplate(ctx: Ctx, viewer: Viewer, id: string): RetroTemplateView {
  const t = findRetroTemplateView(ctx.services.db, viewer.organizationId, id);
  if (!t) throw notFound('Retro template');
  return t;
}

function requireHealthCheck(ctx: Ctx, viewer: Viewer, id: string): RetroHealthCheckView {
  const h = findRetroHealthCheckView(ctx.services.db, viewer.organizationId, id);
  if (!h) throw notFound('Health check');
  return h;
}

function requireManageableTemplate(ctx: Ctx, id: string, action: 'edit' | 'archive'): { viewer: Viewer; template: RetroTemplateView } {
  const viewer = requireViewer(ctx);
  const template = requireTemplate(ctx, viewer, id);
  if (template.built_in) throw conflict(BUILT_IN_TEMPLATE);
  if (!canManageRetroTemplate(ctx.services.db, viewer, template)) throw forbidden('Only the person who created this template, their manager and admins can change it. Copy it to make your own.');
  if (action === 'edit' && template.archived) throw conflict('This template is archived. Restore it to edit it.');
  return { viewer, template };
}

function requireManageableHealthCheck(ctx: Ctx, id: string, action: 'edit' | 'archive'): { viewer: Viewer; check: RetroHealthCheckView } {
  const viewer = requireViewer(ctx);
  const check = requireHealthCheck(ctx, viewer, id);
  if (check.built_in) throw conflict(BUILT_IN_HEALTH);
  if (!canManageRetroTemplate(ctx.services.db, viewer, check)) throw forbidden('Only the person who created this health check, their manager and admins can change it. Copy it to make your own.');
  if (action === 'edit' && check.archived) throw conflict('This health check is archived. Restore it to edit it.');
  return { viewer, check };
}

const ownerFields = {
  built_in: (t: Owned) => isBuiltIn(t),
  archived: (t: { archived?: boolean; archived_at?: string | null }) => t.archived ?? (t.archived_at != null),
  created_by: (t: { created_by?: string | null }, _: unknown, ctx: Ctx) => loadUser(ctx, t.created_by ?? null),
  updated_at: (t: { updated_at?: string | null }) => t.updated_at ?? null,
  can_manage: (t: Owned, _: unknown, ctx: Ctx) => !!ctx.viewer && canManageRetroTemplate(ctx.services.db, ctx.viewer, t),
};

export const retroTemplatesPart: RetroPart = {
  resolvers: {
    Query: {
      retroTemplates: (_: unknown, args: { include_archived?: boolean | null }, ctx: Ctx) =>
        listRetroTemplates(ctx.services.db, requireViewer(ctx).organizationId, !!args.include_archived),
      retroTemplate: (_: unknown, args: { id: string }, ctx: Ctx) => requireTemplate(ctx, requireViewer(ctx), args.id),
      retroHealthChecks: (_: unknown, args: { include_archived?: boolean | null }, ctx: Ctx) =>
        listRetroHealthChecks(ctx.services.db, requireViewer(ctx).organizationId, !!args.include_archived),
    },
    Mutation: {
      createRetroTemplate: (_: unknown, args: { input: unknown }, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const data = parseInput(retroTemplateInputSchema, withoutNulls(args.input));
        return insertRetroTemplate(ctx.services.db, viewer.organizationId, data, viewer.userId);
      },
      updateRetroTemplate: (_: unknown, args: { id: string; input: unknown; base_version: number }, ctx: Ctx) => {
        const { viewer, template } = requireManageableTemplate(ctx, args.id, 'edit');
        const data = parseInput(retroTemplateInputSchema, withoutNulls(args.input));
        return updateRetroTemplateRow(ctx.services.db, viewer.organizationId, template.id, data, args.base_version);
      },
      copyRetroTemplate: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const t = requireTemplate(ctx, viewer, args.id);
        return insertRetroTemplate(ctx.services.db, viewer.organizationId, { name: copyName(t.name), description: t.description, prompts: t.prompts }, viewer.userId);
      },
      archiveRetroTemplate: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const { viewer, template } = requireManageableTemplate(ctx, args.id, 'archive');
        return template.archived ? template : setRetroTemplateArchived(ctx.services.db, viewer.organizationId, template.id, true);
      },
      restoreRetroTemplate: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const { viewer, template } = requireManageableTemplate(ctx, args.id, 'archive');
        return template.archived ? setRetroTemplateArchived(ctx.services.db, viewer.organizationId, template.id, false) : template;
      },
      createRetroHealthCheck: (_: unknown, args: { input: unknown }, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const data = parseInput(retroHealthCheckInputSchema, withoutNulls(args.input));
        return insertRetroHealthCheck(ctx.services.db, viewer.organizationId, data, viewer.userId);
      },
      updateRetroHealthCheck: (_: unknown, args: { id: string; input: unknown; base_version: number }, ctx: Ctx) => {
        const { viewer, check } = requireManageableHealthCheck(ctx, args.id, 'edit');
        const data = parseInput(retroHealthCheckInputSchema, withoutNulls(args.input));
        return updateRetroHealthCheckRow(ctx.services.db, viewer.organizationId, check.id, data, args.base_version);
      },
      copyRetroHealthCheck: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const h = requireHealthCheck(ctx, viewer, args.id);
        return insertRetroHealthCheck(ctx.services.db, viewer.organizationId, { name: copyName(h.name), statements: h.statements }, viewer.userId);
      },
      archiveRetroHealthCheck: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const { viewer, check } = requireManageableHealthCheck(ctx, args.id, 'archive');
        return check.archived ? check : setRetroHealthCheckArchived(ctx.services.db, viewer.organizationId, check.id, true);
      },
      restoreRetroHealthCheck: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const { viewer, check } = requireManageableHealthCheck(ctx, args.id, 'archive');
        return check.archived ? setRetroHealthCheckArchived(ctx.services.db, viewer.organizationId, check.id, false) : check;
      },
    },
    RetroTemplate: ownerFields,
    RetroHealthCheck: ownerFields,
  },
};
