import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_public/privacy-policy')({
  component: PrivacyPolicyPage,
});

function PrivacyPolicyPage() {
  return (
    <article className="page narrow prose">
      <h1>Privacy policy</h1>
      <p>Teamlens is self-hosted: the organization that runs this server is responsible for the data in it and decides who can see it.</p>
      <h2>What is stored</h2>
      <ul>
        <li>Your account: name, work email, password hash (never the password itself), role, team and manager.</li>
        <li>What you add: profile details, reviews, and what you write in any other area your organization uses.</li>
        <li>Security records: sign-in times and failed attempts, used to protect your account.</li>
      </ul>
      <h2>Who sees it</h2>
      <p>
        People in your organization see what the product&apos;s rules allow; private notes are seen by nobody else. Nothing leaves this server unless an admin
        connects an outside service such as mail or chat.
      </p>
      <h2>Your choices</h2>
      <p>You can correct your details in your settings and close your account. For anything else, contact your organization&apos;s admins.</p>
    </article>
  );
}
