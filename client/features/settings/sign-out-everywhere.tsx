import { useNavigate } from '@tanstack/react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { useState } from 'react';
import { GraphqlError } from '../../lib/graphql.js';
import { useSignOutEverywhere } from './api.js';
import './settings.css';

/** Ends every session (phones, other browsers, this one) after a confirmation, then goes to /logout. */
export function SignOutEverywhere() {
  const signOut = useSignOutEverywhere();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  async function confirm() {
    try {
      await signOut.mutateAsync();
    } catch (err) {
      throw new Error(err instanceof GraphqlError ? err.message : 'Something went wrong. Try again.', { cause: err });
    }
    await navigate({ to: '/logout' });
  }

  return (
    <section className="tile settings-section" aria-labelledby="sign-out-everywhere-title">
      <h2 id="sign-out-everywhere-title">Sign out everywhere</h2>
      <p>Lost a phone or signed in on a shared computer? This ends every session of yours on every device, including this one.</p>
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
        Sign out everywhere
      </button>
      {open && (
        <ConfirmDialog
          title="Sign out on every device?"
          description="You will need to sign in again here and everywhere else."
          confirmLabel="Sign out everywhere"
          busyLabel="Signing out…"
          onConfirm={confirm}
          onClose={() => setOpen(false)}
        />
      )}
    </section>
  );
}
