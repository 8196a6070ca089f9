import { useNavigate } from '@tanstack/react-router';
import { AlertDialog } from '../../components/ui/dialog.js';
import { useId, useMemo, useState } from 'react';
import { z } from 'zod';
import { Field, FormError } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm } from '../../lib/forms.js';
import { useCloseAccount } from './api.js';
import { outcomeOfError } from './org-settings-errors.js';
import './org-settings.css';

function confirmSchema(organizationName: string) {
  return z.object({
    confirm_name: z.string().trim().refine((v) => v === organizationName.trim(), 'Type the organization name exactly as shown.'),
    password: z.string().min(1, 'Enter your password.'),
  });
}

/**
 * Closing the organization, behind an alert dialog: the admin types the organization's name and
 * their password. The server then closes the organization and ends every session in it; this
 * browser goes to /logout, which signs it out (and, through `loggedOut`, its other tabs).
 */
export function CloseAccountDialog({ organizationName }: { organizationName: string }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <section className="settings-section settings-danger" aria-labelledby={headingId}>
      <h2 id={headingId}>Close the account</h2>
      <p>
        Closing the account closes the whole organization: nobody in it can sign in any more, and everyone is signed out at once.
      </p>
      <AlertDialog.Root open={open} onOpenChange={setOpen}>
        <AlertDialog.Trigger asChild>
          <button type="button" className="button button-danger">Close the account…</button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="dialog-overlay" />
          <AlertDialog.Content className="dialog">
            <AlertDialog.Title>Close {organizationName}?</AlertDialog.Title>
            <AlertDialog.Description>
              This cannot be undone from Teamlens. Everyone in the organization is signed out and can no longer sign in. To confirm, type
              the organization name <strong className="confirm-name">{organizationName}</strong> and your password.
            </AlertDialog.Description>
            {/* Inside the content, so closing the dialog forgets what was typed and any error. */}
            <CloseAccountForm organizationName={organizationName} onClosed={() => setOpen(false)} />
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </section>
  );
}

function CloseAccountForm({ organizationName, onClosed }: { organizationName: string; onClosed: () => void }) {
  const [typedName, setTypedName] = useState('');
  const close = useCloseAccount();
  const navigate = useNavigate();
  const schema = useMemo(() => confirmSchema(organizationName), [organizationName]);

  const form = useZodForm(schema, async ({ password }) => {
    try {
      await close.mutateAsync(password);
    } catch (error) {
      return outcomeOfError(error, 'password');
    }
    onClosed();
    showAlert(`${organizationName} was closed. Everyone in it has been signed out.`, 'success');
    await navigate({ to: '/logout', replace: true });
  });

  const nameMatches = typedName.trim() === organizationName.trim();
  return (
    <form onSubmit={form.onSubmit} noValidate className="form close-account-form">
      <Field
        label="Organization name"
        name="confirm_name"
        autoComplete="off"
        spellCheck={false}
        value={typedName}
        onChange={(event) => setTypedName(event.target.value)}
        error={form.fieldErrors.confirm_name}
      />
      <Field label="Your password" name="password" type="password" autoComplete="current-password" required error={form.fieldErrors.password} />
      <FormError message={form.formError} />
      <div className="dialog-actions">
        <AlertDialog.Cancel className="button button-secondary" type="button">Keep the account</AlertDialog.Cancel>
        <button type="submit" className="button button-danger" disabled={!nameMatches || form.sending} aria-busy={form.sending || undefined}>
          {form.sending ? 'Closing…' : 'Close the account'}
        </button>
      </div>
    </form>
  );
}
