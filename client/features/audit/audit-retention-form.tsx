import { useId } from 'react';
import { AUDIT_RETENTION_MAX_DAYS, AUDIT_RETENTION_MIN_DAYS } from '../../../shared/audit.js';
import { auditRetentionFormSchema } from '../../../shared/audit.schemas.js';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm } from '../../lib/forms.js';
import { outcomeOfError } from '../org-settings/org-settings-errors.js';
import { useUpdateAuditSettings } from './api.js';

/** How long events are kept; a daily job deletes older ones. */
export function AuditRetentionForm({ days }: { days: number }) {
  const headingId = useId();
  const update = useUpdateAuditSettings();
  const form = useZodForm(auditRetentionFormSchema, async (input) => {
    try {
      await update.mutateAsync(input.retention_days);
    } catch (error) {
      return outcomeOfError(error, 'retention_days');
    }
    showAlert(`Audit events are now kept for ${input.retention_days} days.`, 'success');
  });
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Keeping events</h2>
      <form key={days} onSubmit={form.onSubmit} noValidate className="form settings-form">
        <Field
          label="Keep events for (days)"
          name="retention_days"
          inputMode="numeric"
          defaultValue={String(days)}
          error={form.fieldErrors.retention_days}
          hint={`From ${AUDIT_RETENTION_MIN_DAYS} to ${AUDIT_RETENTION_MAX_DAYS} days (365 is one year). Once a day, older events are deleted for good.`}
        />
        <FormError message={form.formError} />
        <div>
          <SubmitButton sending={form.sending} sendingText="Saving…">
            Save
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
