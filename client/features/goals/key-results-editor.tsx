import { useId } from 'react';
import { COMMON_CURRENCIES, GOAL_LIMITS, KEY_RESULT_KIND_LABELS, KEY_RESULT_KINDS, type KeyResultKind } from '../../../shared/goals.js';
import type { KeyResult } from './goal.types.js';

/** One key result as the form holds it: numbers as typed (strings) until the form is checked. */
export type KeyResultDraft = {
  key: string;
  id: string | null;
  title: string;
  kind: KeyResultKind;
  start_value: string;
  target_value: string;
  current_value: string;
  currency: string;
  weight: string;
};

let nextKey = 0;
export const newKeyResultDraft = (): KeyResultDraft => ({
  key: `new-${++nextKey}`,
  id: null,
  title: '',
  kind: 'NUMBER',
  start_value: '0',
  target_value: '',
  current_value: '',
  currency: '',
  weight: '1',
});
export const draftOfKeyResult = (kr: KeyResult): KeyResultDraft => ({
  key: kr.id,
  id: kr.id,
  title: kr.title,
  kind: kr.kind,
  start_value: String(kr.start_value),
  target_value: String(kr.target_value),
  current_value: String(kr.current_value),
  currency: kr.currency ?? '',
  weight: String(kr.weight),
});

const num = (text: string, fallback: number | null): number | null => (text.trim() === '' ? fallback : Number(text.trim()));

/** The draft as the API input (BINARY runs 0..1); numbers that are not numbers stay NaN so the shared schema names them. */
export function keyResultInputOf(d: KeyResultDraft) {
  const binary = d.kind === 'BINARY';
  return {
    ...(d.id ? { id: d.id } : {}),
    title: d.title,
    kind: d.kind,
    start_value: binary ? 0 : num(d.start_value, 0)!,
    target_value: binary ? 1 : (num(d.target_value, Number.NaN) as number),
    current_value: binary ? (d.current_value === '1' ? 1 : 0) : num(d.current_value, null),
    currency: d.kind === 'CURRENCY' ? d.currency || null : null,
    weight: num(d.weight, 1)!,
  };
}

type Props = {
  drafts: KeyResultDraft[];
  onChange: (drafts: KeyResultDraft[]) => void;
  /** Messages by path: key_results.0.target_value ... */
  errors: Record<string, string>;
};

/** Add, remove and reorder up to 10 key results: kind, start, target, current, currency and weight, errors at each field. */
export function KeyResultsEditor({ drafts, onChange, errors }: Props) {
  const id = useId();
  const set = (i: number, patch: Partial<KeyResultDraft>) => onChange(drafts.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...drafts];
    const [d] = next.splice(i, 1);
    next.splice(i + by, 0, d!);
    onChange(next);
  };
  const full = drafts.length >= GOAL_LIMITS.keyResultsMax;
  return (
    <fieldset className="goal-krs">
      <legend>Key results</legend>
      <p className="field-hint" id={`${id}-hint`}>
        Measurable results that show the goal is reached (up to {GOAL_LIMITS.keyResultsMax}). The goal’s progress is their weighted mean.
      </p>
      {errors.key_results && <p className="field-error">{errors.key_results}</p>}
      <ol className="goal-kr-list">
        {drafts.map((d, i) => {
          const n = i + 1;
          const base = `${id}-${d.key}`;
          const err = (field: string) => errors[`key_results.${i}.${field}`];
          const input = (field: 'start_value' | 'target_value' | 'current_value' | 'weight', label: string) => {
            const e = err(field);
            return (
              <div className="field goal-kr-num">
                <label htmlFor={`${base}-${field}`}>{label}</label>
                <input
                  id={`${base}-${field}`}
                  inputMode="decimal"
                  value={d[field]}
                  onChange={(ev) => set(i, { [field]: ev.target.value })}
                  aria-invalid={e ? true : undefined}
                  aria-describedby={e ? `${base}-${field}-error` : undefined}
                />
                {e && (
                  <p id={`${base}-${field}-error`} className="field-error">
                    {e}
                  </p>
                )}
              </div>
            );
          };
          const titleError = err('title');
          const currencyError = err('currency');
          return (
            <li key={d.key} className="goal-kr-item" aria-label={`Key result ${n}, all fields`}>
              <div className="field">
                <label htmlFor={`${base}-title`}>Key result {n}</label>
                <input
                  id={`${base}-title`}
                  value={d.title}
                  maxLength={GOAL_LIMITS.keyResultTitleMax}
                  onChange={(e) => set(i, { title: e.target.value })}
                  aria-invalid={titleError ? true : undefined}
                  aria-describedby={titleError ? `${base}-title-error` : undefined}
                />
                {titleError && (
                  <p id={`${base}-title-error`} className="field-error">
                    {titleError}
                  </p>
                )}
              </div>
              <div className="goal-kr-row">
                <div className="field">
                  <label htmlFor={`${base}-kind`}>Kind</label>
                  <select id={`${base}-kind`} value={d.kind} onChange={(e) => set(i, { kind: e.target.value as KeyResultKind })}>
                    {KEY_RESULT_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {KEY_RESULT_KIND_LABELS[k]}
                      </option>
                    ))}
                  </select>
                </div>
                {d.kind === 'CURRENCY' && (
                  <div className="field">
                    <label htmlFor={`${base}-currency`}>Currency</label>
                    <select
                      id={`${base}-currency`}
                      value={d.currency}
                      onChange={(e) => set(i, { currency: e.target.value })}
                      aria-invalid={currencyError ? true : undefined}
                      aria-describedby={currencyError ? `${base}-currency-error` : undefined}
                    >
                      <option value="">Choose a currency</option>
                      {COMMON_CURRENCIES.map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                      {d.currency && !(COMMON_CURRENCIES as readonly string[]).includes(d.currency) && <option value={d.currency}>{d.currency}</option>}
                    </select>
                    {currencyError && (
                      <p id={`${base}-currency-error`} className="field-error">
                        {currencyError}
                      </p>
                    )}
                  </div>
                )}
                {d.kind === 'BINARY' ? (
                  <label className="checkbox goal-kr-done">
                    <input type="checkbox" checked={d.current_value === '1'} onChange={(e) => set(i, { current_value: e.target.checked ? '1' : '0' })} />
                    Done already
                  </label>
                ) : (
                  <>
                    {input('start_value', 'Start')}
                    {input('target_value', 'Target')}
                    {input('current_value', 'Current')}
                  </>
                )}
                {input('weight', 'Weight')}
              </div>
              <div className="goal-kr-actions">
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={`Move key result ${n} up`}
                >
                  Up
                </button>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={i === drafts.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`Move key result ${n} down`}
                >
                  Down
                </button>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  onClick={() => onChange(drafts.filter((_, j) => j !== i))}
                  aria-label={`Remove key result ${n}`}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button button-secondary button-small" disabled={full} onClick={() => onChange([...drafts, newKeyResultDraft()])}>
        Add a key result
      </button>
      {full && <p className="field-hint">A goal has at most {GOAL_LIMITS.keyResultsMax} key results.</p>}
    </fieldset>
  );
}
