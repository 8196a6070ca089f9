import type { MercuriusContext } from 'mercurius';
import { conflict, forbidden, notFound, type AppError } from '../../../shared/app-error.js';
import type { Db } from '../../db/connection.js';
import { requireViewer } from '../../graphql/context.js';
import type { Viewer } from '../auth/viewer.js';

type Ctx = MercuriusContext;
type Args = Record<string, unknown>;
type Resolver = (parent: unknown, args: Args, ctx: Ctx) => unknown;

/** Where an area keeps its templates: reads, and the four writes of the lifecycle. Each write returns the template as the API presents it. */
export type TemplateStore<V, In> = {
  /** Built-ins first (when the area has them), then the organization's own; archived ones only when asked. */
  list: (db: Db, orgId: string, includeArchived: boolean) => V[];
  /** A template by id, built-in or the organization's own, archived or not (the lifecycle decides). */
  find: (db: Db, orgId: string, id: string) => V | undefined;
  insert: (db: Db, orgId: string, input: In, createdBy: string) => V;
  /** Saves over `baseVersion` only; a stale one is CONFLICT (staleSave) and saves nothing (docs/decisions/0059). */
  update: (db: Db, orgId: string, id: string, input: In, baseVersion: number) => V;
  /** Changes no content and leaves the version alone. */
  setArchived: (db: Db, orgId: string, id: string, archived: boolean) => V;
};

/**
 * One area's templates (feedback request templates, retro templates and health checks, review
 * templates, competency tracks): its store, its content and its rules. templateResolvers turns it
 * into the area's GraphQL fields, so every area creates, copies, edits, archives, restores and lists
 * the same way (docs/decisions/0075).
 */
export type TemplateArea<V, In> = {
  /** What NOT_FOUND names: "Feedback template". */
  noun: string;
  /** What the refusals name: "This <kind> is archived ...". */
  kind: string;
  store: TemplateStore<V, In>;
  /** Who reads (lists, one template); returns the viewer or throws the refusal. Default: anyone signed in. */
  reader?: (ctx: Ctx) => Viewer;
  /** Who creates and copies, and the first gate of any change. Default: the reader. */
  writer?: (ctx: Ctx) => Viewer;
  id: (t: V) => string;
  builtIn: (t: V) => boolean;
  archived: (t: V) => boolean;
  /** May this viewer edit, archive and restore this (not built-in) template. */
  mayChange: (ctx: Ctx, viewer: Viewer, t: V) => boolean;
  /** Said to a viewer who may not change it. */
  notYours: string;
  /** Changing a built-in: the refusal, and whether archiving and restoring one is refused too (else mayChange decides). */
  builtInRefusal: { error: () => AppError; archive: boolean };
  /** The content of a create (editing null) or an edit: the shared schema, then the area's own checks. */
  parse: (ctx: Ctx, viewer: Viewer, input: unknown, editing: V | null) => In;
  /** The content of a copy, from the copy mutation's arguments; `find` reads a source by id (NOT_FOUND when missing). */
  copyOf: (ctx: Ctx, viewer: Viewer, args: Args, find: (id: string) => V) => In;
  /** Checked before anything new is written (a create or a copy), after its content: room left, ... */
  beforeInsert?: (ctx: Ctx, viewer: Viewer) => void;
};

