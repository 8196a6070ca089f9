import type { Db } from '../../db/connection.js';
import {
  BUILTIN_RETRO_HEALTH_CHECKS,
  BUILTIN_RETRO_TEMPLATES,
  type RetroHealthCheckDef,
  type RetroPrompt,
  type RetroTemplateDef,
  type RetroTemplateInput,
} from '../../../shared/retros.js';
import { storedTemplates, type StoredTemplateView } from '../templates/templates.repo.js';
import { retroHealthChecks, retroTemplates } from './retros.tables.js';

/** What the API presents for a template or a health check: built-ins and stored ones alike. */
export type RetroTemplateView = StoredTemplateView<RetroTemplateDef>;
export type RetroHealthCheckView = StoredTemplateView<RetroHealthCheckDef>;

/** A slug of a prompt title ("What went well" -> "what-went-well"), "prompt" when nothing is left. */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/, '');
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

/** Retro templates: the built-ins of shared/retros.ts, then the organization's own (server/features/templates). */
export const retroTemplateStore = storedTemplates({
  table: retroTemplates,
  builtIns: BUILTIN_RETRO_TEMPLATES,
  contentOf: (r): RetroTemplateDef => ({ id: r.id, name: r.name, description: r.description, prompts: r.prompts }),
  columns: (input: RetroTemplateInput) => ({ name: input.name, description: input.description ?? '', prompts: withPromptIds(input.prompts) }),
  kind: 'template',
});

/** Health check statement sets, the same way. */
export const retroHealthCheckStore = storedTemplates({
  table: retroHealthChecks,
  builtIns: BUILTIN_RETRO_HEALTH_CHECKS,
  contentOf: (r): RetroHealthCheckDef => ({ id: r.id, name: r.name, statements: r.statements }),
  columns: (input: { name: string; statements: string[] }) => ({ name: input.name, statements: input.statements }),
  kind: 'health check',
});

/** Built-ins first (in their fixed order), then the organization's own by name. */
export const listRetroTemplates = (db: Db, orgId: string, includeArchived: boolean): RetroTemplateView[] => retroTemplateStore.list(db, orgId, includeArchived);
export const listRetroHealthChecks = (db: Db, orgId: string, includeArchived: boolean): RetroHealthCheckView[] =>
  retroHealthCheckStore.list(db, orgId, includeArchived);

/** A template by id, built-in or the organization's own (archived ones included: the caller decides). */
export const resolveRetroTemplate = (db: Db, orgId: string, id: string): RetroTemplateView | undefined => retroTemplateStore.find(db, orgId, id);
/** A health check statement set by id, built-in or the organization's own. */
export const resolveRetroHealthCheck = (db: Db, orgId: string, id: string): RetroHealthCheckView | undefined => retroHealthCheckStore.find(db, orgId, id);
