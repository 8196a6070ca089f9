import type { Dispatch } from 'react';
import { Field, TextAreaField } from '../../components/ui/field.js';
import { REVIEW_TEMPLATE_LIMITS } from '../../../shared/review-template.schemas.js';
import type { DraftAction, DraftSection } from './review-template-draft.js';
import { ItemOrderButtons, focusSoon } from '../templates/template-form.js';
import { QuestionEditor } from './review-template-question-editor.js';

type Props = {
  section: DraftSection;
  s: number;
  count: number;
  totalQuestions: number;
  errors: Record<string, string>;
  dispatch: Dispatch<DraftAction>;
  announce: (message: string) => void;
};

/** One section: title, description, its ordered questions; move and remove. */
export function SectionEditor({ section, s, count, totalQuestions, errors, dispatch, announce }: Props) {
  const path = `sections.${s}`;
  const number = s + 1;
  const questionsError = errors[`${path}.questions`];

  function move(by: -1 | 1) {
    dispatch({ type: 'moveSection', s, by });
    announce(`Section moved to position ${number + by} of ${count}.`);
    focusSoon(`#${section.key}-${by < 0 ? 'up' : 'down'}`, `#${section.key}-${by < 0 ? 'down' : 'up'}`);
  }

  function addQuestion() {
    dispatch({ type: 'addQuestion', s });
    announce(`Question ${section.questions.length + 1} added to section ${number}.`);
    focusSoon(`[name="${path}.questions.${section.questions.length}.prompt"]`);
  }

  return (
    <li className="rt-section" aria-labelledby={`${section.key}-title`}>
      <div className="rt-item-head">
        <h3 id={`${section.key}-title`}>
          Section {number}
          {section.title.trim() ? `: ${section.title.trim()}` : ''}
        </h3>
        <ItemOrderButtons
          itemKey={section.key}
          index={s}
          count={count}
          noun="section"
          onMove={move}
          canRemove={count > 1}
          onRemove={() => {
            dispatch({ type: 'removeSection', s });
            announce(`Section ${number} removed.`);
          }}
        />
      </div>
      <Field
        label="Section title"
        name={`${path}.title`}
        value={section.title}
        maxLength={REVIEW_TEMPLATE_LIMITS.sectionTitleMax}
        onChange={(e) => dispatch({ type: 'section', s, patch: { title: e.target.value } })}
        error={errors[`${path}.title`]}
      />
      <TextAreaField
        label="Section description (optional)"
        name={`${path}.description`}
        value={section.description}
        maxLength={REVIEW_TEMPLATE_LIMITS.helpTextMax}
        onChange={(e) => dispatch({ type: 'section', s, patch: { description: e.target.value } })}
        error={errors[`${path}.description`]}
      />
      <ol className="rt-questions" aria-label={`Questions of section ${number}`}>
        {section.questions.map((question, q) => (
          <QuestionEditor
            key={question.key}
            question={question}
            s={s}
            q={q}
            count={section.questions.length}
            errors={errors}
            dispatch={dispatch}
            announce={announce}
          />
        ))}
      </ol>
      {questionsError && <p className="field-error">{questionsError}</p>}
      <div>
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={totalQuestions >= REVIEW_TEMPLATE_LIMITS.questionsMax}
          onClick={addQuestion}
        >
          Add question to section {number}
        </button>
      </div>
    </li>
  );
}
