import { useNavigate } from '@tanstack/react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { useState } from 'react';
import { z } from 'zod';
import { Field } from '../../components/ui/field.js';
import { useZodForm, type SubmitOutcome } from '../../lib/forms.js';
import { GraphqlError } from '../../lib/graphql.js';
import { useCloseMyAccount } from './api.js';
import './settings.css';

const passwordSchema = z.object({ password: z.string().min(1, 'Enter your password.').max(1024) });

/** "Close my account": password in a confirmation dialog (removeLoggedUser), then signed out. */
export function CloseAccount() {
  const [open, setOpen] = useState(false);
  return (
    <section className="tile settings-section settings-danger" aria-labelledby="close-account-title">
      <h2 id="close-account-title">Close my account</h2>
      <p>Your account is removed from your organization and you are signed out everywhere. You cannot sign in with it afterwards.</p>
      <button type="button" className="button button-danger" onClick={() => setOpen(true)}>
        Close my account…
      </button>
      {open && <CloseAccountQuestion onClose={() => setOpen(false)} />}
    </section>
  );
}

function CloseAccountQuestion({ onClose }: { onClose: () => void }) {
  const close = useCloseMyAccount();
  const navigate = useNavigate();
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
    <ConfirmDialog
      title="Close your account?"
      description="Enter your password to confirm. You will be signed out right away."
      tone="danger"
      cancelLabel="Keep my account"
      confirmLabel="Close my account"
      busyLabel="Closing…"
      busy={form.sending}
      onClose={onClose}
      form={{ onSubmit: form.onSubmit, error: form.formError }}
    >
      <Field label="Password" name="password" type="password" autoComplete="current-password" required error={form.fieldErrors.password} />
    </ConfirmDialog>
  );
}
