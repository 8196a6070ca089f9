import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Field, FormError, SubmitButton } from '../../../components/ui/field.js';
import { useZodForm } from '../../../lib/forms.js';
import { loadGuideLeadSchema, sendGuideLead } from '../../../features/public-forms/api.js';
import { HoneypotField, SelectField } from '../../../features/public-forms/form-fields.js';
import { GuideContent } from '../../../features/public-forms/guide-content.js';
import { COMPANY_MAX, TEAM_SIZES } from '../../../../shared/public-forms.limits.js';

export const Route = createFileRoute('/_public/resources/get-the-guide')({
  component: GuidePage,
});

/** Remembered for this tab, so a reload keeps showing the guide. */
const READER_KEY = 'teamlens.guide-reader';

function readStoredReader(): string | null {
  try {
    return sessionStorage.getItem(READER_KEY);
  } catch {
    return null;
  }
}

function GuidePage() {
  const [reader, setReader] = useState<string | null>(readStoredReader);
  const heading = useRef<HTMLDivElement>(null);
  const form = useZodForm(loadGuideLeadSchema, async (values) => {
    const result = await sendGuideLead(values);
    if (!result.ok) return { formError: result.message, fieldErrors: result.fields };
    try {
      sessionStorage.setItem(READER_KEY, values.name);
    } catch {
      // Storage may be off; the guide still shows for this visit.
    }
    setReader(values.name);
  });
  useEffect(() => {
    if (reader) heading.current?.focus();
  }, [reader]);
  const { fieldErrors: errors } = form;

  return (
    <section className="page narrow">
      <h1>Guide: running effective 360 and sprint reviews</h1>
      {reader ? (
        <div ref={heading} tabIndex={-1}>
          <GuideContent readerName={reader} />
        </div>
      ) : (
        <>
          <p>
            A short, practical guide for engineering managers and team leads: how to run 360 review cycles people trust, which questions get useful answers, how
            to keep sprint retrospectives short and honest, and how to turn results into change. Tell us who you are and the guide opens right here.
          </p>
          <form className="form public-form-card" noValidate onSubmit={form.onSubmit} aria-label="Get the guide">
            <FormError message={form.formError} />
            <Field label="Your name" name="name" autoComplete="name" required maxLength={120} error={errors.name} />
            <Field
              label="Work email"
              name="email"
              type="email"
              autoComplete="email"
              required
              error={errors.email}
              hint="Your company address; free mail providers are not accepted."
            />
            <Field label="Company" name="company" autoComplete="organization" required maxLength={COMPANY_MAX} error={errors.company} />
            <SelectField label="Team size" name="team_size" required options={TEAM_SIZES} placeholder="Choose…" error={errors.team_size} />
            <HoneypotField />
            <div>
              <SubmitButton sending={form.sending} sendingText="Opening the guide…">
                Get the guide
              </SubmitButton>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
