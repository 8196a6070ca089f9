import { Link, createFileRoute, redirect, useNavigate, useRouter } from '@tanstack/react-router';
import { z } from 'zod';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { signInFormSchema, signInMessage } from '../../features/auth/sign-in.js';
import { afterSignInPath } from '../../features/auth/sign-in-redirect.js';
import { signUpIsOpen, signUpStatusQuery } from '../../features/auth/sign-up-status.js';
import { useZodForm } from '../../lib/forms.js';
import { lazySchema } from '../../lib/lazy-schema.js';

const searchSchema = lazySchema(() =>
  z.object({
    error: z.string().max(64).optional().catch(undefined),
    callbackUrl: z.string().max(2000).optional().catch(undefined),
    /**
     * 1 after a password was set from a link, when signing in right away did not work. A number, as
     * the router reads "?reset=1": a string "1" would be written back as "?reset=%221%22".
     */
    reset: z.coerce.number().pipe(z.literal(1)).optional().catch(undefined),
    /** The address to fill in (after a password was set from a link). */
    email: z.string().max(254).optional().catch(undefined),
  }),
);

export const Route = createFileRoute('/_auth/login')({
  validateSearch: searchSchema,
  beforeLoad: async ({ context, search }) => {
    if (search.error === 'LoginBlocked') throw redirect({ to: '/login-blocked' });
    // Asked beside the session check, not after it: the page links to sign-up only while it is open.
    void context.queryClient.prefetchQuery(signUpStatusQuery);
    // Already signed in: go where the visitor was headed.
    if (await context.auth.ensure()) throw redirect({ href: afterSignInPath(search.callbackUrl, window.location.origin) });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(signUpStatusQuery),
  component: LoginPage,
});

function LoginPage() {
  const search = Route.useSearch();
  const { auth } = Route.useRouteContext();
  const navigate = useNavigate();
  const router = useRouter();
  const target = afterSignInPath(search.callbackUrl, window.location.origin);
  const form = useZodForm(signInFormSchema, async ({ email, password }) => {
    const result = await auth.signIn(email, password, new URL(target, window.location.origin).href);
    if (result.error === 'LoginBlocked') {
      await navigate({ to: '/login-blocked' });
      return;
    }
    if (result.error) return { formError: signInMessage(result.error) };
    router.history.push(target);
  });
  const signUpOpen = signUpIsOpen(Route.useLoaderData());
  const notice = search.error ? signInMessage(search.error) : search.reset ? 'Password set. Sign in with your new password.' : null;

  return (
    <>
      <h1>Sign in to Teamlens</h1>
      {notice && !form.formError && (
        <p className={search.error ? 'notice notice-warning' : 'notice'} role="status">
          {notice}
        </p>
      )}
      <form onSubmit={form.onSubmit} noValidate className="form">
        <Field label="Email" name="email" type="email" autoComplete="username" required defaultValue={search.email} error={form.fieldErrors.email} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required error={form.fieldErrors.password} />
        <FormError message={form.formError} />
        <SubmitButton sending={form.sending} sendingText="Signing in…">
          Sign in
        </SubmitButton>
      </form>
      <p className="form-links">
        <Link to="/change-password">Forgot your password?</Link>
        {signUpOpen && <Link to="/sign-up">Create an organization</Link>}
      </p>
    </>
  );
}
