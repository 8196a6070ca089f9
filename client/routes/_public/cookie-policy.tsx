import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_public/cookie-policy')({
  component: CookiePolicyPage,
});

function CookiePolicyPage() {
  return (
    <article className="page narrow prose">
      <h1>Cookie policy</h1>
      <p>
        Teamlens uses only what it needs to sign you in and keep you safe. There are no advertising or tracking cookies, and nothing is shared with third
        parties.
      </p>
      <h2>Cookies</h2>
      <ul>
        <li>
          <strong>Session cookie</strong> (<code>teamlens.session-token</code>): keeps you signed in. HttpOnly, removed when you sign out or the session ends.
        </li>
        <li>
          <strong>Form protection cookie</strong> (<code>teamlens.csrf-token</code>): proves that sign-in and account forms were sent from this site. Removed
          when you close the browser.
        </li>
      </ul>
      <h2>Browser storage</h2>
      <ul>
        <li>
          <code>teamlens_id</code> and <code>org_id</code>: your user and organization ids while you are signed in.
        </li>
        <li>
          <code>loggedOut</code>: tells your other open tabs that you signed out, so they sign out too.
        </li>
        <li>
          <code>loggout_in_progress</code> (this tab only): marks a sign-out that is under way.
        </li>
      </ul>
      <p>Because these are strictly necessary for the service, no consent banner is shown.</p>
    </article>
  );
}
