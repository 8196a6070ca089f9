import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm } from '../../lib/forms.js';
import { refusedSave } from '../../lib/graphql.js';
import { REVIEW_REMINDER_LIMITS, reviewReminderSettingsSchema } from '../../../shared/review-reminders.schemas.js';
import { meQueryOptions } from '../users/api.js';
import { reminderSettingsQueryOptions, useSaveReminderSettings, type ReminderSettings } from './review-automation.api.js';

const describe = (s: ReminderSettings) =>
  `${s.days_before === 0 ? 'No reminder before the due date' : `${s.days_before} day${s.days_before === 1 ? '' : 's'} before the due date`}; ${s.when_overdue ? 'again once a review is overdue' : 'none once a review is overdue'}.`;

/** When reviewers are reminded (organization-wide): admins change it, managers read it. */
export function ReminderSettingsSection() {
  const { data: settings } = useSuspenseQuery(reminderSettingsQueryOptions);
  const { data: me } = useQuery(meQueryOptions);
  const save = useSaveReminderSettings();
  const form = useZodForm(reviewReminderSettingsSchema, async (values) => {
    try {
      await save.mutateAsync(values);
      showAlert('Reminder settings saved.', 'success');
    } catch (err) {
      return refusedSave(err, false);
    }
  });
  const e = form.fieldErrors;
  return (
    <section className="ra-section" aria-labelledby="ra-reminders-title">
      <h2 id="ra-reminders-title">Reminders</h2>
      <p className="field-hint">
        Each reviewer gets one message per cycle listing the reviews they still owe. People excluded from review automation get none.
      </p>
      {me?.permission_level !== 'ADMIN' ? (
        <p data-testid="reminder-settings">{describe(settings)}</p>
      ) : (
        <form className="ra-form" aria-label="Reminder settings" onSubmit={form.onSubmit} noValidate>
          <div className="ra-grid">
            <Field
              label="Days before the due date"
              name="days_before"
              type="number"
              inputMode="numeric"
              min={0}
              max={REVIEW_REMINDER_LIMITS.daysBeforeMax}
              defaultValue={settings.days_before}
              error={e.days_before}
              hint="0 sends no reminder before the due date."
            />
          </div>
          <label className="checkbox">
            <input type="checkbox" name="when_overdue" defaultChecked={settings.when_overdue} /> Remind again once a review is overdue
          </label>
          <FormError message={form.formError} />
          <div className="ra-actions">
            <SubmitButton sending={form.sending} sendingText="Saving…">
              Save reminders
            </SubmitButton>
          </div>
        </form>
      )}
    </section>
  );
}
