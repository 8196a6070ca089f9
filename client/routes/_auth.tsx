import { Link, Outlet, createFileRoute } from '@tanstack/react-router';

/** Sign-in and account pages: one centred card. */
export const Route = createFileRoute('/_auth')({
  component: AuthLayout,
});

function AuthLayout() {
  return (
    <div className="auth-layout">
      <Link to="/" className="brand auth-brand">
        Teamlens
      </Link>
      <main id="main" className="card">
        <Outlet />
      </main>
    </div>
  );
}
