import { useNavigate } from '@tanstack/react-router';
import { AlertDialog } from '../../components/ui/dialog.js';
import { useState } from 'react';
import { z } from 'zod';
import { Field, FormError } from '../../components/ui/field.js';
import { useZodForm, type SubmitOutcome } from '../../lib/forms.js';
import { GraphqlError } from '../../lib/graphql.js';
import { useCloseMyAccount } from './api.js';
import './settings.css';

const passwordSchema = z.object({ password: z.string().min(1, 'Enter your password.').max(1024) });

/** "Close my account": password in a confirmation dialog (removeLoggedUser), then signed out. */
export function CloseAccount() {
  const close = useCloseMyAccount();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const form = useZodForm(passwordSchema, async ({ password }): Promise<SubmitOutcome> => {
    try {
      await close.mutateAsync(password);
    } catch (err) {
      if (err instanceof GraphqlError && (err.code === 'FORBIDDEN' || err.code === 'RATE_LIMITED')) return { fieldErrors: { password: err.message } };
      if (err instanceof GraphqlError) return { formError: err.message };
      throw err;
    }
    await navigate({ to: '/logout' });
  });

  return (
    <section className="tile settings-section settings-danger" aria-labelledby="close-account-title">
      <h2 id="close-account-title">Close my account</h2>
      <p>Your account is removed from your organization and you are signed out everywhere. You cannot sign in with it afterwards.</p>
      <AlertDialog.Root open={open} onOpenChange={setOpen}>
        <AlertDialog.Trigger asChild>
          <button type="button" className="button button-danger">Close my account…</button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="dialog-overlay" />
          <AlertDialog.Content className="dialog">
            <AlertDialog.Title>Close your account?</AlertDialog.Title>
            <AlertDialog.Description>Enter your password to confirm. You will be signed out right away.</AlertDialog.Description>
            <form className="form" onSubmit={form.onSubmit} noValidate>
              <Field label="Password" name="password" type="password" autoComplete="current-password" required error={form.fieldErrors.password} />
              <FormError message={form.formError} />
              <div className="dialog-actions">
                <AlertDialog.Cancel asChild>
                  <button type="button" className="button button-secondary">Keep my account</button>
                </AlertDialog.Cancel>
                <button type="submit" className="button button-danger" disabled={form.sending} aria-busy={form.sending || undefined}>
                  {form.sending ? 'Closing…' : 'Close my account'}
                </button>
              </div>
            </form>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </section>
  );
}
