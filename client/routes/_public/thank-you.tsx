import { Link, createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_public/thank-you')({
  component: ThankYouPage,
});

function ThankYouPage() {
  return (
    <section className="page narrow">
      <h1>Thank you</h1>
      <p>Your message has been received and passed on to the people who run this Teamlens server. They will answer by email, at the address you gave.</p>
      <p>
        While you wait, you may like <Link to="/resources/get-the-guide">our short guide to running effective 360 and sprint reviews</Link>.
      </p>
      <Link to="/">Back to the start page</Link>
    </section>
  );
}
