import { useQuery } from '@tanstack/react-query';
import { Dialog } from '../../components/ui/dialog.js';
import { useId, useState } from 'react';
import { z } from 'zod';
import {
  FEEDBACK_GIVE_VISIBILITIES,
  FEEDBACK_LIMITS,
  FEEDBACK_VISIBILITY_LABELS,
  giveFeedbackSchema,
  type FeedbackVisibility,
} from '../../../shared/feedback.js';
import { FormError, SubmitButton } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm, type FieldErrors, type SubmitOutcome } from '../../lib/forms.js';
import { GraphqlError } from '../../lib/graphql.js';
import { pickablePeopleQueryOptions } from '../teams/api.js';
import { PersonPicker } from '../teams/person-picker.js';
import { meQueryOptions } from '../users/api.js';
import { feedbackTagsQueryOptions, useGiveFeedback, type GiveFeedbackVariables } from './feedback.api.js';
import './feedback.css';
import { formatNumber } from '../../../shared/format.js';

type Raw = Record<string, FormDataEntryValue | undefined>;
const FIELDS = new Set(['recipient_id', 'body', 'visibility', 'tag_ids', 'share_to_slack']);

/** The form's fields -> the API input, checked with the shared schema (its messages shown at the fields). */
const formSchema = z.any().transform((raw: Raw, ctx) => {
  const text = (name: string) => (typeof raw[name] === 'string' ? (raw[name] as string) : '');
  const parsed = giveFeedbackSchema.safeParse({
    recipient_id: text('recipient_id'),
    body: text('body'),
    visibility: text('visibility') || undefined,
    tag_ids: text('tag_ids').split(',').filter(Boolean),
    share_to_slack: text('visibility') === 'PUBLIC' && raw.share_to_slack === 'on',
  });
  if (parsed.success) return parsed.data as GiveFeedbackVariables;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path.slice(0, 1) as string[], message: issue.message });
  return z.NEVER;
});

/** A refusal of the server: its field messages at the fields, and always a line saying the feedback was not sent. */
function outcomeOf(err: unknown): SubmitOutcome {
  const message = err instanceof Error ? err.message : 'Something went wrong. Try again.';
  const fields: FieldErrors = err instanceof GraphqlError ? Object.fromEntries(Object.entries(err.fields).filter(([name]) => FIELDS.has(name))) : {};
  return { fieldErrors: fields, formError: `Your feedback was not sent: ${message} What you wrote is still here.` };
}

/** "Give feedback": the button and its dialog (recipient, text, who can see it, tags, Slack for public praise). */
export function GiveFeedbackButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Give feedback
      </button>
      {open && <GiveFeedbackDialog onClose={() => setOpen(false)} />}
    </>
  );
}

