import { Link, Outlet, createFileRoute } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { signUpIsOpen, signUpStatusQuery } from '../features/auth/sign-up-status.js';

/** Public pages: a simple header and footer, no session needed. */
export const Route = createFileRoute('/_public')({
  // Asked for every public page (once a minute at most): the footer links to sign-up only while it is open.
  loader: ({ context }) => context.queryClient.ensureQueryData(signUpStatusQuery),
  component: PublicLayout,
});

function PublicLayout() {
  const { auth } = Route.useRouteContext();
  const session = useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
  const signUpOpen = signUpIsOpen(Route.useLoaderData());
  return (
    <div className="public">
      <header className="public-header">
        <Link to="/" className="brand">
          Teamlens
        </Link>
        <nav aria-label="Site">
          <Link to="/resources/get-the-guide">Guide</Link>
          <Link to="/contact">Contact</Link>
          {session.status === 'authenticated' ? (
            <Link to="/home/dashboard" className="button button-small">
              Your dashboard
            </Link>
          ) : (
            <Link to="/login" className="button button-small">
              Sign in
            </Link>
          )}
        </nav>
      </header>
      <main id="main" className="public-main">
        <Outlet />
      </main>
      <footer className="public-footer">
        <Link to="/privacy-policy">Privacy policy</Link>
        <Link to="/cookie-policy">Cookie policy</Link>
        {signUpOpen && <Link to="/sign-up">Create an organization</Link>}
      </footer>
    </div>
  );
}
