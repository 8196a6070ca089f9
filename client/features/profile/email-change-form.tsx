import { useState } from 'react';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { useZodForm, type SubmitOutcome } from '../../lib/forms.js';
import { GraphqlError, refusedSave } from '../../lib/graphql.js';
import { useUpdateMe } from './api.js';

const loadSchema = () => import('./profile-form.schema.js').then((m) => m.emailChangeSchema);

/**
 * A new sign-in email: updateMe with the current password. The address changes only
 * when the person opens the link sent to it (re-verification); until then the old one stays.
 */
export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const update = useUpdateMe();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(loadSchema, async ({ email, current_password }, element): Promise<SubmitOutcome> => {
    if (email === currentEmail) return { fieldErrors: { email: 'This is already your email.' } };
    try {
      await update.mutateAsync({ email, current_password });
    } catch (err) {
      if (err instanceof GraphqlError && (err.code === 'FORBIDDEN' || err.code === 'RATE_LIMITED')) return { fieldErrors: { current_password: err.message } };
      if (err instanceof GraphqlError && err.code === 'CONFLICT') return { fieldErrors: { email: err.message } };
      return refusedSave(err);
    }
    element.reset();
    setSentTo(email);
  });
  return (
    <form className="form" onSubmit={form.onSubmit} noValidate onFocus={() => void loadSchema()} aria-labelledby="email-change-title">
      <h2 id="email-change-title">Sign-in email</h2>
      <p className="muted">
        You sign in with <strong>{currentEmail}</strong>. A new address is used once you open the link we send to it.
      </p>
      {sentTo && (
        <p className="notice" role="status">
          We sent a confirmation link to <strong>{sentTo}</strong>. Open it to start using that address.
        </p>
      )}
      <Field label="New email" name="email" type="email" autoComplete="email" required error={form.fieldErrors.email} />
      <Field
        label="Current password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        required
        error={form.fieldErrors.current_password}
      />
      <FormError message={form.formError} />
      <div className="form-actions">
        <SubmitButton sending={form.sending} sendingText="Sending…">
          Send the confirmation link
        </SubmitButton>
      </div>
    </form>
  );
}