export function GiveFeedbackDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const me = useQuery(meQueryOptions);
  const people = useQuery(pickablePeopleQueryOptions);
  const tags = useQuery(feedbackTagsQueryOptions);
  const [visibility, setVisibility] = useState<FeedbackVisibility | ''>('');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const give = useGiveFeedback();
  const form = useZodForm(formSchema, async (input) => {
    try {
      const item = await give.mutateAsync(input);
      const slackMissed = input.share_to_slack && !item.slack_shared;
      showAlert(
        `Your feedback to ${item.recipient.full_name} was sent.${slackMissed ? ' It was not shared to Slack: Slack is not connected for your organization.' : ''}`,
        slackMissed ? 'warning' : 'success',
      );
      onClose();
    } catch (err) {
      return outcomeOf(err);
    }
  });
  const errors = form.fieldErrors;
  const recipients = (people.data ?? []).filter((p) => p.id !== me.data?.id && p.status !== 'DEACTIVATED');
  const activeTags = (tags.data ?? []).filter((t) => !t.archived);
  const describe = (name: string, ...more: string[]) => [...more, errors[name] ? `${id}-${name}-error` : null].filter(Boolean).join(' ') || undefined;

  return (
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog fb-dialog">
          <Dialog.Title>Give feedback</Dialog.Title>
          <Dialog.Description className="muted">Feedback to anyone in your organization. Choose who can see it before you send it.</Dialog.Description>
          {people.isPending ? (
            <p className="muted" role="status">
              Loading people…
            </p>
          ) : people.isError ? (
            <p role="alert" className="form-error">
              People could not be loaded. Close this dialog and try again.
            </p>
          ) : (
            <form className="form fb-form" aria-label="Give feedback" onSubmit={form.onSubmit} noValidate>
              <PersonPicker label="To" name="recipient_id" people={recipients} error={errors.recipient_id} noneLabel="Choose a person" />
              <div className="field">
                <label htmlFor={`${id}-body`}>Feedback</label>
                <textarea
                  id={`${id}-body`}
                  name="body"
                  rows={5}
                  aria-invalid={errors.body ? true : undefined}
                  aria-describedby={describe('body', `${id}-body-hint`)}
                />
                <p id={`${id}-body-hint`} className="field-hint">
                  Be specific: what happened, and what it changed. Up to {formatNumber(FEEDBACK_LIMITS.bodyMax)} characters.
                </p>
                {errors.body && (
                  <p id={`${id}-body-error`} className="field-error">
                    {errors.body}
                  </p>
                )}
              </div>
              <fieldset className="fb-choices" aria-invalid={errors.visibility ? true : undefined} aria-describedby={describe('visibility')}>
                <legend>Who can see it</legend>
                {FEEDBACK_GIVE_VISIBILITIES.map((v) => (
                  <div key={v} className="fb-choice">
                    <input
                      type="radio"
                      id={`${id}-${v}`}
                      name="visibility"
                      value={v}
                      checked={visibility === v}
                      onChange={() => setVisibility(v)}
                      aria-describedby={`${id}-${v}-desc`}
                    />
                    <span>
                      <label htmlFor={`${id}-${v}`}>{FEEDBACK_VISIBILITY_LABELS[v].label}</label>
                      <span id={`${id}-${v}-desc`} className="field-hint">
                        {FEEDBACK_VISIBILITY_LABELS[v].description}
                      </span>
                    </span>
                  </div>
                ))}
                {errors.visibility && (
                  <p id={`${id}-visibility-error`} className="field-error">
                    {errors.visibility}
                  </p>
                )}
              </fieldset>
              {activeTags.length > 0 && (
                <fieldset className="fb-choices fb-tag-choices" aria-describedby={describe('tag_ids', `${id}-tags-hint`)}>
                  <legend>Tags (optional)</legend>
                  <p id={`${id}-tags-hint`} className="field-hint">
                    Your organization’s values and competencies; up to {FEEDBACK_LIMITS.tagsPerFeedbackMax}.
                  </p>
                  <div className="fb-tag-options">
                    {activeTags.map((t) => (
                      <label key={t.id} className="checkbox fb-tag-option" title={t.description || undefined}>
                        <input
                          type="checkbox"
                          checked={tagIds.includes(t.id)}
                          onChange={(e) => setTagIds((ids) => (e.target.checked ? [...ids, t.id] : ids.filter((x) => x !== t.id)))}
                        />
                        {t.name}
                      </label>
                    ))}
                  </div>
                  <input type="hidden" name="tag_ids" value={tagIds.join(',')} />
                  {errors.tag_ids && (
                    <p id={`${id}-tag_ids-error`} className="field-error">
                      {errors.tag_ids}
                    </p>
                  )}
                </fieldset>
              )}
              {visibility === 'PUBLIC' && (
                <div className="field">
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      name="share_to_slack"
                      aria-invalid={errors.share_to_slack ? true : undefined}
                      aria-describedby={describe('share_to_slack', `${id}-slack-hint`)}
                    />
                    Also share to Slack
                  </label>
                  <p id={`${id}-slack-hint`} className="field-hint">
                    Posts the praise to your organization’s Slack channel, when Slack is connected.
                  </p>
                  {errors.share_to_slack && (
                    <p id={`${id}-share_to_slack-error`} className="field-error">
                      {errors.share_to_slack}
                    </p>
                  )}
                </div>
              )}
              <FormError message={form.formError} />
              <div className="dialog-actions">
                <Dialog.Close className="button button-ghost" type="button">
                  Cancel
                </Dialog.Close>
                <SubmitButton sending={form.sending} sendingText="Sending…">
                  Send feedback
                </SubmitButton>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
