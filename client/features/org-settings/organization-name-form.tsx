import { useId } from 'react';
import { z } from 'zod';
import { updateOrganizationSchema } from '../../../shared/org.schemas.js';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm } from '../../lib/forms.js';
import { useUpdateOrganization } from './api.js';
import { outcomeOfError } from './org-settings-errors.js';
import './org-settings.css';

const nameSchema = z.object({ name: updateOrganizationSchema.shape.name.unwrap() });

/** The organization's name, as everyone in it sees it. */
export function OrganizationNameForm({ name }: { name: string }) {
  const update = useUpdateOrganization();
  const headingId = useId();
  const form = useZodForm(nameSchema, async (input) => {
    try {
      await update.mutateAsync(input);
    } catch (error) {
      return outcomeOfError(error, 'name');
    }
    showAlert('The organization name was saved.', 'success');
  });
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Organization name</h2>
      {/* key: a saved name (here or elsewhere) resets the uncontrolled input to it. */}
      <form key={name} onSubmit={form.onSubmit} noValidate className="form settings-form">
        <Field label="Name" name="name" defaultValue={name} autoComplete="organization" required maxLength={120} error={form.fieldErrors.name} />
        <FormError message={form.formError} />
        <div>
          <SubmitButton sending={form.sending} sendingText="Saving…">
            Save the name
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
