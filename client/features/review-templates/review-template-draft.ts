import {
  CHOICE_KINDS,
  DEFAULT_RATING_LABELS,
  PERSPECTIVES,
  RATING_KINDS,
  type Perspective,
  type QuestionKind,
  type ReviewTemplateInput,
  type ReviewTemplateType,
} from '../../../shared/review-template.schemas.js';
import type { ReviewTemplate } from './review-templates.api.js';
import { moved } from '../templates/template-form.js';

/**
 * The template editor's state: the nested draft lives in a reducer (not in uncontrolled form
 * inputs) and is checked with the shared schema on save (docs/decisions/0015). Choices and
 * rating labels are kept apart, so switching a question's kind back and forth loses nothing.
 */
export type DraftQuestion = {
  key: string;
  id: string | null;
  kind: QuestionKind;
  prompt: string;
  self_prompt: string;
  help_text: string;
  choices: string[];
  labels: string[];
  competency: string;
  perspectives: Perspective[];
  required: boolean;
  private: boolean;
  /** COMPETENCY_RATING: the framework competency chosen (null: a name typed in). */
  competency_id: string | null;
  /** Show the reviewee's goals of the review period under the question. */
  show_goals: boolean;
};
export type DraftSection = { key: string; id: string | null; title: string; description: string; questions: DraftQuestion[] };
export type Draft = { name: string; description: string; review_type: ReviewTemplateType; sections: DraftSection[] };

let counter = 0;
const nextKey = () => `k${++counter}`;

export function newQuestion(kind: QuestionKind = 'RATING'): DraftQuestion {
  return {
    key: nextKey(),
    id: null,
    kind,
    prompt: '',
    self_prompt: '',
    help_text: '',
    choices: ['', ''],
    labels: [...DEFAULT_RATING_LABELS],
    competency: '',
    perspectives: ['SELF', 'MANAGER', 'PEER'],
    required: true,
    private: false,
    competency_id: null,
    show_goals: false,
  };
}

export const newSection = (title = ''): DraftSection => ({ key: nextKey(), id: null, title, description: '', questions: [newQuestion()] });

export const newDraft = (): Draft => ({ name: '', description: '', review_type: '360', sections: [newSection('Questions')] });

export function draftOf(template: ReviewTemplate): Draft {
  return {
    name: template.name,
    description: template.description ?? '',
    review_type: template.review_type,
    sections: template.sections.map((s) => ({
      key: nextKey(),
      id: s.id,
      title: s.title,
      description: s.description ?? '',
      questions: s.questions.map((q) => ({
        key: nextKey(),
        id: q.id,
        kind: q.kind,
        prompt: q.prompt,
        self_prompt: q.self_prompt ?? '',
        help_text: q.help_text ?? '',
        competency: q.competency ?? '',
        choices: CHOICE_KINDS.includes(q.kind) ? [...q.options] : ['', ''],
        labels: RATING_KINDS.includes(q.kind) ? [...q.options] : [...DEFAULT_RATING_LABELS],
        perspectives: [...q.perspectives],
        required: q.required,
        private: q.private,
        competency_id: q.competency_id ?? null,
        show_goals: q.show_goals ?? false,
      })),
    })),
  };
}

export const optionsOf = (q: Pick<DraftQuestion, 'kind' | 'choices' | 'labels'>): string[] =>
  RATING_KINDS.includes(q.kind) ? q.labels : CHOICE_KINDS.includes(q.kind) ? q.choices : [];

/** The draft as mutation input (what the shared schema checks). */
export function inputOf(draft: Draft): ReviewTemplateInput {
  return {
    name: draft.name,
    description: draft.description,
    review_type: draft.review_type,
    sections: draft.sections.map((s) => ({
      id: s.id,
      title: s.title,
      description: s.description,
      questions: s.questions.map((q) => ({
        // The self wording is kept while SELF is unchecked (checking it again brings it back) but only sent with SELF.
        id: q.id,
        kind: q.kind,
        prompt: q.prompt,
        self_prompt: q.perspectives.includes('SELF') ? q.self_prompt : null,
        help_text: q.help_text,
        options: optionsOf(q),
        competency: q.kind === 'COMPETENCY_RATING' ? q.competency : null,
        perspectives: q.perspectives,
        required: q.required,
        private: q.private,
        competency_id: q.kind === 'COMPETENCY_RATING' ? q.competency_id : null,
        show_goals: q.show_goals,
      })),
    })),
  };
}

