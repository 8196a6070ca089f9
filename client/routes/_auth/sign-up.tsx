import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { requestSignUp } from '../../lib/auth-client.js';
import { useZodForm } from '../../lib/forms.js';
import { signUpStatusQuery } from '../../features/auth/sign-up-status.js';
import { signInFormSchema } from '../../features/auth/sign-in.js';

/**
 * The page checks the address's format; the server refuses free and disposable mail domains
 * with a field error shown under the field (their lists stay on the server: docs/decisions/0061).
 */
const signUpFormSchema = signInFormSchema.pick({ email: true });

export const Route = createFileRoute('/_auth/sign-up')({
  // Always asked again here (the cached answer may be a minute old), which also refreshes the links elsewhere.
  loader: ({ context }) => context.queryClient.fetchQuery({ ...signUpStatusQuery, staleTime: 0 }),
  pendingComponent: () => <p role="status">Loading…</p>,
  component: SignUpPage,
});

function SignUpPage() {
  const status = Route.useLoaderData();
  return status?.open === false ? <SignUpClosed /> : <SignUpForm />;
}

/** The server does not accept new organizations (SIGNUP, or the operator's admins closed it). */
function SignUpClosed() {
  return (
    <>
      <h1>Sign-up is closed</h1>
      <p>This Teamlens server does not accept new organizations.</p>
      <p>To join your team, ask an admin of your organization to invite you: the invitation email has a link to set your password.</p>
      <p className="muted">
        If you run this server and want to let others create organizations, open sign-up under Admin, Settings, Configurations, or set SIGNUP=open.
      </p>
      <p className="form-links">
        <Link to="/login">Already have an account? Sign in</Link>
      </p>
    </>
  );
}

function SignUpForm() {
  const navigate = useNavigate();
  const form = useZodForm(signUpFormSchema, async ({ email }) => {
    const result = await requestSignUp(email);
    if (!result.ok) return { formError: result.message, fieldErrors: result.fields ?? {} };
    await navigate({ to: '/signup-complete', search: { email } });
  });
  return (
    <>
      <h1>Create your organization</h1>
      <p>Enter your work email. We will send you a link to finish setting up.</p>
      <form onSubmit={form.onSubmit} noValidate className="form">
        <Field label="Work email" name="email" type="email" autoComplete="email" required error={form.fieldErrors.email} />
        <FormError message={form.formError} />
        <SubmitButton sending={form.sending} sendingText="Sending…">
          Send the link
        </SubmitButton>
      </form>
      <p className="form-links">
        <Link to="/login">Already have an account? Sign in</Link>
      </p>
    </>
  );
}
