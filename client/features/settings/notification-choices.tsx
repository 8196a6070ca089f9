import { z } from 'zod';
import { FormError, SubmitButton } from '../../components/ui/field.js';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, readNotificationChoices, writeNotificationChoices } from '../../../shared/notification-kinds.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm, type SubmitOutcome } from '../../lib/forms.js';
import { GraphqlError } from '../../lib/graphql.js';
import { useUpdateMe } from '../profile/api.js';
import './settings.css';

/** Checked boxes arrive as `channel:<id>` / `kind:<id>` fields; the result is the list to store. */
const choicesSchema = z.record(z.string(), z.unknown()).transform((raw) => {
  const picked = (prefix: string) =>
    Object.keys(raw)
      .filter((k) => k.startsWith(prefix))
      .map((k) => k.slice(prefix.length));
  return writeNotificationChoices({ channels: picked('channel:'), kinds: picked('kind:') });
});

/** Which kinds of notifications I get and through which channels (the `notifications` list, via updateMe). */
export function NotificationChoices({ stored }: { stored: readonly string[] }) {
  const update = useUpdateMe();
  const initial = readNotificationChoices(stored);
  const form = useZodForm(choicesSchema, async (list): Promise<SubmitOutcome> => {
    try {
      await update.mutateAsync({ notifications: list });
    } catch (err) {
      if (err instanceof GraphqlError) return { formError: err.message };
      throw err;
    }
    showAlert('Your notification choices were saved.', 'success');
  });

  return (
    <form className="form tile settings-section" onSubmit={form.onSubmit} noValidate aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications</h2>
      <fieldset className="checkbox-list">
        <legend>Where</legend>
        {NOTIFICATION_CHANNELS.map((c) => (
          <div key={c.id} className="checkbox settings-choice">
            <input
              type="checkbox"
              id={`notify-channel-${c.id}`}
              name={`channel:${c.id}`}
              defaultChecked={initial.channels.includes(c.id)}
              aria-describedby={`notify-channel-${c.id}-hint`}
            />
            <span>
              <label htmlFor={`notify-channel-${c.id}`}>
                <strong>{c.label}</strong>
              </label>{' '}
              <span id={`notify-channel-${c.id}-hint`} className="muted">
                {c.description}
              </span>
            </span>
          </div>
        ))}
      </fieldset>
      <fieldset className="checkbox-list">
        <legend>What</legend>
        {NOTIFICATION_KINDS.map((k) => (
          <div key={k.id} className="checkbox settings-choice">
            <input
              type="checkbox"
              id={`notify-kind-${k.id}`}
              name={`kind:${k.id}`}
              defaultChecked={initial.kinds.includes(k.id)}
              aria-describedby={`notify-kind-${k.id}-hint`}
            />
            <span>
              <label htmlFor={`notify-kind-${k.id}`}>
                <strong>{k.label}</strong>
              </label>{' '}
              <span id={`notify-kind-${k.id}-hint`} className="muted">
                {k.description}
              </span>
            </span>
          </div>
        ))}
      </fieldset>
      <FormError message={form.formError} />
      <div>
        <SubmitButton sending={form.sending} sendingText="Saving…">
          Save notification choices
        </SubmitButton>
      </div>
    </form>
  );
}
