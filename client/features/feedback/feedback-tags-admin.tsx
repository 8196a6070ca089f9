import { useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FEEDBACK_LIMITS, FEEDBACK_TAG_KINDS, feedbackTagInputSchema, type FeedbackTagKind } from '../../../shared/feedback.js';
import { Field, FormError, SelectField, SubmitButton } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { fieldErrorsOf, type FieldErrors } from '../../lib/forms.js';
import { refusedSave } from '../../lib/graphql.js';
import { meQueryOptions } from '../users/api.js';
import { feedbackTagsAdminQueryOptions, useFeedbackTagAction, useSaveFeedbackTag, type FeedbackTagDraftInput } from './feedback-templates.api.js';
import type { FeedbackTag } from './feedback.types.js';

const L = FEEDBACK_LIMITS;
const KIND_LABELS: Record<FeedbackTagKind, { one: string; many: string }> = {
  VALUE: { one: 'Value', many: 'Values' },
  COMPETENCY: { one: 'Competency', many: 'Competencies' },
};
const noneText = (archived: number) => (archived === 0 ? 'None yet.' : `None in use; ${archived} archived (shown with “Show archived”).`);
const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Try again.');

/**
 * The organization's values and competencies, the tags people add to feedback. Admins add,
 * rename, archive and restore them; everyone else reads the list.
 */
export function FeedbackTagsAdmin({ showArchived }: { showArchived: boolean }) {
  const { data } = useSuspenseQuery(feedbackTagsAdminQueryOptions);
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const isAdmin = me.permission_level === 'ADMIN';
  const [editing, setEditing] = useState<string | null>(null);
  const action = useFeedbackTagAction();
  const tags = data.filter((t) => showArchived || !t.archived);

  async function run(kind: 'archive' | 'restore', tag: FeedbackTag) {
    try {
      await action.mutateAsync({ action: kind, id: tag.id });
      showAlert(kind === 'archive' ? `${tag.name} was archived: no longer offered when giving feedback.` : `${tag.name} was restored.`, 'success');
    } catch (err) {
      showAlert(messageOf(err), 'error');
    }
  }

  return (
    <section className="template-section" aria-labelledby="ft-tags">
      <h2 id="ft-tags">Values and competencies</h2>
      <p className="muted">
        People can tag the feedback they give with these.
        {isAdmin ? ' Archived ones are no longer offered; feedback already tagged keeps them.' : ' Admins keep this list.'}
      </p>
      <div className="ft-tag-groups">
        {FEEDBACK_TAG_KINDS.map((kind) => {
          const group = tags.filter((t) => t.kind === kind);
          return (
            <section key={kind} className="tile ft-tag-group" aria-labelledby={`ft-tags-${kind}`}>
              <h3 id={`ft-tags-${kind}`}>{KIND_LABELS[kind].many}</h3>
              {group.length === 0 ? (
                <p className="muted">{noneText(data.filter((t) => t.kind === kind && t.archived).length)}</p>
              ) : (
                <ul className="ft-tags" aria-label={KIND_LABELS[kind].many}>
                  {group.map((t) => (
                    <li key={t.id} className="ft-tag">
                      {editing === t.id ? (
                        <TagForm tag={t} onDone={() => setEditing(null)} />
                      ) : (
                        <>
                          <div className="ft-tag-text">
                            <strong>{t.name}</strong>
                            {t.archived && <span className="rt-badge rt-badge-archived">Archived</span>}
                            <span className="muted">
                              {' '}
                              · used {t.uses} {t.uses === 1 ? 'time' : 'times'}
                            </span>
                            {t.description && <p className="muted">{t.description}</p>}
                          </div>
                          {isAdmin && (
                            <div className="rt-item-actions">
                              {!t.archived && (
                                <button
                                  type="button"
                                  className="button button-secondary button-small"
                                  onClick={() => setEditing(t.id)}
                                  aria-label={`Rename ${t.name}`}
                                >
                                  Rename
                                </button>
                              )}
                              <button
                                type="button"
                                className="button button-ghost button-small"
                                disabled={action.isPending}
                                onClick={() => void run(t.archived ? 'restore' : 'archive', t)}
                                aria-label={`${t.archived ? 'Restore' : 'Archive'} ${t.name}`}
                              >
                                {t.archived ? 'Restore' : 'Archive'}
                              </button>
                            </div>
                          )}
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
      {isAdmin && <TagForm />}
    </section>
  );
}

/** Adds a value or competency, or (with `tag`) renames one and changes its description. */
function TagForm({ tag, onDone }: { tag?: FeedbackTag; onDone?: () => void }) {
  const [draft, setDraft] = useState<FeedbackTagDraftInput>({ name: tag?.name ?? '', kind: tag?.kind ?? 'VALUE', description: tag?.description ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveFeedbackTag();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = feedbackTagInputSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ id: tag?.id ?? null, input: parsed.data });
      showAlert(tag ? `${saved.name} was saved.` : `${saved.name} was added to the ${KIND_LABELS[saved.kind].many.toLowerCase()}.`, 'success');
      if (tag) onDone?.();
      else setDraft({ name: '', kind: draft.kind, description: '' });
    } catch (err) {
      const refused = refusedSave(err);
      setErrors(refused.fieldErrors ?? {});
      setFormError(refused.formError ?? null);
    }
  }

  const label = tag ? `Rename ${tag.name}` : 'Add a value or competency';
  return (
    <form className={tag ? 'form ft-tag-form ft-tag-form-inline' : 'form ft-tag-form tile'} aria-label={label} onSubmit={(e) => void onSubmit(e)} noValidate>
      {!tag && <h3>{label}</h3>}
      <div className="ft-tag-fields">
        <Field
          label="Name"
          name="name"
          value={draft.name}
          maxLength={L.tagNameMax}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          error={errors.name}
        />
        {!tag && (
          <SelectField
            label="Kind"
            name="kind"
            value={draft.kind}
            onChange={(e) => setDraft({ ...draft, kind: e.target.value as FeedbackTagKind })}
            error={errors.kind}
          >
            {FEEDBACK_TAG_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k].one}
              </option>
            ))}
          </SelectField>
        )}
        <Field
          label="Description (optional)"
          name="description"
          value={draft.description}
          maxLength={L.tagDescriptionMax}
          onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          error={errors.description}
        />
      </div>
      <FormError message={formError} />
      <div className="rt-form-actions">
        <SubmitButton sending={save.isPending} sendingText="Saving…">
          {tag ? 'Save' : 'Add'}
        </SubmitButton>
        {tag && (
          <button type="button" className="button button-ghost" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
