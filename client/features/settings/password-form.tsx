import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { useUpdatePassword } from '../users/api.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm } from '../../lib/forms.js';
import { GraphqlError, refusedSave } from '../../lib/graphql.js';

// The schema with the password rules (and the common-password list) loads on demand.
const loadUpdatePassword = () => import('../../../shared/me.schemas.js').then((m) => m.updatePasswordSchema);

/** Current and new password through updatePassword; other devices are signed out by the server. */
export function ChangePasswordForm() {
  const update = useUpdatePassword();
  const form = useZodForm(loadUpdatePassword, async (input, element) => {
    try {
      await update.mutateAsync(input);
    } catch (err) {
      if (err instanceof GraphqlError && err.code === 'FORBIDDEN') return { fieldErrors: { current_password: err.message } };
      return refusedSave(err);
    }
    element.reset();
    showAlert('Your password was changed. Other devices have been signed out.', 'success');
  });
  return (
    <form onSubmit={form.onSubmit} noValidate className="form" onFocus={() => void loadUpdatePassword()}>
      <Field
        label="Current password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        required
        error={form.fieldErrors.current_password}
      />
      <Field
        label="New password"
        name="new_password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 12 characters; not a common password."
        error={form.fieldErrors.new_password}
      />
      <FormError message={form.formError} />
      <SubmitButton sending={form.sending} sendingText="Saving…">
        Change the password
      </SubmitButton>
    </form>
  );
}
