import { Link, createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';

export const Route = createFileRoute('/_auth/signup-complete')({
  validateSearch: z.object({ email: z.string().max(254).optional().catch(undefined) }),
  component: SignUpCompletePage,
});

function SignUpCompletePage() {
  const { email } = Route.useSearch();
  return (
    <>
      <h1>Check your email</h1>
      <p role="status">
        We sent a link to {email ? <strong>{email}</strong> : 'your email address'}. Open it to name your organization and set your password.
      </p>
      <p className="muted">The link works once and expires. If nothing arrives within a few minutes, check your spam folder or sign up again.</p>
      <p className="form-links">
        <Link to="/sign-up">Use another address</Link>
        <Link to="/login">Sign in</Link>
      </p>
    </>
  );
}
