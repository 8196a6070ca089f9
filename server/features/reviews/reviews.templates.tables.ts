import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { Perspective, QuestionKind, ReviewTemplateType } from '../../../shared/review-template.schemas.js';
import { organizations } from '../org/org.tables.js';
import { templateLifecycleColumns } from '../templates/templates.tables.js';

/**
 * Review templates: ordered sections of ordered questions. A cycle copies a template's questions
 * when it launches (see docs/decisions/0015), so editing a template never changes a running cycle.
 */
export const reviewTemplates = sqliteTable(
  'review_templates',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    review_type: text('review_type').$type<ReviewTemplateType>().notNull(),
    /** Set on the templates Teamlens ships (one per key and organization); they are read-only. */
    built_in_key: text('built_in_key'),
    ...templateLifecycleColumns(),
  },
  (t) => [
    index('review_templates_org').on(t.organization_id, t.name),
    uniqueIndex('review_templates_org_builtin')
      .on(t.organization_id, t.built_in_key)
      .where(sql`${t.built_in_key} is not null`),
  ],
);

export const reviewTemplateSections = sqliteTable(
  'review_template_sections',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    template_id: text('template_id')
      .notNull()
      .references(() => reviewTemplates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description'),
  },
  (t) => [uniqueIndex('review_template_sections_order').on(t.template_id, t.position)],
);

export const reviewTemplateQuestions = sqliteTable(
  'review_template_questions',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    template_id: text('template_id')
      .notNull()
      .references(() => reviewTemplates.id, { onDelete: 'cascade' }),
    section_id: text('section_id')
      .notNull()
      .references(() => reviewTemplateSections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').$type<QuestionKind>().notNull(),
    prompt: text('prompt').notNull(),
    /** How the reviewee reads it in their own self review; only with SELF among the perspectives (docs/decisions/0025). */
    self_prompt: text('self_prompt'),
    help_text: text('help_text'),
    /** Choice kinds: the options; rating kinds: the five point labels; text: []. */
    options: text('options', { mode: 'json' }).$type<string[]>().notNull().default([]),
    competency: text('competency'),
    /** COMPETENCY_RATING: the framework competency it rates (growth competencies; not a foreign key, a removed competency leaves the name). */
    competency_id: text('competency_id'),
    /** Show the reviewee's goals of the review period under the question. */
    show_goals: integer('show_goals', { mode: 'boolean' }).notNull().default(false),
    perspectives: text('perspectives', { mode: 'json' }).$type<Perspective[]>().notNull(),
    required: integer('required', { mode: 'boolean' }).notNull().default(true),
    private: integer('private', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [uniqueIndex('review_template_questions_order').on(t.section_id, t.position), index('review_template_questions_template').on(t.template_id)],
);
