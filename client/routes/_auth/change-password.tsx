import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useState, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.js';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { PendingView } from '../../components/ui/states.js';
import { InvalidLink } from '../../features/auth/invalid-link.js';
import { afterSignInPath } from '../../features/auth/sign-in-redirect.js';
import { ChangePasswordForm } from '../../features/settings/password-form.js';
import { checkLink, requestPasswordReset, setPasswordWithLink } from '../../lib/auth-client.js';
import { useZodForm } from '../../lib/forms.js';

// Schemas with the password rules (and the common-password list) load on demand.
const loadSetPassword = () => import('../../../shared/account.schemas.js').then((m) => m.setPasswordSchema);
const loadForgotPassword = () => import('../../../shared/account.schemas.js').then((m) => m.forgotPasswordSchema);

export const Route = createFileRoute('/_auth/change-password')({
  validateSearch: lazySchema(() => z.object({ token: z.string().max(100).optional().catch(undefined) })),
  component: ChangePasswordPage,
});

function ChangePasswordPage() {
  const { token } = Route.useSearch();
  const { auth } = Route.useRouteContext();
  const session = useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
  if (token) return <SetPasswordWithLink token={token} />;
  if (session.status === 'loading') return <PendingView />;
  return session.status === 'authenticated' ? <UpdateOwnPassword /> : <ForgotPassword />;
}

/**
 * From an invitation or reset link. Once the password is set, the person is signed in with it
 * through the sign-in form's own endpoint (CSRF token, sign-in throttling), and lands on their
 * dashboard; if that fails, on the sign-in page with their address filled in (docs/decisions/0061).
 */
function SetPasswordWithLink({ token }: { token: string }) {
  const { auth } = Route.useRouteContext();
  const navigate = useNavigate();
  const router = useRouter();
  const link = useQuery({ queryKey: ['auth', 'link', token], queryFn: () => checkLink(token), staleTime: Infinity });
  const form = useZodForm(loadSetPassword, async ({ password }) => {
    const result = await setPasswordWithLink(token, password);
    if (!result.ok) return { formError: result.message, fieldErrors: result.fields ?? {} };
    const email = link.data?.valid ? link.data.email : undefined;
    const target = afterSignInPath(undefined, window.location.origin);
    const signedIn = email ? await auth.signIn(email, password, new URL(target, window.location.origin).href).catch(() => null) : null;
    if (signedIn?.ok) {
      router.history.push(target);
      return;
    }
    await navigate({ to: '/login', search: { reset: 1, email } });
  });
  if (link.isPending) return <PendingView label="Checking your link…" />;
  if (link.isError) return <p role="alert">The link could not be checked. Reload the page to try again.</p>;
  if (!link.data.valid || (link.data.purpose !== 'invite' && link.data.purpose !== 'reset')) return <InvalidLink />;
  const invite = link.data.purpose === 'invite';
  return (
    <>
      <h1>{invite ? 'Welcome to Teamlens' : 'Set a new password'}</h1>
      <p>
        {invite ? 'Choose a password for ' : 'A new password for '}
        <strong>{link.data.email}</strong>.
      </p>
      <form onSubmit={form.onSubmit} noValidate className="form" onFocus={() => void loadSetPassword()}>
        <input type="hidden" name="token" value={token} />
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 12 characters; not a common password."
          error={form.fieldErrors.password}
        />
        <FormError message={form.formError ?? form.fieldErrors.token} />
        <SubmitButton sending={form.sending} sendingText="Saving…">
          Save the password
        </SubmitButton>
      </form>
    </>
  );
}

/** Signed in, no link: current and new password (the same form as /settings/security). */
function UpdateOwnPassword() {
  return (
    <>
      <h1>Change your password</h1>
      <ChangePasswordForm />
      <p className="form-links">
        <Link to="/home/dashboard">Back to your dashboard</Link>
      </p>
    </>
  );
}

/** Signed out, no link: ask for a reset link. */
function ForgotPassword() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(loadForgotPassword, async ({ email }) => {
    const result = await requestPasswordReset(email);
    if (!result.ok) return { formError: result.message, fieldErrors: result.fields ?? {} };
    setSentTo(email);
  });
  if (sentTo) {
    return (
      <>
        <h1>Check your email</h1>
        <p role="status">
          If an account uses <strong>{sentTo}</strong>, a link to set a password is on its way (a new invitation, if you were invited and have not joined yet).
        </p>
        <Link to="/login">Back to sign in</Link>
      </>
    );
  }
  return (
    <>
      <h1>Forgot your password?</h1>
      <p>Enter your email and we will send you a link to set a new password.</p>
      <form onSubmit={form.onSubmit} noValidate className="form" onFocus={() => void loadForgotPassword()}>
        <Field label="Email" name="email" type="email" autoComplete="email" required error={form.fieldErrors.email} />
        <FormError message={form.formError} />
        <SubmitButton sending={form.sending} sendingText="Sending…">
          Send the link
        </SubmitButton>
      </form>
      <p className="form-links">
        <Link to="/login">Back to sign in</Link>
      </p>
    </>
  );
}
