import type { Dispatch } from 'react';
import { Field, SelectField, TextAreaField } from '../../components/ui/field.js';
import {
  CHOICE_KINDS,
  PERSPECTIVES,
  PERSPECTIVE_LABELS,
  QUESTION_KINDS,
  QUESTION_KIND_LABELS,
  RATING_KINDS,
  REVIEW_TEMPLATE_LIMITS,
  type QuestionKind,
} from '../../../shared/review-template.schemas.js';
import type { DraftAction, DraftQuestion } from './review-template-draft.js';
import { ItemOrderButtons, focusSoon } from '../templates/template-form.js';
import { useFrameworkCompetencies } from './review-template-competencies.js';

type Props = {
  question: DraftQuestion;
  s: number;
  q: number;
  count: number;
  errors: Record<string, string>;
  dispatch: Dispatch<DraftAction>;
  announce: (message: string) => void;
};

/** One question: kind, prompt, help, options or rating labels, who answers (with the self wording when SELF does), required, private; move and remove. */
export function QuestionEditor({ question, s, q, count, errors, dispatch, announce }: Props) {
  const path = `sections.${s}.questions.${q}`;
  const err = (field: string) => errors[`${path}.${field}`];
  const number = q + 1;
  const set = (patch: Partial<DraftQuestion>) => dispatch({ type: 'question', s, q, patch });
  const isRating = RATING_KINDS.includes(question.kind);
  const isChoice = CHOICE_KINDS.includes(question.kind);
  const optionsError = err('options');
  const perspectivesError = err('perspectives');
  const framework = useFrameworkCompetencies();
  const OTHER = '';
  // A competency removed from the framework since: the typed name shows again (saving asks for another choice).
  const fromFramework = !!question.competency_id && framework.some((t) => t.competencies.some((c) => c.id === question.competency_id));

  function move(by: -1 | 1) {
    dispatch({ type: 'moveQuestion', s, q, by });
    announce(`Question moved to position ${number + by} of ${count}.`);
    focusSoon(`#${question.key}-${by < 0 ? 'up' : 'down'}`, `#${question.key}-${by < 0 ? 'down' : 'up'}`);
  }

  return (
    <li className="rt-question" aria-labelledby={`${question.key}-title`}>
      <div className="rt-item-head">
        <h4 id={`${question.key}-title`}>
          Question {number}
          {question.prompt.trim() ? <span className="muted">: {question.prompt.trim()}</span> : null}
        </h4>
        <ItemOrderButtons
          itemKey={question.key}
          index={q}
          count={count}
          noun="question"
          onMove={move}
          canRemove={count > 1}
          onRemove={() => {
            dispatch({ type: 'removeQuestion', s, q });
            announce(`Question ${number} removed.`);
          }}
        />
      </div>
      <div className="rt-question-grid">
        <SelectField
          label="Kind"
          name={`${path}.kind`}
          value={question.kind}
          onChange={(e) => set({ kind: e.target.value as QuestionKind })}
          error={err('kind')}
        >
          {QUESTION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {QUESTION_KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        {question.kind === 'COMPETENCY_RATING' && framework.length > 0 && (
          <SelectField
            label="Competency from the framework"
            name={`${path}.competency_id`}
            value={fromFramework ? question.competency_id! : OTHER}
            error={err('competency_id')}
            onChange={(e) => {
              const chosen = framework.flatMap((t) => t.competencies).find((c) => c.id === e.target.value);
              set(chosen ? { competency_id: chosen.id, competency: chosen.name } : { competency_id: null });
            }}
          >
            <option value={OTHER}>Another competency (type its name)</option>
            {framework.map((t) => (
              <optgroup key={t.id} label={t.name}>
                {t.competencies.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </SelectField>
        )}
        {question.kind === 'COMPETENCY_RATING' && !fromFramework && (
          <Field
            label="Competency"
            name={`${path}.competency`}
            value={question.competency}
            maxLength={REVIEW_TEMPLATE_LIMITS.competencyMax}
            onChange={(e) => set({ competency: e.target.value, competency_id: null })}
            error={err('competency') ?? (framework.length ? undefined : err('competency_id'))}
            hint="For example Communication or Ownership."
          />
        )}
      </div>
      <TextAreaField
        label="Question"
        name={`${path}.prompt`}
        value={question.prompt}
        maxLength={REVIEW_TEMPLATE_LIMITS.promptMax}
        onChange={(e) => set({ prompt: e.target.value })}
        error={err('prompt')}
      />
      <TextAreaField
        label="Help text (optional)"
        name={`${path}.help_text`}
        value={question.help_text}
        maxLength={REVIEW_TEMPLATE_LIMITS.helpTextMax}
        onChange={(e) => set({ help_text: e.target.value })}
        error={err('help_text')}
      />

      {isRating && (
        <fieldset className="rt-options">
          <legend>Rating labels, 1 to 5</legend>
          {question.labels.map((label, i) => (
            <Field
              key={i}
              label={`Label for ${i + 1}`}
              name={`${path}.options.${i}`}
              value={label}
              maxLength={REVIEW_TEMPLATE_LIMITS.ratingLabelMax}
              onChange={(e) => dispatch({ type: 'setOption', s, q, i, value: e.target.value })}
              error={err(`options.${i}`)}
            />
          ))}
          {optionsError && <p className="field-error">{optionsError}</p>}
        </fieldset>
      )}
      {isChoice && (
        <fieldset className="rt-options">
          <legend>Options</legend>
          {question.choices.map((choice, i) => (
            <div key={i} className="rt-choice">
              <Field
                label={`Option ${i + 1}`}
                name={`${path}.options.${i}`}
                value={choice}
                maxLength={REVIEW_TEMPLATE_LIMITS.optionMax}
                onChange={(e) => dispatch({ type: 'setOption', s, q, i, value: e.target.value })}
                error={err(`options.${i}`)}
                aria-invalid={err(`options.${i}`) || optionsError ? true : undefined}
              />
              <button
                type="button"
                className="button button-ghost button-small"
                disabled={question.choices.length <= REVIEW_TEMPLATE_LIMITS.choicesMin}
                onClick={() => dispatch({ type: 'removeChoice', s, q, i })}
                aria-label={`Remove option ${i + 1} of question ${number}`}
              >
                Remove
              </button>
            </div>
          ))}
          {optionsError && <p className="field-error">{optionsError}</p>}
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={question.choices.length >= REVIEW_TEMPLATE_LIMITS.choicesMax}
            onClick={() => {
              dispatch({ type: 'addChoice', s, q });
              focusSoon(`[name="${path}.options.${question.choices.length}"]`);
            }}
          >
            Add option
          </button>
        </fieldset>
      )}

      <fieldset className="rt-perspectives" aria-describedby={perspectivesError ? `${question.key}-perspectives-error` : undefined}>
        <legend>Who answers</legend>
        <div className="rt-checks">
          {PERSPECTIVES.map((p) => (
            <label key={p} className="checkbox">
              <input
                type="checkbox"
                name={`${path}.perspectives`}
                checked={question.perspectives.includes(p)}
                aria-invalid={perspectivesError ? true : undefined}
                onChange={() => dispatch({ type: 'togglePerspective', s, q, perspective: p })}
              />
              {PERSPECTIVE_LABELS[p]}
            </label>
          ))}
        </div>
        {perspectivesError && (
          <p id={`${question.key}-perspectives-error`} className="field-error">
            {perspectivesError}
          </p>
        )}
      </fieldset>
      {question.perspectives.includes('SELF') && (
        <TextAreaField
          label="Self-review wording (optional)"
          name={`${path}.self_prompt`}
          value={question.self_prompt}
          maxLength={REVIEW_TEMPLATE_LIMITS.promptMax}
          onChange={(e) => set({ self_prompt: e.target.value })}
          error={err('self_prompt')}
          hint="How the person reads this question in their own self review, e.g. 'How clearly do you communicate?'"
        />
      )}
      <div className="rt-checks">
        <label className="checkbox">
          <input type="checkbox" checked={question.required} onChange={(e) => set({ required: e.target.checked })} />
          Required
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={question.private}
            onChange={(e) => set({ private: e.target.checked })}
            aria-describedby={`${question.key}-private-hint`}
          />
          Private
        </label>
        <span id={`${question.key}-private-hint`} className="field-hint">
          Private answers are seen by managers and admins only.
        </span>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={question.show_goals}
            onChange={(e) => set({ show_goals: e.target.checked })}
            aria-describedby={`${question.key}-goals-hint`}
          />
          Show the person's goals of the review period
        </label>
        <span id={`${question.key}-goals-hint`} className="field-hint">
          Reviewers see the goals they may read, with status and progress, under this question.
        </span>
      </div>
    </li>
  );
}
