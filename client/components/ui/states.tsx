import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export function PendingView({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="pending" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** Route error component: says what happened and offers a retry. */
export function ErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <div className="state-card" role="alert">
      <h1>This page could not be shown</h1>
      <p>{message}</p>
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
    </div>
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

export function NotAllowedView() {
  return (
    <div className="state-card" role="alert">
      <h1>Not allowed</h1>
      <p>Only organization admins can open the admin area. Ask an admin of your organization if you need access.</p>
      <Link to="/home/dashboard">Go to your dashboard</Link>
    </div>
  );
}
