import { useCallback, useId, useState } from 'react';
import { ASSESSMENT_RATING_LABELS, ASSESSMENT_RATINGS, GROWTH_LIMITS } from '../../../shared/growth.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { useAutosave } from '../../lib/use-autosave.js';
import type { AssessmentApi, RatingsInput } from './assessment.api.js';
import type { Assessment, AssessmentComparisonRow } from './growth.types.js';
import { formatTime } from '../../../shared/format.js';

const inputOf = (a: Assessment): RatingsInput => ({
  ratings: a.ratings.map((r) => ({ competency_id: r.competency_id, rating: r.rating, comment: r.comment })),
  summary: a.summary,
});

/**
 * The assessor's draft: per competency what the level and the next level expect, a 1..4 rating and a
 * comment, then a summary. Saved through the client's one autosave (client/lib/use-autosave.ts) with
 * the version it is based on; a failed save keeps everything on screen and says why. Submitting saves first.
 */
export function AssessmentForm({
  draft,
  rows,
  subjectName,
  api,
  onDone,
}: {
  draft: Assessment;
  rows: readonly AssessmentComparisonRow[];
  subjectName: string;
  api: AssessmentApi;
  onDone: (message: string) => void;
}) {
  const formId = useId();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const draftId = draft.id;
  const send = useCallback((value: RatingsInput, base: number) => api.save(draftId, value, base), [api, draftId]);
  const autosave = useAutosave<RatingsInput>({ initial: inputOf(draft), version: draft.version, send });
  const { value, status } = autosave;
  const change = (next: RatingsInput) => {
    autosave.change(next);
    setSubmitError(null);
  };

  const setRating = (competencyId: string, patch: { rating?: number; comment?: string }) => {
    const ratings = value.ratings.some((r) => r.competency_id === competencyId)
      ? value.ratings.map((r) => (r.competency_id === competencyId ? { ...r, ...patch } : r))
      : [...value.ratings, { competency_id: competencyId, rating: patch.rating ?? null, comment: patch.comment ?? '' }];
    change({ ...value, ratings });
  };

  async function submit() {
    setBusy(true);
    setSubmitError(null);
    try {
      if (!(await autosave.flush())) {
        setSubmitError('Not submitted: the assessment could not be saved first (see above). Your ratings are kept here.');
        return;
      }
      await api.submit(draft.id);
      onDone(draft.kind === 'SELF' ? 'Your self-assessment is submitted.' : `Your assessment of ${subjectName} is submitted: they are told.`);
    } catch (err) {
      setSubmitError(err instanceof Error ? err.message : 'Not submitted: something went wrong.');
    } finally {
      setBusy(false);
    }
  }

  /** Deleting asks first (ConfirmDialog); a refusal shows in the dialog, which stays open. */
  async function discard() {
    autosave.forget();
    await api.remove(draft.id);
    onDone('Draft deleted.');
  }

  const statusText =
    status.kind === 'unsaved'
      ? 'Unsaved changes'
      : status.kind === 'saving'
        ? 'Saving…'
        : status.kind === 'saved'
          ? `Draft saved at ${formatTime(status.at)}`
          : status.kind === 'error'
            ? `Not saved: ${status.reason}. Your ratings and text are kept here.`
            : status.kind === 'conflict'
              ? 'Not saved: this draft was saved from another window since you opened it. Your ratings and text are kept here: copy what you need, then reload.'
              : 'Changes are saved as a draft as you go; only you see it until you submit.';
  const failed = status.kind === 'error' || status.kind === 'conflict';
  const rated = value.ratings.filter((r) => r.rating !== null).length;
  const title = draft.kind === 'SELF' ? 'Your self-assessment' : `Your assessment of ${subjectName}`;

  return (
    <section className="as-form as-section" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>{title}</h2>
      <p className="muted">
        Against {draft.level.name} on {draft.track.name}. {rated} of {rows.length} competencies rated.
      </p>
      <ol className="as-competencies">
        {rows.map((row) => {
          const r = value.ratings.find((x) => x.competency_id === row.competency.id);
          const base = `${formId}-${row.competency.id}`;
          return (
            <li key={row.competency.id} className="as-competency">
              <fieldset aria-describedby={`${base}-exp`}>
                <legend>
                  <h3>{row.competency.name}</h3>
                </legend>
                {row.competency.description && <p className="muted">{row.competency.description}</p>}
                <dl id={`${base}-exp`} className="as-expectations">
                  <div>
                    <dt>Expected at {draft.level.name}</dt>
                    <dd>{row.expectation || 'No expectation written.'}</dd>
                  </div>
                  <div>
                    <dt>Next level</dt>
                    <dd>{row.next_expectation === null ? 'This is the top level.' : row.next_expectation || 'No expectation written.'}</dd>
                  </div>
                </dl>
                <div role="radiogroup" aria-label={`Rating for ${row.competency.name}`} className="as-scale">
                  {ASSESSMENT_RATINGS.map((n) => (
                    <label key={n} className="as-scale-option">
                      <input
                        type="radio"
                        name={`${base}-rating`}
                        value={n}
                        checked={r?.rating === n}
                        onChange={() => setRating(row.competency.id, { rating: n })}
                      />
                      <span>
                        <strong>
                          {n} {ASSESSMENT_RATING_LABELS[n].label}
                        </strong>
                        <small>{ASSESSMENT_RATING_LABELS[n].description}</small>
                      </span>
                    </label>
                  ))}
                </div>
                <div className="field">
                  <label htmlFor={`${base}-comment`}>Comment on {row.competency.name}</label>
                  <textarea
                    id={`${base}-comment`}
                    rows={2}
                    maxLength={GROWTH_LIMITS.commentMax}
                    value={r?.comment ?? ''}
                    onChange={(e) => setRating(row.competency.id, { comment: e.target.value })}
                  />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="field">
        <label htmlFor={`${formId}-summary`}>Summary</label>
        <textarea
          id={`${formId}-summary`}
          rows={3}
          maxLength={GROWTH_LIMITS.commentMax}
          value={value.summary}
          onChange={(e) => change({ ...value, summary: e.target.value })}
        />
      </div>
      <p role="status" aria-live="polite" className={failed ? 'as-save-error' : 'muted'}>
        {statusText}
      </p>
      {status.kind === 'error' && (
        <button type="button" className="button button-secondary button-small" onClick={() => void autosave.flush()}>
          Retry saving
        </button>
      )}
      {submitError && (
        <p role="alert" className="field-error">
          {submitError}
        </p>
      )}
      <div className="as-actions">
        <button type="button" className="button" disabled={busy} onClick={() => void submit()}>
          {busy ? 'Submitting…' : 'Submit assessment'}
        </button>
        <button type="button" className="button button-secondary" onClick={() => setDeleting(true)}>
          Delete draft
        </button>
      </div>
      {deleting && (
        <ConfirmDialog
          title="Delete this draft?"
          description="Its ratings and comments are lost."
          tone="danger"
          confirmLabel="Delete draft"
          busyLabel="Deleting…"
          onConfirm={discard}
          onClose={() => setDeleting(false)}
        />
      )}
    </section>
  );
}
