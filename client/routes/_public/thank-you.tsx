import { Link, createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_public/thank-you')({
  component: ThankYouPage,
});

function ThankYouPage() {
  return (
    <section className="page narrow">
      <h1>Thank you</h1>
      <p>Your message has been received. Someone will get back to you.</p>
      <Link to="/">Back to the start page</Link>
    </section>
  );
}
