import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { staleSave } from '../../../shared/app-error.js';
import type { Db } from '../../db/connection.js';
import { newId, nowIso } from '../../lib/tokens.js';
import {
  BUILTIN_RETRO_HEALTH_CHECKS, BUILTIN_RETRO_TEMPLATES, RETRO_LIMITS,
  type RetroHealthCheckDef, type RetroPrompt, type RetroTemplateDef, type RetroTemplateInput,
} from '../../../shared/retros.js';
import { retroHealthChecks, retroTemplates } from './retros.tables.js';

/** A template by id, built-in or the organization's own (archived ones included: the caller decides). */
export function resolveRetroTemplate(db: Db, orgId: string, id: string): (RetroTemplateDef & { archived: boolean }) | undefined {
  const builtIn = BUILTIN_RETRO_TEMPLATES.find((t) => t.id === id);
  if (builtIn) return { ...builtIn, archived: false };
  const row = db.select().from(retroTemplates).where(and(eq(retroTemplates.organization_id, orgId), eq(retroTemplates.id, id))).get();
  return row ? { id: row.id, name: row.name, description: row.description, prompts: row.prompts, archived: row.archived_at !== null } : undefined;
}

/** A health check statement set by id, built-in or the organization's own. */
export function resolveRetroHealthCheck(db: Db, orgId: string, id: string): (RetroHealthCheckDef & { archived: boolean }) | undefined {
  const builtIn = BUILTIN_RETRO_HEALTH_CHECKS.find((h) => h.id === id);
  if (builtIn) return { ...builtIn, archived: false };
  const row = db.select().from(retroHealthChecks).where(and(eq(retroHealthChecks.organization_id, orgId), eq(retroHealthChecks.id, id))).get();
  return row ? { id: row.id, name: row.name, statements: row.statements, archived: row.archived_at !== null } : undefined;
}

/** What the API presents for a template or a health check: built-ins and stored ones alike. */
export type RetroTemplateView = RetroTemplateDef & { built_in: boolean; archived: boolean; created_by: string | null; updated_at: string | null; version: number };
export type RetroHealthCheckView = RetroHealthCheckDef & { built_in: boolean; archived: boolean; created_by: string | null; updated_at: string | null; version: number };

type TemplateRow = typeof retroTemplates.$inferSelect;
type HealthRow = typeof retroHealthChecks.$inferSelect;

const templateView = (r: TemplateRow): RetroTemplateView => ({
  id: r.id, name: r.name, description: r.description, prompts: r.prompts, built_in: false, archived: r.archived_at !== null, created_by: r.created_by, updated_at: r.updated_at, version: r.version,
});
const healthView = (r: HealthRow): RetroHealthCheckView => ({
  id: r.id, name: r.name, statements: r.statements, built_in: false, archived: r.archived_at !== null, created_by: r.created_by, updated_at: r.updated_at, version: r.version,
});
const builtInTemplateView = (t: RetroTemplateDef): RetroTemplateView => ({ ...t, prompts: t.prompts.map((p) => ({ ...p })), built_in: true, archived: false, created_by: null, updated_at: null, version: 0 });
const builtInHealthView = (h: RetroHealthCheckDef): RetroHealthCheckView => ({ ...h, statements: [...h.statements], built_in: true, archived: false, created_by: null, updated_at: null, version: 0 });

/** Built-ins first (in their fixed order), then the organization's own by name. */
export function listRetroTemplates(db: Db, orgId: string, includeArchived: boolean): RetroTemplateView[] {
  const own = db.select().from(retroTemplates)
    .where(includeArchived ? eq(retroTemplates.organization_id, orgId) : and(eq(retroTemplates.organization_id, orgId), isNull(retroTemplates.archived_at)))
    .orderBy(asc(sql`lower(${retroTemplates.name})`), asc(retroTemplates.created_at)).all();
  return [...BUILTIN_RETRO_TEMPLATES.map(builtInTemplateView), ...own.map(templateView)];
}

export function findRetroTemplateView(db: Db, orgId: string, id: string): RetroTemplateView | undefined {
  const builtIn = BUILTIN_RETRO_TEMPLATES.find((t) => t.id === id);
  if (builtIn) return builtInTemplateView(builtIn);
  const row = db.select().from(retroTemplates).where(and(eq(retroTemplates.organization_id, orgId), eq(retroTemplates.id, id))).get();
  return row ? templateView(row) : undefined;
}

export function listRetroHealthChecks(db: Db, orgId: string, includeArchived: boolean): RetroHealthCheckView[] {
  const own = db.select().from(retroHealthChecks)
    .where(includeArchived ? eq(retroHealthChecks.organization_id, orgId) : and(eq(retroHealthChecks.organization_id, orgId), isNull(retroHealthChecks.archived_at)))
    .orderBy(asc(sql`lower(${retroHealthChecks.name})`), asc(retroHealthChecks.created_at)).all();
  return [...BUILTIN_RETRO_HEALTH_CHECKS.map(builtInHealthView), ...own.map(healthView)];
}

