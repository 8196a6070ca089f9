import type { ReactNode } from 'react';
import { DEFAULT_RATING_LABELS, RATING_KINDS } from '../../../shared/review-template.schemas.js';
import type { Answer, CycleQuestion } from './review-cycles.api.js';

export type AnswerPatch = Partial<Pick<Answer, 'rating' | 'text' | 'choices'>>;

/**
 * One snapshot question, answered according to its kind; `readOnly` for a submitted review. In a
 * self review (`self`) it reads in its self-review wording when it has one (docs/decisions/0025).
 */
export function AnswerQuestion({
  question: q,
  number,
  answer,
  error,
  readOnly,
  self = false,
  onChange,
  children,
}: {
  question: CycleQuestion;
  number: number;
  answer: Answer | undefined;
  error: string | undefined;
  readOnly: boolean;
  self?: boolean;
  onChange: (patch: AnswerPatch) => void;
  /** Shown under the question (its competency's expectation, the reviewee's goals of the period). */
  children?: ReactNode;
}) {
  const prompt = (self && q.self_prompt) || q.prompt;
  const base = `q-${q.id}`;
  const errorId = `${base}-error`;
  const rating = RATING_KINDS.includes(q.kind);
  const labels = q.options.length === 5 ? q.options : [...DEFAULT_RATING_LABELS];
  const choices = answer?.choices ?? [];
  return (
    <li id={base} className="rc-question" data-invalid={error ? 'true' : undefined}>
      <fieldset disabled={readOnly} aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
        <legend id={`${base}-legend`}>
          {number}. {q.kind === 'COMPETENCY_RATING' && q.competency && <span className="rc-badge">{q.competency}</span>} {prompt}
          {q.required ? (
            <span className="rc-required" aria-label="required">
              {' '}
              *
            </span>
          ) : (
            <span className="muted"> (optional)</span>
          )}
        </legend>
        {q.help_text && <p className="field-hint">{q.help_text}</p>}
        {q.private && <p className="field-hint">Only managers and admins see the answers to this question.</p>}
        {rating && (
          <div className="rc-scale" role="radiogroup" aria-labelledby={`${base}-legend`}>
            {labels.map((label, i) => (
              <label key={i}>
                <input type="radio" name={`${base}-rating`} value={i + 1} checked={answer?.rating === i + 1} onChange={() => onChange({ rating: i + 1 })} />
                <strong>{i + 1}</strong> {label}
              </label>
            ))}
          </div>
        )}
        {q.kind === 'SINGLE_CHOICE' && (
          <div className="rc-checks" role="radiogroup" aria-labelledby={`${base}-legend`}>
            {q.options.map((o) => (
              <label key={o} className="checkbox">
                <input type="radio" name={`${base}-choice`} value={o} checked={choices[0] === o} onChange={() => onChange({ choices: [o] })} /> {o}
              </label>
            ))}
          </div>
        )}
        {q.kind === 'MULTIPLE_CHOICE' && (
          <div className="rc-checks">
            {q.options.map((o) => (
              <label key={o} className="checkbox">
                <input
                  type="checkbox"
                  value={o}
                  checked={choices.includes(o)}
                  onChange={(e) =>
                    onChange({ choices: e.target.checked ? q.options.filter((x) => x === o || choices.includes(x)) : choices.filter((x) => x !== o) })
                  }
                />{' '}
                {o}
              </label>
            ))}
          </div>
        )}
        {(q.kind === 'TEXT' || q.kind === 'RATING_COMMENT') && (
          <div className="field">
            <label htmlFor={`${base}-text`}>{q.kind === 'TEXT' ? `Answer to question ${number}` : `Comment on question ${number}`}</label>
            <textarea
              id={`${base}-text`}
              rows={q.kind === 'TEXT' ? 4 : 2}
              maxLength={5000}
              value={answer?.text ?? ''}
              onChange={(e) => onChange({ text: e.target.value })}
            />
          </div>
        )}
        {error && (
          <p id={errorId} className="field-error">
            {error}
          </p>
        )}
      </fieldset>
      {children}
    </li>
  );
}

const blank = (a: Answer | undefined) => !a || (a.rating == null && !(a.text ?? '').trim() && !a.choices?.length);

/** What a required question still lacks (a rating question needs its rating), or null. */
export function missingAnswer(q: CycleQuestion, a: Answer | undefined): string | null {
  if (!q.required) return null;
  if (RATING_KINDS.includes(q.kind)) return a?.rating == null ? 'Pick a rating from 1 to 5.' : null;
  if (blank(a)) return q.kind === 'TEXT' ? 'Write an answer.' : q.kind === 'MULTIPLE_CHOICE' ? 'Pick at least one option.' : 'Pick an option.';
  return null;
}
