import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.js';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { PendingView } from '../../components/ui/states.js';
import { InvalidLink } from '../../features/auth/invalid-link.js';
import { checkLink, registerAccount } from '../../lib/auth-client.js';
import { useZodForm } from '../../lib/forms.js';

// The password rules (with the common-password list) load on demand.
const loadSchema = () => import('../../../shared/account.schemas.js').then((m) => m.registerSchema);

export const Route = createFileRoute('/_auth/register')({
  validateSearch: lazySchema(() => z.object({ token: z.string().max(100).optional().catch(undefined) })),
  component: RegisterPage,
});

function RegisterPage() {
  const { token } = Route.useSearch();
  const { auth } = Route.useRouteContext();
  const link = useQuery({ queryKey: ['auth', 'link', token], queryFn: () => checkLink(token!), enabled: !!token, staleTime: Infinity });
  const form = useZodForm(loadSchema, async (values) => {
    const result = await registerAccount(values);
    if (!result.ok) return { formError: result.message, fieldErrors: result.fields ?? {} };
    auth.noteSignedIn();
    // A full load: the new session cookie is read from the start.
    window.location.assign(new URL(result.url, window.location.origin).pathname);
  });
  if (!token) return <InvalidLink />;
  if (link.isPending) return <PendingView label="Checking your link…" />;
  if (link.isError) return <p role="alert">The link could not be checked. Reload the page to try again.</p>;
  if (!link.data.valid || link.data.purpose !== 'signup') return <InvalidLink />;
  return (
    <>
      <h1>Set up your organization</h1>
      <p>
        You are signing up as <strong>{link.data.email}</strong>.
      </p>
      <form onSubmit={form.onSubmit} noValidate className="form" onFocus={() => void loadSchema()}>
        <input type="hidden" name="token" value={token} />
        <Field label="Organization name" name="organization_name" autoComplete="organization" required error={form.fieldErrors.organization_name} />
        <Field label="Your full name" name="full_name" autoComplete="name" required error={form.fieldErrors.full_name} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 12 characters; not a common password."
          error={form.fieldErrors.password}
        />
        <FormError message={form.formError ?? form.fieldErrors.token} />
        <SubmitButton sending={form.sending} sendingText="Creating…">
          Create the organization
        </SubmitButton>
      </form>
    </>
  );
}
