import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { staleSave } from '../../../shared/app-error.js';
import type { Db } from '../../db/connection.js';
import { inJsonList, jsonList, prepared } from '../../db/prepared.js';
import { newId, nowIso } from '../../lib/tokens.js';
import { BUILT_IN_TEMPLATES, BUILT_IN_TEMPLATE_KEYS } from '../../../shared/review-template.builtins.js';
import { reviewTemplateInputSchema, type ReviewTemplateData } from '../../../shared/review-template.schemas.js';
import type { TemplateStore } from '../templates/templates.lifecycle.js';
import { reviewTemplateQuestions, reviewTemplateSections, reviewTemplates } from './reviews.templates.tables.js';

export type ReviewTemplateRow = typeof reviewTemplates.$inferSelect;
export type ReviewTemplateSectionRow = typeof reviewTemplateSections.$inferSelect;
export type ReviewTemplateQuestionRow = typeof reviewTemplateQuestions.$inferSelect;
/** A template with its content, in order: what a cycle copies at launch. */
export type ReviewTemplateContent = ReviewTemplateRow & { sections: Array<ReviewTemplateSectionRow & { questions: ReviewTemplateQuestionRow[] }> };

const inOrg = (orgId: string) => eq(reviewTemplates.organization_id, orgId);

export function listReviewTemplates(db: Db, orgId: string, includeArchived: boolean): ReviewTemplateRow[] {
  return db
    .select()
    .from(reviewTemplates)
    .where(includeArchived ? inOrg(orgId) : and(inOrg(orgId), isNull(reviewTemplates.archived_at)))
    .orderBy(sql`${reviewTemplates.built_in_key} is null`, asc(sql`lower(${reviewTemplates.name})`), asc(reviewTemplates.created_at))
    .all();
}

export function findReviewTemplate(db: Db, orgId: string, id: string): ReviewTemplateRow | undefined {
  return db
    .select()
    .from(reviewTemplates)
    .where(and(inOrg(orgId), eq(reviewTemplates.id, id)))
    .get();
}

/** Sections of these templates, in order (one statement whatever the number of templates). */
export function listSectionsByTemplateIds(db: Db, orgId: string, templateIds: readonly string[]): ReviewTemplateSectionRow[] {
  if (!templateIds.length) return [];
  return prepared(db, 'reviewTemplates.sections', () =>
    db
      .select()
      .from(reviewTemplateSections)
      .where(and(eq(reviewTemplateSections.organization_id, sql.placeholder('orgId')), inJsonList(reviewTemplateSections.template_id, 'ids')))
      .orderBy(asc(reviewTemplateSections.template_id), asc(reviewTemplateSections.position))
      .prepare(),
  ).all({ orgId, ids: jsonList(templateIds) });
}

/** Questions of these sections, in order. */
export function listQuestionsBySectionIds(db: Db, orgId: string, sectionIds: readonly string[]): ReviewTemplateQuestionRow[] {
  if (!sectionIds.length) return [];
  return prepared(db, 'reviewTemplates.questions', () =>
    db
      .select()
      .from(reviewTemplateQuestions)
      .where(and(eq(reviewTemplateQuestions.organization_id, sql.placeholder('orgId')), inJsonList(reviewTemplateQuestions.section_id, 'ids')))
      .orderBy(asc(reviewTemplateQuestions.section_id), asc(reviewTemplateQuestions.position))
      .prepare(),
  ).all({ orgId, ids: jsonList(sectionIds) });
}

export function countQuestionsByTemplateIds(db: Db, orgId: string, templateIds: readonly string[]): Map<string, number> {
  if (!templateIds.length) return new Map();
  const rows = prepared(db, 'reviewTemplates.questionCounts', () =>
    db
      .select({ id: reviewTemplateQuestions.template_id, n: count() })
      .from(reviewTemplateQuestions)
      .where(and(eq(reviewTemplateQuestions.organization_id, sql.placeholder('orgId')), inJsonList(reviewTemplateQuestions.template_id, 'ids')))
      .groupBy(reviewTemplateQuestions.template_id)
      .prepare(),
  ).all({ orgId, ids: jsonList(templateIds) });
  return new Map(rows.map((r) => [r.id, r.n]));
}

/**
 * The template with its sections and questions, for a cycle to copy at launch (cycles keep
 * their own copy: a later edit of the template never reaches a running cycle).
 */
export function findReviewTemplateContent(db: Db, orgId: string, id: string): ReviewTemplateContent | undefined {
  const template = findReviewTemplate(db, orgId, id);
  if (!template) return undefined;
  const sections = listSectionsByTemplateIds(db, orgId, [id]);
  const questions = listQuestionsBySectionIds(
    db,
    orgId,
    sections.map((s) => s.id),
  );
  return { ...template, sections: sections.map((s) => ({ ...s, questions: questions.filter((q) => q.section_id === s.id) })) };
}

/** Writes sections and questions; ids of the template's existing items are kept when the input names them. */
function insertContent(db: Db, orgId: string, templateId: string, data: ReviewTemplateData, keepIds: Set<string>): void {
  const reuse = (id: string | null | undefined) => (id && keepIds.has(id) ? (keepIds.delete(id), id) : newId());
  data.sections.forEach((section, s) => {
    const sectionId = reuse(section.id);
    db.insert(reviewTemplateSections)
      .values({ id: sectionId, organization_id: orgId, template_id: templateId, position: s, title: section.title, description: section.description })
      .run();
    section.questions.forEach((q, position) => {
      db.insert(reviewTemplateQuestions)
        .values({
          id: reuse(q.id),
          organization_id: orgId,
          template_id: templateId,
          section_id: sectionId,
          position,
          kind: q.kind,
          prompt: q.prompt,
          self_prompt: q.self_prompt,
          help_text: q.help_text,
          options: q.options,
          competency: q.competency,
          competency_id: q.competency_id,
          show_goals: q.show_goals,
          perspectives: q.perspectives,
          required: q.required,
          private: q.private,
        })
        .run();
    });
  });
}