export function findRetroHealthCheckView(db: Db, orgId: string, id: string): RetroHealthCheckView | undefined {
  const builtIn = BUILTIN_RETRO_HEALTH_CHECKS.find((h) => h.id === id);
  if (builtIn) return builtInHealthView(builtIn);
  const row = db.select().from(retroHealthChecks).where(and(eq(retroHealthChecks.organization_id, orgId), eq(retroHealthChecks.id, id))).get();
  return row ? healthView(row) : undefined;
}

/** A slug of a prompt title ("What went well" -> "what-went-well"), "prompt" when nothing is left. */
export function slugOf(title: string): string {
  const slug = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 32).replace(/-+$/, '');
  return slug || 'prompt';
}

/**
 * Prompt ids: a given id is kept (reflections of retros refer to prompts by id), a new prompt gets
 * a slug of its title; a repeated id gets -2, -3 ... so ids are unique within the template.
 */
export function withPromptIds(prompts: RetroTemplateInput['prompts']): RetroPrompt[] {
  const used = new Set<string>();
  const unique = (base: string) => {
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base.slice(0, 36)}-${n}`;
    used.add(id);
    return id;
  };
  // Given ids first, so a new prompt never takes an id an existing one keeps.
  const given = prompts.map((p) => (p.id && p.id.trim() ? unique(p.id.trim()) : null));
  return prompts.map((p, i) => ({ id: given[i] ?? unique(slugOf(p.title)), title: p.title, description: p.description ?? '', colour: p.colour.toLowerCase() }));
}

export function insertRetroTemplate(db: Db, orgId: string, input: RetroTemplateInput, createdBy: string): RetroTemplateView {
  const row = db.insert(retroTemplates).values({
    id: newId(), organization_id: orgId, name: input.name, description: input.description ?? '', prompts: withPromptIds(input.prompts), created_by: createdBy,
  }).returning().get();
  return templateView(row);
}

/** Saves over `baseVersion` only (one statement: two saves of the same version cannot both pass); else CONFLICT, nothing saved. */
export function updateRetroTemplateRow(db: Db, orgId: string, id: string, input: RetroTemplateInput, baseVersion: number): RetroTemplateView {
  const row = db.update(retroTemplates).set({ name: input.name, description: input.description ?? '', prompts: withPromptIds(input.prompts), version: sql`${retroTemplates.version} + 1`, updated_at: nowIso() })
    .where(and(eq(retroTemplates.organization_id, orgId), eq(retroTemplates.id, id), eq(retroTemplates.version, baseVersion))).returning().get();
  if (!row) throw staleSave('template');
  return templateView(row);
}

export function setRetroTemplateArchived(db: Db, orgId: string, id: string, archived: boolean): RetroTemplateView {
  const at = nowIso();
  const row = db.update(retroTemplates).set({ archived_at: archived ? at : null, updated_at: at })
    .where(and(eq(retroTemplates.organization_id, orgId), eq(retroTemplates.id, id))).returning().get();
  return templateView(row!);
}

export function insertRetroHealthCheck(db: Db, orgId: string, input: { name: string; statements: string[] }, createdBy: string): RetroHealthCheckView {
  const row = db.insert(retroHealthChecks).values({ id: newId(), organization_id: orgId, name: input.name, statements: input.statements, created_by: createdBy }).returning().get();
  return healthView(row);
}

/** Saves over `baseVersion` only; else CONFLICT, nothing saved. */
export function updateRetroHealthCheckRow(db: Db, orgId: string, id: string, input: { name: string; statements: string[] }, baseVersion: number): RetroHealthCheckView {
  const row = db.update(retroHealthChecks).set({ name: input.name, statements: input.statements, version: sql`${retroHealthChecks.version} + 1`, updated_at: nowIso() })
    .where(and(eq(retroHealthChecks.organization_id, orgId), eq(retroHealthChecks.id, id), eq(retroHealthChecks.version, baseVersion))).returning().get();
  if (!row) throw staleSave('health check');
  return healthView(row);
}

export function setRetroHealthCheckArchived(db: Db, orgId: string, id: string, archived: boolean): RetroHealthCheckView {
  const at = nowIso();
  const row = db.update(retroHealthChecks).set({ archived_at: archived ? at : null, updated_at: at })
    .where(and(eq(retroHealthChecks.organization_id, orgId), eq(retroHealthChecks.id, id))).returning().get();
  return healthView(row!);
}

/** "Copy of X", cut to the name limit. */
export const copyName = (name: string): string => `Copy of ${name}`.slice(0, RETRO_LIMITS.templateNameMax);
