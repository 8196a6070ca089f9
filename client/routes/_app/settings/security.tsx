import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordForm } from '../../../features/settings/password-form.js';
import { SignOutEverywhere } from '../../../features/settings/sign-out-everywhere.js';

export const Route = createFileRoute('/_app/settings/security')({
  component: SecurityPage,
});

function SecurityPage() {
  return (
    <section className="page">
      <h1>Security</h1>
      <section className="tile" aria-labelledby="password-title">
        <h2 id="password-title">Change your password</h2>
        <p className="muted">Other devices are signed out when the password changes; this one stays signed in.</p>
        <ChangePasswordForm />
      </section>
      <SignOutEverywhere />
    </section>
  );
}
