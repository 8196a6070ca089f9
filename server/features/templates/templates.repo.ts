import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { staleSave } from '../../../shared/app-error.js';
import type { Db } from '../../db/connection.js';
import { newId, nowIso } from '../../lib/tokens.js';
import type { Viewer } from '../auth/viewer.js';
import { isTeamManagedOrLedBy } from '../teams/teams.repo.js';
import { findUserById } from '../users/users.repo.js';
import type { TemplateStore } from './templates.lifecycle.js';

/** A table of stored templates: an organization's rows with the lifecycle columns of templates.tables.ts. */
type TemplateTable = SQLiteTable & Record<'id' | 'organization_id' | 'name' | 'version' | 'archived_at' | 'created_at', SQLiteColumn>;

/** What the API presents for such a template, built-in or stored: its content and where it is in the lifecycle. */
export type StoredTemplateView<Def> = Def & { built_in: boolean; archived: boolean; created_by: string | null; updated_at: string | null; version: number };

/**
 * Templates whose content is a few columns of one row, next to built-ins that live in code (ids
 * `builtin:<slug>`, never stored): feedback request templates, retro templates and health checks.
 */
export type StoredTemplatesConfig<T extends TemplateTable, Def extends { id: string }, In> = {
  table: T;
  /** The built-ins, in the order lists show them (first). */
  builtIns: readonly Def[];
  /** A stored row's content, as a built-in has it (id included). */
  contentOf: (row: T['$inferSelect']) => Def;
  /** The content columns a create or an edit writes (name, description, questions ...). */
  columns: (input: In) => Record<string, unknown>;
  /** Names the template in the stale-save refusal: "Someone else saved this <kind> ...". */
  kind: string;
};

/**
 * The store of such templates (the lifecycle's TemplateStore): lists put the built-ins first, then the
 * organization's own by name; an edit saves over its base version only, in one statement, so two
 * saves of the same version cannot both pass (docs/decisions/0059); archiving changes no content
 * and leaves the version alone.
 */
export function storedTemplates<T extends TemplateTable, Def extends { id: string }, In>(
  config: StoredTemplatesConfig<T, Def, In>,
): TemplateStore<StoredTemplateView<Def>, In> {
  const { table: t } = config;
  type Row = T['$inferSelect'] & { archived_at: string | null; created_by: string | null; updated_at: string | null; version: number };
  const view = (row: Row): StoredTemplateView<Def> => ({
    ...config.contentOf(row),
    built_in: false,
    archived: row.archived_at !== null,
    created_by: row.created_by,
    updated_at: row.updated_at,
    version: row.version,
  });
  // A copy: the built-ins are shared constants.
  const builtInView = (def: Def): StoredTemplateView<Def> => ({
    ...structuredClone(def),
    built_in: true,
    archived: false,
    created_by: null,
    updated_at: null,
    version: 0,
  });
  // Drizzle cannot type the rows of a table given as a type parameter: the queries use the plain
  // table, and their rows are read as this table's rows.
  const plain = t as SQLiteTable;
  const inOrg = (orgId: string) => eq(t.organization_id, orgId);
  const write = (db: Db, set: Record<string, unknown>, where: SQL | undefined) => db.update(plain).set(set).where(where).returning().get() as Row | undefined;
  return {
    list(db, orgId, includeArchived) {
      const own = db
        .select()
        .from(plain)
        .where(includeArchived ? inOrg(orgId) : and(inOrg(orgId), isNull(t.archived_at)))
        .orderBy(asc(sql`lower(${t.name})`), asc(t.created_at))
        .all() as Row[];
      return [...config.builtIns.map(builtInView), ...own.map(view)];
    },
    find(db, orgId, id) {
      const builtIn = config.builtIns.find((d) => d.id === id);
      if (builtIn) return builtInView(builtIn);
      const row = db
        .select()
        .from(plain)
        .where(and(inOrg(orgId), eq(t.id, id)))
        .get() as Row | undefined;
      return row ? view(row) : undefined;
    },
    insert(db, orgId, input, createdBy) {
      const values = { id: newId(), organization_id: orgId, ...config.columns(input), created_by: createdBy };
      const row = db.insert(plain).values(values).returning().get() as Row;
      return view(row);
    },
    update(db, orgId, id, input, baseVersion) {
      const row = write(
        db,
        { ...config.columns(input), version: sql`${t.version} + 1`, updated_at: nowIso() },
        and(inOrg(orgId), eq(t.id, id), eq(t.version, baseVersion)),
      );
      if (!row) throw staleSave(config.kind);
      return view(row);
    },
    setArchived(db, orgId, id, archived) {
      const at = nowIso();
      return view(write(db, { archived_at: archived ? at : null, updated_at: at }, and(inOrg(orgId), eq(t.id, id)))!);
    },
  };
}

/**
 * Whether the viewer may change a template someone created: they created it, they are an admin, or
 * they are the creator's manager (direct, or the manager or lead of the creator's team). The rule
 * of SUBJECT_OR_MANAGER for feedback and retro templates: a manager of another team only copies it.
 */
export function isCreatorOrTheirManager(db: Db, viewer: Viewer, createdBy: string | null): boolean {
  if (viewer.permissionLevel === 'ADMIN' || (!!createdBy && createdBy === viewer.userId)) return true;
  if (!createdBy) return false;
  const creator = findUserById(db, viewer.organizationId, createdBy, { includeDeleted: true });
  if (!creator) return false;
  if (creator.manager_id === viewer.userId) return true;
  if (!creator.team_id) return false;
  return isTeamManagedOrLedBy(db, creator.team_id, viewer.userId);
}
