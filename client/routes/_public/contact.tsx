import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { useZodForm } from '../../lib/forms.js';
import { loadContactSchema, sendContactMessage } from '../../features/public-forms/api.js';
import { HoneypotField, TextAreaField } from '../../features/public-forms/form-fields.js';
import { CONTACT_MESSAGE_MAX, COMPANY_MAX } from '../../../shared/public-forms.limits.js';

export const Route = createFileRoute('/_public/contact')({
  component: ContactPage,
});

function ContactPage() {
  const navigate = useNavigate();
  const form = useZodForm(loadContactSchema, async (values) => {
    const result = await sendContactMessage(values);
    if (result.ok) {
      await navigate({ to: '/thank-you' });
      return;
    }
    return { formError: result.message, fieldErrors: result.fields };
  });
  const { fieldErrors: errors } = form;

  return (
    <section className="page narrow">
      <h1>Contact us</h1>
      <p>Questions about Teamlens, a demo for your team or help with your installation: write to the people who run this server. We answer by email.</p>
      <form className="form public-form-card" noValidate onSubmit={form.onSubmit} aria-label="Contact form">
        <FormError message={form.formError} />
        <Field label="Your name" name="name" autoComplete="name" required maxLength={120} error={errors.name} />
        <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
        <Field label="Company (optional)" name="company" autoComplete="organization" maxLength={COMPANY_MAX} error={errors.company} />
        <TextAreaField label="Message" name="message" required maxLength={CONTACT_MESSAGE_MAX} error={errors.message} hint="At least 10 characters." />
        <HoneypotField />
        <div>
          <SubmitButton sending={form.sending} sendingText="Sending…">
            Send message
          </SubmitButton>
        </div>
        <p className="muted">We keep your name, email, company and message only to answer you.</p>
      </form>
    </section>
  );
}
