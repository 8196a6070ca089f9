import { Link, createFileRoute } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';

export const Route = createFileRoute('/_auth/logout')({
  component: LogoutPage,
});

/** Signs out (when still signed in), then says so. */
function LogoutPage() {
  const { auth } = Route.useRouteContext();
  const state = useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
  const [done, setDone] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const session = await auth.ensure();
      if (session) await auth.logout().catch(() => undefined);
      if (!cancelled) setDone(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [auth]);
  if (!done && state.status !== 'unauthenticated') {
    return (
      <p role="status" aria-busy="true">
        Signing you out…
      </p>
    );
  }
  return (
    <>
      <h1>You are signed out</h1>
      <p role="status">You have been signed out of Teamlens in this browser.</p>
      <Link to="/login" className="button">
        Sign in again
      </Link>
    </>
  );
}
