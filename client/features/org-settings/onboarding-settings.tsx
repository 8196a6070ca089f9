import { useId, useState } from 'react';
import { z } from 'zod';
import { ONBOARDING_PHASES, type OnboardingPhase } from '../../../shared/enums.js';
import { updateOrganizationSchema } from '../../../shared/org.schemas.js';
import { FormError } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm } from '../../lib/forms.js';
import { useUpdateOrganization } from './api.js';
import { outcomeOfError } from './org-settings-errors.js';
import './org-settings.css';

/** The steps a new organization goes through (shared/enums.ts ONBOARDING_PHASES), in order. */
export const ONBOARDING_PHASE_LABELS: Record<OnboardingPhase, string> = {
  INVITE_PEOPLE: 'Invite people',
  SET_UP_TEAMS: 'Set up teams',
  CONNECT_INTEGRATIONS: 'Connect integrations',
  FIRST_REVIEW: 'Plan a first review or retro',
  DONE: 'Done',
};

const phaseSchema = z.object({ onboarding_phase: updateOrganizationSchema.shape.onboarding_phase.unwrap() });

/** Where the organization is in its setup, and whether the setup guide is skipped. */
export function OnboardingSettings({ phase, skipped }: { phase: OnboardingPhase; skipped: boolean }) {
  const update = useUpdateOrganization();
  const headingId = useId();
  const selectId = useId();
  const [toggleError, setToggleError] = useState<string | null>(null);
  const step = ONBOARDING_PHASES.indexOf(phase) + 1;

  const form = useZodForm(phaseSchema, async (input) => {
    try {
      await update.mutateAsync(input);
    } catch (error) {
      return outcomeOfError(error, 'onboarding_phase');
    }
    showAlert(`The onboarding step is now “${ONBOARDING_PHASE_LABELS[input.onboarding_phase]}”.`, 'success');
  });

  async function setSkipped(next: boolean) {
    setToggleError(null);
    try {
      await update.mutateAsync({ is_onboarding_phase_skipped: next });
      showAlert(next ? 'Onboarding is skipped. You can resume it here at any time.' : 'Onboarding is resumed.', 'success');
    } catch (error) {
      setToggleError(error instanceof Error ? error.message : 'The change could not be saved. Try again.');
    }
  }

  const errorId = `${selectId}-error`;
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Onboarding</h2>
      <dl className="details">
        <dt>Current step</dt>
        <dd>
          {ONBOARDING_PHASE_LABELS[phase]} ({phase === 'DONE' ? 'finished' : `step ${step} of ${ONBOARDING_PHASES.length - 1}`})
        </dd>
        <dt>Status</dt>
        <dd>
          {skipped
            ? 'Skipped: admins no longer see the setup guide on their dashboard.'
            : phase === 'DONE'
              ? 'Finished.'
              : 'In progress: admins see the setup guide on their dashboard.'}
        </dd>
      </dl>
      <div>
        <button type="button" className="button button-secondary" disabled={update.isPending} onClick={() => void setSkipped(!skipped)}>
          {skipped ? 'Resume onboarding' : 'Skip onboarding'}
        </button>
      </div>
      {toggleError && (
        <p role="alert" className="form-error">
          {toggleError}
        </p>
      )}
      <form key={phase} onSubmit={form.onSubmit} noValidate className="form settings-form">
        <div className="field">
          <label htmlFor={selectId}>Onboarding step</label>
          <select
            id={selectId}
            name="onboarding_phase"
            defaultValue={phase}
            aria-invalid={form.fieldErrors.onboarding_phase ? true : undefined}
            aria-describedby={form.fieldErrors.onboarding_phase ? errorId : undefined}
          >
            {ONBOARDING_PHASES.map((p) => (
              <option key={p} value={p}>
                {ONBOARDING_PHASE_LABELS[p]}
              </option>
            ))}
          </select>
          {form.fieldErrors.onboarding_phase && (
            <p id={errorId} className="field-error">
              {form.fieldErrors.onboarding_phase}
            </p>
          )}
        </div>
        <FormError message={form.formError} />
        <div>
          <button type="submit" className="button" disabled={form.sending || update.isPending} aria-busy={form.sending || undefined}>
            {form.sending ? 'Saving…' : 'Save the step'}
          </button>
        </div>
      </form>
    </section>
  );
}
