import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.js';
import { PendingView } from '../../components/ui/states.js';
import { InvalidLink } from '../../features/auth/invalid-link.js';
import { confirmEmailChange } from '../../lib/auth-client.js';

/** The link mailed to a new address after an email change (server: account-mail.ts). */
export const Route = createFileRoute('/_auth/verify-email')({
  validateSearch: lazySchema(() => z.object({ token: z.string().max(100).optional().catch(undefined) })),
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { token } = Route.useSearch();
  const result = useQuery({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => confirmEmailChange(token!),
    enabled: !!token,
    staleTime: Infinity,
    retry: false,
  });
  if (!token) return <InvalidLink />;
  if (result.isPending) return <PendingView label="Confirming your new email…" />;
  if (result.isError || !result.data.ok) return <InvalidLink />;
  return (
    <>
      <h1>Email confirmed</h1>
      <p role="status">
        Teamlens now uses <strong>{result.data.email}</strong> for your account.
      </p>
      <Link to="/home/dashboard" className="button">
        Go to your dashboard
      </Link>
    </>
  );
}
