import { Link, createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_auth/login-blocked')({
  component: LoginBlockedPage,
});

function LoginBlockedPage() {
  return (
    <>
      <h1>Sign-in paused</h1>
      <p role="status">There were too many failed sign-in attempts, so signing in is paused for a few minutes to protect the account.</p>
      <p>Wait a few minutes and try again. If you have forgotten your password, set a new one with a reset link.</p>
      <p className="form-links">
        <Link to="/login">Try again</Link>
        <Link to="/change-password">Reset your password</Link>
      </p>
    </>
  );
}