/** The lifecycle's operations for one area, for its resolvers and its other parts. */
export function templateLifecycle<V, In>(area: TemplateArea<V, In>) {
  const reader = area.reader ?? requireViewer;
  const writer = area.writer ?? reader;
  const find = (ctx: Ctx, viewer: Viewer, id: string): V => {
    const t = area.store.find(ctx.services.db, viewer.organizationId, id);
    if (!t) throw notFound(area.noun);
    return t;
  };
  /** Who may, then what the template's state allows: built-ins never change, archived ones are restored first. */
  const changeable = (ctx: Ctx, id: string, action: 'edit' | 'archive'): { viewer: Viewer; template: V } => {
    const viewer = writer(ctx);
    const template = find(ctx, viewer, id);
    if (area.builtIn(template) && (action === 'edit' || area.builtInRefusal.archive)) throw area.builtInRefusal.error();
    if (!area.mayChange(ctx, viewer, template)) throw forbidden(area.notYours);
    if (action === 'edit' && area.archived(template)) throw conflict(`This ${area.kind} is archived. Restore it to edit it.`);
    return { viewer, template };
  };
  const insert = (ctx: Ctx, viewer: Viewer, input: In) => {
    area.beforeInsert?.(ctx, viewer);
    return area.store.insert(ctx.services.db, viewer.organizationId, input, viewer.userId);
  };
  const setArchived = (ctx: Ctx, id: string, archived: boolean): V => {
    const { viewer, template } = changeable(ctx, id, 'archive');
    return area.archived(template) === archived ? template : area.store.setArchived(ctx.services.db, viewer.organizationId, area.id(template), archived);
  };
  return {
    list: (ctx: Ctx, includeArchived: boolean) => area.store.list(ctx.services.db, reader(ctx).organizationId, includeArchived),
    one: (ctx: Ctx, id: string) => find(ctx, reader(ctx), id),
    create: (ctx: Ctx, input: unknown) => {
      const viewer = writer(ctx);
      return insert(ctx, viewer, area.parse(ctx, viewer, input, null));
    },
    copy: (ctx: Ctx, args: Args) => {
      const viewer = writer(ctx);
      return insert(
        ctx,
        viewer,
        area.copyOf(ctx, viewer, args, (id) => find(ctx, viewer, id)),
      );
    },
    update: (ctx: Ctx, id: string, input: unknown, baseVersion: number) => {
      const { viewer, template } = changeable(ctx, id, 'edit');
      const data = area.parse(ctx, viewer, input, template);
      return area.store.update(ctx.services.db, viewer.organizationId, area.id(template), data, baseVersion);
    },
    archive: (ctx: Ctx, id: string) => setArchived(ctx, id, true),
    restore: (ctx: Ctx, id: string) => setArchived(ctx, id, false),
    /** For the type's can_manage field: not built in, and the viewer may change it. */
    canChange: (ctx: Ctx, t: V) => !!ctx.viewer && !area.builtIn(t) && area.mayChange(ctx, ctx.viewer, t),
  };
}

/** The GraphQL field names of an area's operations (the API as it is; `one` only where the area has it). */
export type TemplateFields = {
  list: string;
  /** The list's argument that asks for archived ones too. Default include_archived. */
  listFlag?: string;
  one?: string;
  create: string;
  copy: string;
  update: string;
  archive: string;
  restore: string;
};

/** An area's Query and Mutation resolvers of the lifecycle, under the names its schema already has. */
export function templateResolvers<V, In>(
  ops: ReturnType<typeof templateLifecycle<V, In>>,
  fields: TemplateFields,
): { Query: Record<string, Resolver>; Mutation: Record<string, Resolver> } {
  const flag = fields.listFlag ?? 'include_archived';
  return {
    Query: {
      [fields.list]: (_, args, ctx) => ops.list(ctx, !!args[flag]),
      ...(fields.one ? { [fields.one]: (_: unknown, args: Args, ctx: Ctx) => ops.one(ctx, String(args.id)) } : {}),
    },
    Mutation: {
      [fields.create]: (_, args, ctx) => ops.create(ctx, args.input),
      [fields.copy]: (_, args, ctx) => ops.copy(ctx, args),
      [fields.update]: (_, args, ctx) => ops.update(ctx, String(args.id), args.input, Number(args.base_version)),
      [fields.archive]: (_, args, ctx) => ops.archive(ctx, String(args.id)),
      [fields.restore]: (_, args, ctx) => ops.restore(ctx, String(args.id)),
    },
  };
}
