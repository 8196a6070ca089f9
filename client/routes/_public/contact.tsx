import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../components/ui/states.js';

export const Route = createFileRoute('/_public/contact')({
  component: ContactPage,
});

function ContactPage() {
  return (
    <section className="page narrow">
      <h1>Contact</h1>
      <EmptyState title="The contact form is not available yet">
        <p>Soon you will be able to send a message here; it will be stored for your organization&apos;s admins to read, and you will see a thank-you page.</p>
        <p className="muted">Until then, please reach the people who run this Teamlens server directly.</p>
      </EmptyState>
    </section>
  );
}
