import { useNavigate } from '@tanstack/react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { useId, useMemo, useState } from 'react';
import { z } from 'zod';
import { Field } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm } from '../../lib/forms.js';
import { useCloseAccount } from './api.js';
import { outcomeOfError } from './org-settings-errors.js';
import './org-settings.css';

function confirmSchema(organizationName: string) {
  return z.object({
    confirm_name: z
      .string()
      .trim()
      .refine((v) => v === organizationName.trim(), 'Type the organization name exactly as shown.'),
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
      <p>Closing the account closes the whole organization: nobody in it can sign in any more, and everyone is signed out at once.</p>
      <button type="button" className="button button-danger" onClick={() => setOpen(true)}>
        Close the account…
      </button>
      {/* Rendered only while open, so closing the dialog forgets what was typed and any error. */}
      {open && <CloseAccountQuestion organizationName={organizationName} onClose={() => setOpen(false)} />}
    </section>
  );
}

function CloseAccountQuestion({ organizationName, onClose }: { organizationName: string; onClose: () => void }) {
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
    onClose();
    showAlert(`${organizationName} was closed. Everyone in it has been signed out.`, 'success');
    await navigate({ to: '/logout', replace: true });
  });

  const nameMatches = typedName.trim() === organizationName.trim();
  return (
    <ConfirmDialog
      title={`Close ${organizationName}?`}
      tone="danger"
      cancelLabel="Keep the account"
      confirmLabel="Close the account"
      busyLabel="Closing…"
      canConfirm={nameMatches}
      busy={form.sending}
      onClose={onClose}
      form={{ onSubmit: form.onSubmit, className: 'form close-account-form', error: form.formError }}
      description={
        <>
          This cannot be undone from Teamlens. Everyone in the organization is signed out and can no longer sign in. To confirm, type the organization name{' '}
          <strong className="confirm-name">{organizationName}</strong> and your password.
        </>
      }
    >
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
    </ConfirmDialog>
  );
}
