import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { GROWTH_LIMITS, competencyTrackInputSchema } from '../../../shared/growth.js';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { fieldErrorsOf, type FieldErrors } from '../../lib/forms.js';
import { refusedSave } from '../../lib/graphql.js';
import { useSaveTrack } from './framework.api.js';
import type { CompetencyTrack } from './growth.types.js';

const L = GROWTH_LIMITS;

type DraftLevel = { key: string; id: string | null; name: string; description: string };
type DraftCompetency = { key: string; id: string | null; name: string; description: string; expectations: string[] };
type Draft = { name: string; description: string; levels: DraftLevel[]; competencies: DraftCompetency[] };

let keys = 0;
const nextKey = () => `new-${++keys}`;

function draftOf(track: CompetencyTrack | null): Draft {
  if (!track) {
    return {
      name: '',
      description: '',
      levels: [{ key: nextKey(), id: null, name: '', description: '' }],
      competencies: [{ key: nextKey(), id: null, name: '', description: '', expectations: [''] }],
    };
  }
  return {
    name: track.name,
    description: track.description,
    levels: track.levels.map((l) => ({ key: l.id, id: l.id, name: l.name, description: l.description })),
    competencies: track.competencies.map((c) => {
      const byLevel = new Map(c.expectations.map((e) => [e.level_id, e.text]));
      return { key: c.id, id: c.id, name: c.name, description: c.description, expectations: track.levels.map((l) => byLevel.get(l.id) ?? '') };
    }),
  };
}

const inputOf = (d: Draft) => ({
  name: d.name,
  description: d.description,
  levels: d.levels.map((l) => ({ id: l.id, name: l.name, description: l.description })),
  competencies: d.competencies.map((c) => ({ id: c.id, name: c.name, description: c.description, expectations: c.expectations })),
});

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

/** The first error under a path prefix ("levels.1" finds "levels.1.name"). */
const errorUnder = (errors: FieldErrors, prefix: string) => errors[prefix];

/**
 * Edits a whole track (docs/decisions/0050): name and description, levels and competencies (add,
 * remove, reorder), and what each competency expects at each level: one competency at a time, its
 * levels stacked, so it stays usable on a phone. Checked with the shared schema before saving; the
 * server's refusals (a level someone is placed on, a name taken) show in the same places.
 */
