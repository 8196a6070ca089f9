import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { signUpIsOpen, signUpStatusQuery } from './sign-up-status.js';

/** A sign-up, invitation or reset link that is unknown, used or expired. */
export function InvalidLink() {
  const signUpOpen = signUpIsOpen(useQuery(signUpStatusQuery).data);
  return (
    <>
      <h1>This link is invalid or expired</h1>
      <p role="alert">The link may have been used already, or it is too old. Ask for a new one.</p>
      <p className="form-links">
        {signUpOpen && <Link to="/sign-up">Sign up again</Link>}
        <Link to="/change-password">Reset a password</Link>
      </p>
    </>
  );
}
