import { useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { SignUpSource } from '../../../shared/install.js';
import { alertOutcome } from '../../lib/alerts.js';
import { installSignUpQueryOptions, useSetSignUpOpen } from './install-api.js';
import './org-settings.css';

const WHY: Record<SignUpSource, string> = {
  ENV: 'Set by the SIGNUP environment variable on the server: change it there and restart Teamlens.',
  SETTING: 'Chosen by an admin of your organization.',
  DEFAULT: 'Closed by default since this server has its first organization.',
};

/**
 * Public organization sign-up (/sign-up) for the whole server. Shown to the admins of the operator
 * organization (the first one), who run the server; nobody else can change it.
 */
export function SignUpSetting() {
  const headingId = useId();
  const { data: state } = useSuspenseQuery(installSignUpQueryOptions);
  const save = useSetSignUpOpen();
  if (!state.is_operator_organization) return null;

  function change(open: boolean) {
    void alertOutcome(
      save.mutateAsync(open),
      open ? 'Sign-up is open: anyone who can reach this server can create an organization.' : 'Sign-up is closed: new people join by invitation only.',
    );
  }

  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Public sign-up</h2>
      <p>
        Your organization runs this Teamlens server. You decide whether anyone who can reach it may create an organization of their own on the sign-up page.
      </p>
      <dl className="details">
        <dt>Status</dt>
        <dd>
          {state.open
            ? 'Open: anyone who can reach this server can create an organization.'
            : 'Closed: the sign-up page says so, and new people join an organization by invitation.'}
        </dd>
        <dt>Decided by</dt>
        <dd>{WHY[state.source]}</dd>
      </dl>
      {state.can_change && (
        <div>
          <button type="button" className={state.open ? 'button button-secondary' : 'button'} disabled={save.isPending} onClick={() => change(!state.open)}>
            {save.isPending ? 'Saving…' : state.open ? 'Close sign-up' : 'Open sign-up'}
          </button>
        </div>
      )}
    </section>
  );
}