export function TrackEditor({ track, onDone }: { track: CompetencyTrack | null; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(track));
  const [current, setCurrent] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveTrack();
  // The version this editor started from (docs/decisions/0059): a save over another admin's newer one is refused, the editor keeps its text.
  const [baseVersion] = useState(track?.version ?? 0);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const competency = draft.competencies[Math.min(current, draft.competencies.length - 1)];
  const competencyIndex = competency ? draft.competencies.indexOf(competency) : -1;

  const setLevel = (i: number, patch: Partial<DraftLevel>) => setDraft((d) => ({ ...d, levels: d.levels.map((l, j) => (j === i ? { ...l, ...patch } : l)) }));
  const setCompetency = (i: number, patch: Partial<DraftCompetency>) =>
    setDraft((d) => ({ ...d, competencies: d.competencies.map((c, j) => (j === i ? { ...c, ...patch } : c)) }));
  const addLevel = () =>
    setDraft((d) => ({
      ...d,
      levels: [...d.levels, { key: nextKey(), id: null, name: '', description: '' }],
      competencies: d.competencies.map((c) => ({ ...c, expectations: [...c.expectations, ''] })),
    }));
  const removeLevel = (i: number) =>
    setDraft((d) => ({
      ...d,
      levels: d.levels.filter((_, j) => j !== i),
      competencies: d.competencies.map((c) => ({ ...c, expectations: c.expectations.filter((_, j) => j !== i) })),
    }));
  const moveLevel = (i: number, to: number) =>
    setDraft((d) => ({
      ...d,
      levels: move(d.levels, i, to),
      competencies: d.competencies.map((c) => ({ ...c, expectations: move(c.expectations, i, to) })),
    }));
  const addCompetency = () => {
    setDraft((d) => ({
      ...d,
      competencies: [...d.competencies, { key: nextKey(), id: null, name: '', description: '', expectations: d.levels.map(() => '') }],
    }));
    setCurrent(draft.competencies.length);
  };
  const removeCompetency = (i: number) => {
    setDraft((d) => ({ ...d, competencies: d.competencies.filter((_, j) => j !== i) }));
    setCurrent((c) => Math.max(0, c >= i ? c - 1 : c));
  };
  const moveCompetency = (i: number, to: number) => {
    setDraft((d) => ({ ...d, competencies: move(d.competencies, i, to) }));
    setCurrent(to);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = competencyTrackInputSchema.safeParse(inputOf(draft));
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error);
      setErrors(found);
      setFormError(`Check the track: ${Object.values(found)[0] ?? 'something is missing.'}`);
      const bad = draft.competencies.findIndex((_, i) => Object.keys(found).some((k) => k.startsWith(`competencies.${i}.`)));
      if (bad >= 0) setCurrent(bad);
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ id: track?.id ?? null, input: inputOf(draft), baseVersion });
      showAlert(track ? `${saved.name} was saved.` : `${saved.name} was added to the framework.`, 'success');
      onDone();
    } catch (err) {
      const refused = refusedSave(err);
      setErrors(refused.fieldErrors ?? {});
      setFormError(refused.formError ?? null);
    }
  }

  const levelName = (i: number) => draft.levels[i]?.name.trim() || `Level ${i + 1}`;
  const competencyName = (c: DraftCompetency, i: number) => c.name.trim() || `Competency ${i + 1}`;

  return (
    <form className="form tile fw-editor" aria-labelledby={headingId} onSubmit={(e) => void onSubmit(e)} noValidate>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {track ? `Edit ${track.name}` : 'New track'}
      </h2>
      <Field
        label="Track name"
        name="name"
        value={draft.name}
        maxLength={L.trackNameMax}
        onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        error={errors.name}
      />
      <div className="field">
        <label htmlFor={`${headingId}-description`}>Description (optional)</label>
        <textarea
          id={`${headingId}-description`}
          rows={2}
          maxLength={L.descriptionMax}
          value={draft.description}
          onChange={(e) => setDraft({ ...draft, description: e.target.value })}
        />
      </div>

      <fieldset className="fw-fieldset">
        <legend>Levels, from the first to the highest</legend>
        {errors.levels && <p className="field-error">{errors.levels}</p>}
        <ol className="fw-rows">
          {draft.levels.map((l, i) => (
            <li key={l.key} className="fw-row">
              <div className="fw-row-fields">
                <Field
                  label={`Level ${i + 1} name`}
                  name={`levels.${i}.name`}
                  value={l.name}
                  maxLength={L.levelNameMax}
                  onChange={(e) => setLevel(i, { name: e.target.value })}
                  error={errorUnder(errors, `levels.${i}.name`)}
                />
                <Field
                  label={`Level ${i + 1} description (optional)`}
                  name={`levels.${i}.description`}
                  value={l.description}
                  maxLength={L.descriptionMax}
                  onChange={(e) => setLevel(i, { description: e.target.value })}
                />
              </div>
              <div className="fw-row-actions">
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={i === 0}
                  onClick={() => moveLevel(i, i - 1)}
                  aria-label={`Move ${levelName(i)} up`}
                >
                  Up
                </button>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={i === draft.levels.length - 1}
                  onClick={() => moveLevel(i, i + 1)}
                  aria-label={`Move ${levelName(i)} down`}
                >
                  Down
                </button>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={draft.levels.length <= L.levelsMin}
                  onClick={() => removeLevel(i)}
                  aria-label={`Remove ${levelName(i)}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
        <button type="button" className="button button-secondary button-small" disabled={draft.levels.length >= L.levelsMax} onClick={addLevel}>
          Add a level
        </button>
      </fieldset>

      <fieldset className="fw-fieldset">
        <legend>Competencies and what each level expects</legend>
        {errors.competencies && <p className="field-error">{errors.competencies}</p>}
        <div className="fw-competencies">
          <ol className="fw-competency-tabs" aria-label="Competencies">
            {draft.competencies.map((c, i) => {
              const hasError = Object.keys(errors).some((k) => k.startsWith(`competencies.${i}.`));
              return (
                <li key={c.key}>
                  <button
                    type="button"
                    className={`fw-competency-tab${i === competencyIndex ? ' fw-competency-tab-current' : ''}`}
                    aria-pressed={i === competencyIndex}
                    onClick={() => setCurrent(i)}
                  >
                    {competencyName(c, i)}
                    {hasError && <span className="field-error"> (check)</span>}
                  </button>
                </li>
              );
            })}
            <li>
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={draft.competencies.length >= L.competenciesMax}
                onClick={addCompetency}
              >
                Add a competency
              </button>
            </li>
          </ol>
          {competency && (
            <section className="fw-competency" aria-label={`Editing ${competencyName(competency, competencyIndex)}`}>
              <Field
                label="Competency name"
                name={`competencies.${competencyIndex}.name`}
                value={competency.name}
                maxLength={L.competencyNameMax}
                onChange={(e) => setCompetency(competencyIndex, { name: e.target.value })}
                error={errorUnder(errors, `competencies.${competencyIndex}.name`)}
              />
              <Field
                label="Competency description (optional)"
                name={`competencies.${competencyIndex}.description`}
                value={competency.description}
                maxLength={L.descriptionMax}
                onChange={(e) => setCompetency(competencyIndex, { description: e.target.value })}
              />
              {errors[`competencies.${competencyIndex}.expectations`] && (
                <p className="field-error">{errors[`competencies.${competencyIndex}.expectations`]}</p>
              )}
              <div className="fw-expectations">
                {draft.levels.map((l, li) => {
                  const id = `${headingId}-c${competencyIndex}-l${li}`;
                  const error = errors[`competencies.${competencyIndex}.expectations.${li}`];
                  return (
                    <div className="field" key={l.key}>
                      <label htmlFor={id}>What {levelName(li)} expects</label>
                      <textarea
                        id={id}
                        rows={2}
                        maxLength={L.expectationMax}
                        value={competency.expectations[li] ?? ''}
                        aria-invalid={error ? true : undefined}
                        onChange={(e) =>
                          setCompetency(competencyIndex, { expectations: competency.expectations.map((x, j) => (j === li ? e.target.value : x)) })
                        }
                      />
                      {error && <p className="field-error">{error}</p>}
                    </div>
                  );
                })}
              </div>
              <div className="fw-row-actions">
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={competencyIndex === 0}
                  onClick={() => moveCompetency(competencyIndex, competencyIndex - 1)}
                  aria-label={`Move ${competencyName(competency, competencyIndex)} up`}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={competencyIndex === draft.competencies.length - 1}
                  onClick={() => moveCompetency(competencyIndex, competencyIndex + 1)}
                  aria-label={`Move ${competencyName(competency, competencyIndex)} down`}
                >
                  Move down
                </button>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={draft.competencies.length <= L.competenciesMin}
                  onClick={() => removeCompetency(competencyIndex)}
                  aria-label={`Remove ${competencyName(competency, competencyIndex)}`}
                >
                  Remove
                </button>
              </div>
            </section>
          )}
        </div>
      </fieldset>

      <FormError message={formError} />
      <div className="rt-form-actions">
        <SubmitButton sending={save.isPending} sendingText="Saving…">
          {track ? 'Save track' : 'Add track'}
        </SubmitButton>
        <button type="button" className="button button-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
