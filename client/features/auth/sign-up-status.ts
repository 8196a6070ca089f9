import { queryOptions } from '@tanstack/react-query';
import type { SignUpStatus } from '../../../shared/install.js';

/**
 * GET /api/auth/sign-up: whether this server accepts new organizations, and whether the sign-up
 * link goes out by email or stays in the server's outbox. Null when the server could not
 * say (the form is shown; the server still refuses a closed sign-up).
 */
export async function fetchSignUpStatus(): Promise<SignUpStatus | null> {
  try {
    const res = await fetch('/api/auth/sign-up', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as Partial<SignUpStatus>;
    return typeof body.open === 'boolean' ? { open: body.open, email_sent_by: body.email_sent_by === 'SMTP' ? 'SMTP' : 'OUTBOX' } : null;
  } catch {
    return null;
  }
}

/**
 * The status in the query cache, shared by the pages that link to sign-up (a minute fresh). They
 * offer "Create an organization" only when the server said sign-up is open: not while it is closed
 * (the default), nor when the server could not say (docs/decisions/0061). The sign-in and public
 * pages read it through their route loaders, which keeps react-query's observers out of their scripts.
 */
export const signUpStatusQuery = queryOptions({ queryKey: ['auth', 'sign-up-status'], queryFn: fetchSignUpStatus, staleTime: 60_000 });

export const signUpIsOpen = (status: SignUpStatus | null | undefined): boolean => status?.open === true;
