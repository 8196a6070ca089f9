import { Link, createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.js';
import { fetchSignUpStatus } from '../../features/auth/sign-up-status.js';

export const Route = createFileRoute('/_auth/signup-complete')({
  validateSearch: lazySchema(() => z.object({ email: z.string().max(254).optional().catch(undefined) })),
  loader: () => fetchSignUpStatus(),
  pendingComponent: () => <p role="status">Loading…</p>,
  component: SignUpCompletePage,
});

function SignUpCompletePage() {
  const { email } = Route.useSearch();
  const status = Route.useLoaderData();
  const address = email ? <strong>{email}</strong> : 'your email address';
  // Without SMTP_URL nothing leaves the server: say where the link is instead of "we sent it".
  if (status?.email_sent_by === 'OUTBOX') {
    return (
      <>
        <h1>Your link is waiting on the server</h1>
        <p role="status">
          This Teamlens server does not send email: no mail server is set up. The link for {address} was not emailed; it was kept in the server&apos;s outbox,
          where the admins who run this server can read it.
        </p>
        <p>Ask the person who runs this server for the link. Open it within 24 hours to name your organization and set your password.</p>
        <p className="form-links">
          <Link to="/sign-up">Use another address</Link>
          <Link to="/login">Sign in</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Check your email</h1>
      <p role="status">We sent a link to {address}. Open it to name your organization and set your password.</p>
      <p className="muted">The link works once and expires. If nothing arrives within a few minutes, check your spam folder or sign up again.</p>
      <p className="form-links">
        <Link to="/sign-up">Use another address</Link>
        <Link to="/login">Sign in</Link>
      </p>
    </>
  );
}
