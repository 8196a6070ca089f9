import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { BUILTIN_RETRO_HEALTH_CHECKS, BUILTIN_RETRO_TEMPLATES, type RetroHealthCheckDef, type RetroTemplateDef } from '../../../shared/retros.js';
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
