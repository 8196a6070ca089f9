import { describe, expect, it } from 'vitest';
import { BUILT_IN_TEMPLATES, BUILT_IN_TEMPLATE_KEYS } from './review-template.builtins.js';
import { reviewQuestionSchema, reviewTemplateInputSchema } from './review-template.schemas.js';

const question = (patch: Record<string, unknown> = {}) => ({
  kind: 'TEXT',
  prompt: 'How clearly does this person communicate?',
  perspectives: ['SELF', 'PEER'],
  ...patch,
});

/** Field messages keyed like the editor reads them ("sections.0.questions.0.self_prompt"). */
function fieldErrors(input: unknown): Record<string, string> {
  const result = reviewTemplateInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}
const templateWith = (q: Record<string, unknown>) => ({ name: 'T', review_type: '360', sections: [{ title: 'S', questions: [q] }] });

describe('self-review wording of a question', () => {
  it('is accepted and trimmed when SELF answers the question', () => {
    const parsed = reviewQuestionSchema.parse(question({ self_prompt: '  How clearly do you communicate?  ' }));
    expect(parsed.self_prompt).toBe('How clearly do you communicate?');
    expect(parsed.prompt).toBe('How clearly does this person communicate?');
  });

  it('is optional: left out, null or blank it is stored as null', () => {
    expect(reviewQuestionSchema.parse(question()).self_prompt).toBeNull();
    expect(reviewQuestionSchema.parse(question({ self_prompt: null })).self_prompt).toBeNull();
    expect(reviewQuestionSchema.parse(question({ self_prompt: '   ' })).self_prompt).toBeNull();
    // Blank is fine without SELF too: there is nothing to refuse.
    expect(reviewQuestionSchema.parse(question({ perspectives: ['PEER'], self_prompt: ' ' })).self_prompt).toBeNull();
  });

  it('refuses more than 500 characters, next to the field', () => {
    expect(fieldErrors(templateWith(question({ self_prompt: 'x'.repeat(501) })))).toEqual({ 'sections.0.questions.0.self_prompt': 'At most 500 characters.' });
    expect(reviewQuestionSchema.parse(question({ self_prompt: 'x'.repeat(500) })).self_prompt).toHaveLength(500);
  });

  it('is refused when SELF does not answer the question', () => {
    expect(fieldErrors(templateWith(question({ perspectives: ['MANAGER', 'PEER'], self_prompt: 'How clearly do you communicate?' })))).toEqual({
      'sections.0.questions.0.self_prompt': 'Only questions the person answers about themselves have a self-review wording.',
    });
  });
});

describe('built-in templates', () => {
  it('pass the schema and have a self wording on exactly the questions SELF answers', () => {
    for (const key of BUILT_IN_TEMPLATE_KEYS) {
      const data = reviewTemplateInputSchema.parse(BUILT_IN_TEMPLATES[key]);
      for (const q of data.sections.flatMap((s) => s.questions)) {
        if (q.perspectives.includes('SELF')) {
          expect(q.self_prompt, `${key}: ${q.prompt}`).toMatch(/\byou(r)?\b/);
          expect(q.self_prompt).not.toMatch(/this person/);
        } else expect(q.self_prompt, `${key}: ${q.prompt}`).toBeNull();
      }
    }
  });
});
