import { useId, useState } from 'react';
import { CHOICE_KINDS, PERSPECTIVES, PERSPECTIVE_LABELS, RATING_KINDS, type Perspective, type QuestionKind } from '../../../shared/review-template.schemas.js';

type PreviewQuestion = {
  kind: QuestionKind;
  prompt: string;
  self_prompt?: string | null;
  help_text?: string | null;
  options?: string[] | null;
  competency?: string | null;
  perspectives: readonly Perspective[];
  required?: boolean | null;
  private?: boolean | null;
  show_goals?: boolean | null;
};
export type PreviewTemplate = {
  name: string;
  description?: string | null;
  sections: ReadonlyArray<{ title: string; description?: string | null; questions: readonly PreviewQuestion[] }>;
};

/**
 * Read-only: the template as a reviewer answering it will see it, for one perspective or all.
 * As Self, questions read in their self-review wording; for any perspective, that wording shows under the prompt.
 * `titled` shows the template's name (off when the page heading already names it).
 */
export function TemplatePreview({ template, titled = true }: { template: PreviewTemplate; titled?: boolean }) {
  const SectionHeading = titled ? 'h4' : 'h2';
  const id = useId();
  const [perspective, setPerspective] = useState<Perspective | 'ALL'>('ALL');
  const sections = template.sections
    .map((s) => ({ ...s, questions: s.questions.filter((q) => perspective === 'ALL' || q.perspectives.includes(perspective)) }))
    .filter((s) => s.questions.length > 0);
  // Questions are numbered across sections: how many come before each one.
  const before = sections.map((_, i) => sections.slice(0, i).reduce((n, s) => n + s.questions.length, 0));
  return (
    <div className="rt-preview">
      <div className="field rt-preview-filter">
        <label htmlFor={`${id}-as`}>Answering as</label>
        <select id={`${id}-as`} value={perspective} onChange={(e) => setPerspective(e.target.value as Perspective | 'ALL')}>
          <option value="ALL">Any perspective</option>
          {PERSPECTIVES.map((p) => (
            <option key={p} value={p}>
              {PERSPECTIVE_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      {titled && <h3 className="rt-preview-title">{template.name}</h3>}
      {template.description && <p className="muted">{template.description}</p>}
      {sections.length === 0 && (
        <p className="muted" role="status">
          No question of this template is answered by this perspective.
        </p>
      )}
      {sections.map((section, s) => (
        <section key={s} className="rt-preview-section" aria-label={section.title || `Section ${s + 1}`}>
          <SectionHeading className="rt-preview-section-title">{section.title || `Section ${s + 1}`}</SectionHeading>
          {section.description && <p className="muted">{section.description}</p>}
          <ol className="rt-preview-questions" start={before[s]! + 1}>
            {section.questions.map((q, i) => (
              <PreviewQuestionItem key={i} question={q} name={`${id}-${s}-${i}`} perspective={perspective} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

function PreviewQuestionItem({ question: q, name, perspective }: { question: PreviewQuestion; name: string; perspective: Perspective | 'ALL' }) {
  const options = q.options ?? [];
  const selfPrompt = q.perspectives.includes('SELF') ? q.self_prompt?.trim() : null;
  const prompt = (perspective === 'SELF' && selfPrompt) || q.prompt;
  const isRating = RATING_KINDS.includes(q.kind);
  const isChoice = CHOICE_KINDS.includes(q.kind);
  return (
    <li className="rt-preview-question">
      <fieldset disabled>
        <legend>
          {q.kind === 'COMPETENCY_RATING' && q.competency && <span className="rt-badge">{q.competency}</span>} {prompt || 'Untitled question'}
          {q.required === false ? (
            <span className="muted"> (optional)</span>
          ) : (
            <span className="rt-required" aria-label="required">
              {' '}
              *
            </span>
          )}
        </legend>
        {perspective === 'ALL' && selfPrompt && (
          <p className="rt-preview-self">
            <span className="rt-preview-self-label">Self review:</span> {selfPrompt}
          </p>
        )}
        {q.help_text && <p className="field-hint">{q.help_text}</p>}
        {q.show_goals && <p className="field-hint">Shows the person's goals of the review period under the question.</p>}
        {isRating && (
          <div className="rt-scale">
            {options.map((label, i) => (
              <label key={i} className="rt-scale-point">
                <input type="radio" name={name} /> <strong>{i + 1}</strong> {label}
              </label>
            ))}
          </div>
        )}
        {isChoice && (
          <div className="rt-checks">
            {options.map((option, i) => (
              <label key={i} className="checkbox">
                <input type={q.kind === 'SINGLE_CHOICE' ? 'radio' : 'checkbox'} name={name} /> {option}
              </label>
            ))}
          </div>
        )}
        {(q.kind === 'TEXT' || q.kind === 'RATING_COMMENT') && (
          <div className="field">
            <label htmlFor={`${name}-text`}>{q.kind === 'TEXT' ? 'Your answer' : 'Comment'}</label>
            <textarea id={`${name}-text`} rows={2} />
          </div>
        )}
        <p className="rt-preview-meta">
          Answered by {q.perspectives.map((p) => PERSPECTIVE_LABELS[p]).join(', ') || 'nobody yet'}
          {q.private ? ' · Private: only managers and admins see the answers' : ''}
        </p>
      </fieldset>
    </li>
  );
}