export function createReviewTemplate(db: Db, orgId: string, data: ReviewTemplateData, createdBy: string | null, builtInKey: string | null = null): string {
  const id = newId();
  db.transaction(() => {
    db.insert(reviewTemplates)
      .values({
        id,
        organization_id: orgId,
        name: data.name,
        description: data.description,
        review_type: data.review_type,
        built_in_key: builtInKey,
        created_by: createdBy,
      })
      .run();
    insertContent(db, orgId, id, data, new Set());
  });
  return id;
}

/**
 * Replaces the template's details, sections and questions as a whole, over `baseVersion` only
 * (docs/decisions/0059): when someone saved since, CONFLICT and nothing is saved (the version is
 * checked and raised by the first statement of the transaction).
 */
export function replaceReviewTemplate(db: Db, orgId: string, id: string, data: ReviewTemplateData, baseVersion: number): void {
  db.transaction(() => {
    const existing = new Set([
      ...db
        .select({ id: reviewTemplateSections.id })
        .from(reviewTemplateSections)
        .where(eq(reviewTemplateSections.template_id, id))
        .all()
        .map((r) => r.id),
      ...db
        .select({ id: reviewTemplateQuestions.id })
        .from(reviewTemplateQuestions)
        .where(eq(reviewTemplateQuestions.template_id, id))
        .all()
        .map((r) => r.id),
    ]);
    const saved = db
      .update(reviewTemplates)
      .set({
        name: data.name,
        description: data.description,
        review_type: data.review_type,
        version: sql`${reviewTemplates.version} + 1`,
        updated_at: nowIso(),
      })
      .where(and(inOrg(orgId), eq(reviewTemplates.id, id), eq(reviewTemplates.version, baseVersion)))
      .run();
    if (!saved.changes) throw staleSave('template');
    db.delete(reviewTemplateSections)
      .where(and(eq(reviewTemplateSections.organization_id, orgId), eq(reviewTemplateSections.template_id, id)))
      .run();
    insertContent(db, orgId, id, data, existing);
  });
}

export function setReviewTemplateArchived(db: Db, orgId: string, id: string, archived: boolean): void {
  const at = nowIso();
  db.update(reviewTemplates)
    .set({ archived_at: archived ? at : null, updated_at: at })
    .where(and(inOrg(orgId), eq(reviewTemplates.id, id)))
    .run();
}

/**
 * The review templates' store of the template lifecycle (server/features/templates): built-ins are
 * rows here (ensureBuiltInTemplates), listed first; every write answers the row as read again.
 */
export const reviewTemplateStore: TemplateStore<ReviewTemplateRow, ReviewTemplateData> = {
  list: listReviewTemplates,
  find: findReviewTemplate,
  insert: (db, orgId, data, createdBy) => findReviewTemplate(db, orgId, createReviewTemplate(db, orgId, data, createdBy))!,
  update: (db, orgId, id, data, baseVersion) => {
    replaceReviewTemplate(db, orgId, id, data, baseVersion);
    return findReviewTemplate(db, orgId, id)!;
  },
  setArchived: (db, orgId, id, archived) => {
    setReviewTemplateArchived(db, orgId, id, archived);
    return findReviewTemplate(db, orgId, id)!;
  },
};

/** The content of a stored template as editor input (for copies). */
export function contentAsInput(content: ReviewTemplateContent, name: string): ReviewTemplateData {
  return {
    name,
    description: content.description,
    review_type: content.review_type,
    sections: content.sections.map((s) => ({
      id: null,
      title: s.title,
      description: s.description,
      questions: s.questions.map((q) => ({
        id: null,
        kind: q.kind,
        prompt: q.prompt,
        self_prompt: q.self_prompt,
        help_text: q.help_text,
        options: q.options,
        competency: q.competency,
        competency_id: q.competency_id,
        show_goals: q.show_goals,
        perspectives: q.perspectives,
        required: q.required,
        private: q.private,
      })),
    })),
  };
}

const seeded = new WeakMap<Db, Set<string>>();

/**
 * Creates the built-in templates the organization does not have yet (first use). Idempotent:
 * review_templates_org_builtin makes a key exist once per organization, even across processes.
 */
export function ensureBuiltInTemplates(db: Db, orgId: string): void {
  let done = seeded.get(db);
  if (!done) seeded.set(db, (done = new Set()));
  if (done.has(orgId)) return;
  db.transaction(() => {
    const have = new Set(
      db
        .select({ key: reviewTemplates.built_in_key })
        .from(reviewTemplates)
        .where(and(inOrg(orgId), sql`${reviewTemplates.built_in_key} is not null`))
        .all()
        .map((r) => r.key),
    );
    for (const key of BUILT_IN_TEMPLATE_KEYS) {
      if (!have.has(key)) createReviewTemplate(db, orgId, reviewTemplateInputSchema.parse(BUILT_IN_TEMPLATES[key]), null, key);
    }
  });
  done.add(orgId);
}
