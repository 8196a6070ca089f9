import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { staleSave } from '../../../shared/app-error.js';
import type { Db } from '../../db/connection.js';
import { newId, nowIso } from '../../lib/tokens.js';
import { BUILTIN_FEEDBACK_TEMPLATES, FEEDBACK_LIMITS, type FeedbackTemplateDef, type FeedbackTemplateInput } from '../../../shared/feedback.js';
import type { Viewer } from '../auth/viewer.js';
import { teams } from '../teams/teams.tables.js';
import { users } from '../users/users.tables.js';
import { feedbackTemplates } from './feedback.tables.js';

/** What the API presents for a request template: built-ins and stored ones alike. */
export type FeedbackTemplateView = FeedbackTemplateDef & { built_in: boolean; archived: boolean; created_by: string | null; updated_at: string | null; version: number };

type Row = typeof feedbackTemplates.$inferSelect;

const rowView = (r: Row): FeedbackTemplateView => ({
  id: r.id, name: r.name, description: r.description, questions: r.questions, built_in: false, archived: r.archived_at !== null, created_by: r.created_by, updated_at: r.updated_at, version: r.version,
});
const builtInView = (t: FeedbackTemplateDef): FeedbackTemplateView => ({ ...t, questions: [...t.questions], built_in: true, archived: false, created_by: null, updated_at: null, version: 0 });

export const isBuiltInFeedbackTemplateId = (id: string): boolean => id.startsWith('builtin:');

/** Built-ins first (in their fixed order), then the organization's own by name. */
export function listFeedbackTemplates(db: Db, orgId: string, includeArchived: boolean): FeedbackTemplateView[] {
  const own = db.select().from(feedbackTemplates)
    .where(includeArchived ? eq(feedbackTemplates.organization_id, orgId) : and(eq(feedbackTemplates.organization_id, orgId), isNull(feedbackTemplates.archived_at)))
    .orderBy(asc(sql`lower(${feedbackTemplates.name})`), asc(feedbackTemplates.created_at)).all();
  return [...BUILTIN_FEEDBACK_TEMPLATES.map(builtInView), ...own.map(rowView)];
}

/** A template by id, built-in or the organization's own (archived ones included: the caller decides). */
export function findFeedbackTemplateView(db: Db, orgId: string, id: string): FeedbackTemplateView | undefined {
  const builtIn = BUILTIN_FEEDBACK_TEMPLATES.find((t) => t.id === id);
  if (builtIn) return builtInView(builtIn);
  const row = db.select().from(feedbackTemplates).where(and(eq(feedbackTemplates.organization_id, orgId), eq(feedbackTemplates.id, id))).get();
  return row ? rowView(row) : undefined;
}

export function insertFeedbackTemplate(db: Db, orgId: string, input: FeedbackTemplateInput, createdBy: string): FeedbackTemplateView {
  const row = db.insert(feedbackTemplates).values({
    id: newId(), organization_id: orgId, name: input.name, description: input.description ?? '', questions: input.questions, created_by: createdBy,
  }).returning().get();
  return rowView(row);
}

/** Saves over `baseVersion` only (one statement: two saves of the same version cannot both pass); else CONFLICT, nothing saved (docs/decisions/0059). */
export function updateFeedbackTemplateRow(db: Db, orgId: string, id: string, input: FeedbackTemplateInput, baseVersion: number): FeedbackTemplateView {
  const row = db.update(feedbackTemplates).set({ name: input.name, description: input.description ?? '', questions: input.questions, version: sql`${feedbackTemplates.version} + 1`, updated_at: nowIso() })
    .where(and(eq(feedbackTemplates.organization_id, orgId), eq(feedbackTemplates.id, id), eq(feedbackTemplates.version, baseVersion))).returning().get();
  if (!row) throw staleSave('template');
  return rowView(row);
}

export function setFeedbackTemplateArchived(db: Db, orgId: string, id: string, archived: boolean): FeedbackTemplateView {
  const at = nowIso();
  const row = db.update(feedbackTemplates).set({ archived_at: archived ? at : null, updated_at: at })
    .where(and(eq(feedbackTemplates.organization_id, orgId), eq(feedbackTemplates.id, id))).returning().get();
  return rowView(row!);
}

/** "Copy of X", cut to the name limit. */
export const copyFeedbackTemplateName = (name: string): string => `Copy of ${name}`.slice(0, FEEDBACK_LIMITS.templateNameMax);

/**
 * May change this template: not built in, and the viewer created it, is the creator's manager
 * (direct, or the manager or lead of the creator's team), or an admin (SUBJECT_OR_MANAGER).
 */
export function canManageFeedbackTemplate(db: Db, viewer: Viewer, t: { id: string; built_in?: boolean; created_by: string | null }): boolean {
  if (t.built_in ?? isBuiltInFeedbackTemplateId(t.id)) return false;
  if (viewer.permissionLevel === 'ADMIN' || (!!t.created_by && t.created_by === viewer.userId)) return true;
  if (!t.created_by) return false;
  const creator = db.select({ manager_id: users.manager_id, team_id: users.team_id }).from(users)
    .where(and(eq(users.organization_id, viewer.organizationId), eq(users.id, t.created_by))).get();
  if (!creator) return false;
  if (creator.manager_id === viewer.userId) return true;
  if (!creator.team_id) return false;
  return !!db.select({ id: teams.id }).from(teams)
    .where(and(eq(teams.id, creator.team_id), or(eq(teams.manager_id, viewer.userId), eq(teams.team_lead_id, viewer.userId)))).get();
}