type QuestionPatch = Partial<Omit<DraftQuestion, 'key' | 'id'>>;
export type DraftAction =
  | { type: 'details'; patch: Partial<Pick<Draft, 'name' | 'description' | 'review_type'>> }
  | { type: 'addSection' }
  | { type: 'removeSection'; s: number }
  | { type: 'moveSection'; s: number; by: -1 | 1 }
  | { type: 'section'; s: number; patch: Partial<Pick<DraftSection, 'title' | 'description'>> }
  | { type: 'addQuestion'; s: number }
  | { type: 'removeQuestion'; s: number; q: number }
  | { type: 'moveQuestion'; s: number; q: number; by: -1 | 1 }
  | { type: 'question'; s: number; q: number; patch: QuestionPatch }
  | { type: 'togglePerspective'; s: number; q: number; perspective: Perspective }
  | { type: 'setOption'; s: number; q: number; i: number; value: string }
  | { type: 'addChoice'; s: number; q: number }
  | { type: 'removeChoice'; s: number; q: number; i: number };

const replaceAt = <T>(list: T[], i: number, update: (item: T) => T): T[] => list.map((item, j) => (j === i ? update(item) : item));

function updateQuestion(draft: Draft, s: number, q: number, update: (question: DraftQuestion) => DraftQuestion): Draft {
  return { ...draft, sections: replaceAt(draft.sections, s, (section) => ({ ...section, questions: replaceAt(section.questions, q, update) })) };
}

function updateSection(draft: Draft, s: number, update: (section: DraftSection) => DraftSection): Draft {
  return { ...draft, sections: replaceAt(draft.sections, s, update) };
}

export function draftReducer(draft: Draft, action: DraftAction): Draft {
  switch (action.type) {
    case 'details':
      return { ...draft, ...action.patch };
    case 'addSection':
      return { ...draft, sections: [...draft.sections, newSection()] };
    case 'removeSection':
      return { ...draft, sections: draft.sections.filter((_, i) => i !== action.s) };
    case 'moveSection':
      return { ...draft, sections: moved(draft.sections, action.s, action.by) };
    case 'section':
      return updateSection(draft, action.s, (section) => ({ ...section, ...action.patch }));
    case 'addQuestion':
      return updateSection(draft, action.s, (section) => ({ ...section, questions: [...section.questions, newQuestion()] }));
    case 'removeQuestion':
      return updateSection(draft, action.s, (section) => ({ ...section, questions: section.questions.filter((_, i) => i !== action.q) }));
    case 'moveQuestion':
      return updateSection(draft, action.s, (section) => ({ ...section, questions: moved(section.questions, action.q, action.by) }));
    case 'question':
      return updateQuestion(draft, action.s, action.q, (question) => ({ ...question, ...action.patch }));
    case 'togglePerspective':
      return updateQuestion(draft, action.s, action.q, (question) => {
        const on = new Set(question.perspectives);
        if (on.has(action.perspective)) on.delete(action.perspective);
        else on.add(action.perspective);
        return { ...question, perspectives: PERSPECTIVES.filter((p) => on.has(p)) };
      });
    case 'setOption':
      return updateQuestion(draft, action.s, action.q, (question) =>
        RATING_KINDS.includes(question.kind)
          ? { ...question, labels: replaceAt(question.labels, action.i, () => action.value) }
          : { ...question, choices: replaceAt(question.choices, action.i, () => action.value) },
      );
    case 'addChoice':
      return updateQuestion(draft, action.s, action.q, (question) => ({ ...question, choices: [...question.choices, ''] }));
    case 'removeChoice':
      return updateQuestion(draft, action.s, action.q, (question) => ({ ...question, choices: question.choices.filter((_, i) => i !== action.i) }));
  }
}
