import { Link, useRouter, type ErrorComponentProps, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export function PendingView({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="pending" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** Errors that the same request would meet again: a retry cannot help, the way back can. */
const FINAL_CODES: ReadonlySet<string> = new Set(['NOT_FOUND', 'FORBIDDEN', 'BAD_USER_INPUT']);

const codeOf = (error: unknown): string | null => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
};

/**
 * Route error component: says what happened; offers a retry when one may help (the network, the
 * server's storage, a timeout), and the way back when it cannot (not found, not allowed).
 */
export function ErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  const final = FINAL_CODES.has(codeOf(error) ?? '');
  return (
    <div className="state-card" role="alert">
      <h1>{final ? message : 'This page could not be shown'}</h1>
      {final ? <p>It may have been removed, or it belongs to people whose work you do not see.</p> : <p>{message}</p>}
      <div className="state-actions">
        {final ? (
          <>
            {window.history.length > 1 && (
              <button type="button" className="button" onClick={() => router.history.back()}>
                Go back
              </button>
            )}
            <Link className={window.history.length > 1 ? 'button button-secondary' : 'button'} to="/home/dashboard">
              Go to your dashboard
            </Link>
          </>
        ) : (
          <button
            type="button"
            className="button"
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            Try again
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * A page whose read failed, inside the page's own frame: refused (why, and the way elsewhere), or
 * failed for another reason (the message, and a retry).
 */
export function ReadFailedView({
  className,
  refused,
  title,
  why,
  way,
  message,
  onRetry,
}: {
  className: string;
  refused: boolean;
  title: { refused: string; failed: string };
  /** Who may see this, said when refused. */
  why: string;
  /** Where to go instead, when refused. */
  way: ReactNode;
  message: string;
  onRetry: () => void;
}) {
  return (
    <section className={className}>
      <div className="state-card" role="alert">
        <h1>{refused ? title.refused : title.failed}</h1>
        <p>{refused ? why : message}</p>
        {refused ? (
          way
        ) : (
          <button type="button" className="button" onClick={onRetry}>
            Try again
          </button>
        )}
      </div>
    </section>
  );
}

export function NotFoundView() {
  return (
    <div className="state-card">
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link to="/">Go to the start page</Link>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="empty-state">
      <h2>{title}</h2>
      <div>{children}</div>
    </div>
  );
}

/**
 * A page the viewer may not open: why, and where to go instead. Without arguments, the admin
 * area's refusal.
 */
export function NotAllowedView({
  children,
  to = '/home/dashboard',
  linkText = 'Go to your dashboard',
}: {
  children?: ReactNode;
  to?: LinkProps['to'];
  linkText?: string;
}) {
  return (
    <div className="state-card" role="alert">
      <h1>Not allowed</h1>
      <p>{children ?? 'Only organization admins can open the admin area. Ask an admin of your organization if you need access.'}</p>
      <Link to={to}>{linkText}</Link>
    </div>
  );
}
