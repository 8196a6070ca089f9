import { useNavigate } from '@tanstack/react-router';
import { AlertDialog } from '../../components/ui/dialog.js';
import { useState } from 'react';
import { FormError } from '../../components/ui/field.js';
import { GraphqlError } from '../../lib/graphql.js';
import { useSignOutEverywhere } from './api.js';
import './settings.css';

/** Ends every session (phones, other browsers, this one) after a confirmation, then goes to /logout. */
export function SignOutEverywhere() {
  const signOut = useSignOutEverywhere();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    try {
      await signOut.mutateAsync();
    } catch (err) {
      setError(err instanceof GraphqlError ? err.message : 'Something went wrong. Try again.');
      return;
    }
    await navigate({ to: '/logout' });
  }

  return (
    <section className="tile settings-section" aria-labelledby="sign-out-everywhere-title">
      <h2 id="sign-out-everywhere-title">Sign out everywhere</h2>
      <p>Lost a phone or signed in on a shared computer? This ends every session of yours on every device, including this one.</p>
      <AlertDialog.Root>
        <AlertDialog.Trigger asChild>
          <button type="button" className="button button-secondary">Sign out everywhere</button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="dialog-overlay" />
          <AlertDialog.Content className="dialog">
            <AlertDialog.Title>Sign out on every device?</AlertDialog.Title>
            <AlertDialog.Description>You will need to sign in again here and everywhere else.</AlertDialog.Description>
            <FormError message={error} />
            <div className="dialog-actions">
              <AlertDialog.Cancel asChild>
                <button type="button" className="button button-secondary">Cancel</button>
              </AlertDialog.Cancel>
              <button type="button" className="button" disabled={signOut.isPending} aria-busy={signOut.isPending || undefined} onClick={() => void confirm()}>
                {signOut.isPending ? 'Signing out…' : 'Sign out everywhere'}
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </section>
  );
}
