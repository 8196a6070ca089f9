import { queryOptions, useQuery } from '@tanstack/react-query';
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

/** The status in the query cache, shared by the pages that link to sign-up (a minute fresh). */
export const signUpStatusQuery = queryOptions({ queryKey: ['auth', 'sign-up-status'], queryFn: fetchSignUpStatus, staleTime: 60_000 });

/**
 * Whether to offer "Create an organization": only when the server said sign-up is open. While it
 * is closed (the default), or the server could not say, pages do not link to it (docs/decisions/0061).
 */
export function useSignUpOpen(): boolean {
  return useQuery(signUpStatusQuery).data?.open === true;
}
