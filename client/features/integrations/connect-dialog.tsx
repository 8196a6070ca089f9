import { Dialog } from '../../components/ui/dialog.js';
import { useRef, useState, type FormEvent } from 'react';
import {
  BACKFILL_MONTHS,
  connectIntegrationInput,
  PROVIDER_DEFAULT_BASE_URL,
  PROVIDER_LABEL,
  type AuthKind,
  type IntegrationProvider,
} from '../../../shared/integrations.js';
import { fieldErrorsOf } from '../../../shared/field-errors.js';
import { Field, FormError } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { refusedSave } from '../../lib/graphql.js';
import { useConnectIntegration, useTestIntegrationInput, type ConnectInput, type IntegrationTestResult } from './api.js';

/** What each service's admins have, in their words. */
const ACCOUNT_FIELD: Record<IntegrationProvider, { label: string; hint: string; placeholder: string } | null> = {
  GITHUB: { label: 'Organization', hint: 'The GitHub organization (or user) whose repositories count.', placeholder: 'acme' },
  BITBUCKET: { label: 'Workspace', hint: 'The Bitbucket workspace id, as in bitbucket.org/{workspace}.', placeholder: 'acme' },
  JIRA: { label: 'Account email', hint: 'The email of the Atlassian account the API token belongs to.', placeholder: 'you@example.com' },
  AZURE_BOARDS: { label: 'Organization', hint: 'The Azure DevOps organization, as in dev.azure.com/{organization}.', placeholder: 'acme' },
  SLACK: null,
};
const TOKEN_FIELD: Record<IntegrationProvider, { label: string; hint: string }> = {
  GITHUB: {
    label: 'Token',
    hint: 'A fine-grained personal access token with read access to contents, pull requests, deployments, issues and metadata (issues: read and write to send retro action items).',
  },
  BITBUCKET: { label: 'Access token', hint: 'A workspace access token or app password with repository and pull request read access.' },
  JIRA: { label: 'API token', hint: 'Create one at id.atlassian.com → Security → API tokens.' },
  AZURE_BOARDS: { label: 'Personal access token', hint: 'A PAT with Work Items (read) scope; Work Items (read and write) to send retro action items.' },
  SLACK: { label: 'Bot token', hint: 'The bot user OAuth token (xoxb-…) of your Slack app, with chat:write, im:write, users:read and users:read.email.' },
};
const BASE_URL_FIELD: Record<IntegrationProvider, { label: string; hint: string; placeholder: string } | null> = {
  GITHUB: {
    label: 'API base URL',
    hint: 'github.com: https://api.github.com. GitHub Enterprise Server: https://your-host/api/v3.',
    placeholder: 'https://api.github.com',
  },
  BITBUCKET: { label: 'API base URL', hint: 'Bitbucket Cloud: keep https://api.bitbucket.org/2.0.', placeholder: 'https://api.bitbucket.org/2.0' },
  JIRA: { label: 'Site URL', hint: 'Your Jira Cloud site, for example https://your-team.atlassian.net.', placeholder: 'https://your-team.atlassian.net' },
  AZURE_BOARDS: {
    label: 'Organization URL',
    hint: 'https://dev.azure.com (Azure DevOps Server: your collection’s address).',
    placeholder: 'https://dev.azure.com',
  },
  SLACK: null,
};

/** Jira Data Center (self-hosted Jira Server / Data Center): its address and a personal access token, no email. */
type JiraKind = 'CLOUD' | 'DATA_CENTER';
const JIRA_DC = {
  baseUrl: {
    label: 'Base URL',
    hint: 'Your Jira server’s address, with its context path if it has one (for example https://jira.example.com/jira).',
    placeholder: 'https://jira.example.com',
  },
  token: {
    label: 'Personal access token',
    hint: 'In Jira: your profile → Personal Access Tokens → Create token. Its owner must browse the projects (and create issues to send retro action items).',
  },
};

const text = (data: FormData, name: string): string | null => {
  const v = data.get(name);
  return typeof v === 'string' && v.trim() ? v.trim() : null;
};

/** The form's values in the API's terms (empty fields left out). */
function inputOf(provider: IntegrationProvider, form: HTMLFormElement): ConnectInput {
  const data = new FormData(form);
  const authKind = (text(data, 'auth_kind') ?? 'TOKEN') as AuthKind;
  const months = Number(text(data, 'backfill_months') ?? BACKFILL_MONTHS.default);
  return {
    provider,
    base_url: text(data, 'base_url') ?? (PROVIDER_DEFAULT_BASE_URL[provider] || null),
    account: text(data, 'account'),
    auth_kind: authKind,
    token: authKind === 'TOKEN' ? text(data, 'token') : null,
    app_id: authKind === 'APP' ? text(data, 'app_id') : null,
    installation_id: authKind === 'APP' ? text(data, 'installation_id') : null,
    private_key: authKind === 'APP' ? text(data, 'private_key') : null,
    webhook_secret: text(data, 'webhook_secret'),
    backfill_months: Number.isFinite(months) ? months : null,
  };
}

function TestOutcome({ result }: { result: IntegrationTestResult }) {
  return (
    <div className={`integration-test ${result.ok ? 'integration-test-ok' : 'integration-test-bad'}`}>
      <p>
        {result.ok ? '✓ ' : ''}
        {result.message}
      </p>
      {result.missing.length > 0 && (
        <>
          <p>Missing permissions:</p>
          <ul>
            {result.missing.map((m) => (
              <li key={m}>
                <code>{m}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** Connect a provider: its credentials, how far back to read, an optional webhook secret; a test first if wanted. */
export function ConnectDialog({ provider, onClose }: { provider: IntegrationProvider; onClose: () => void }) {
  const label = PROVIDER_LABEL[provider];
  const formRef = useRef<HTMLFormElement>(null);
  const [authKind, setAuthKind] = useState<AuthKind>('TOKEN');
  const [jiraKind, setJiraKind] = useState<JiraKind>('CLOUD');
  const dataCenter = provider === 'JIRA' && jiraKind === 'DATA_CENTER';
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [tested, setTested] = useState<IntegrationTestResult | null>(null);
  const connect = useConnectIntegration();
  const test = useTestIntegrationInput();
  const busy = connect.isPending || test.isPending;
  const account = dataCenter ? null : ACCOUNT_FIELD[provider];
  const baseUrl = dataCenter ? JIRA_DC.baseUrl : BASE_URL_FIELD[provider];
  const token = dataCenter ? JIRA_DC.token : TOKEN_FIELD[provider];

  /** Checks the form with the shared schema; returns the input when it passes. */
  function checked(): ConnectInput | null {
    const input = inputOf(provider, formRef.current!);
    const parsed = connectIntegrationInput.safeParse(input);
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error);
    // Jira Cloud signs in with the account email and an API token (Data Center: the token alone).
    if (provider === 'JIRA' && !dataCenter && !input.account) found.account = 'Account email: required (Jira Cloud signs in with an email and an API token)';
    if (Object.keys(found).length) {
      setErrors(found);
      setFormError('Some fields need attention.');
      const first = Object.keys(found)[0];
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return null;
    }
    setErrors({});
    setFormError(null);
    // "acme.atlassian.net" reads as https://acme.atlassian.net (the shared schema): the field shows what is sent.
    const completed = parsed.success ? (parsed.data.base_url ?? null) : null;
    const field = formRef.current?.querySelector<HTMLInputElement>('[name="base_url"]');
    if (completed && field?.value.trim() && field.value.trim() !== completed) field.value = completed;
    return { ...input, base_url: completed ?? input.base_url };
  }

  function refused(err: unknown) {
    const refused = refusedSave(err);
    setErrors(refused.fieldErrors ?? {});
    setFormError(refused.formError ?? null);
  }

  async function onTest() {
    const input = checked();
    if (!input) return;
    setTested(null);
    try {
      setTested(await test.mutateAsync(input));
    } catch (err) {
      refused(err);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const input = checked();
    if (!input) return;
    try {
      await connect.mutateAsync(input);
      showAlert(`${label} is connected. The first sync has started.`, 'success');
      onClose();
    } catch (err) {
      refused(err);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(o) => !o && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog integration-dialog">
          <Dialog.Title>Connect {label}</Dialog.Title>
          <Dialog.Description className="muted">
            The credentials are tested before they are saved, kept encrypted, and never shown again (only their last 4 characters).
          </Dialog.Description>
          <form ref={formRef} className="form" aria-label={`Connect ${label}`} onSubmit={(e) => void onSubmit(e)} noValidate>
            {provider === 'GITHUB' && (
              <fieldset className="integration-choices">
                <legend>Sign in with</legend>
                <label className="checkbox">
                  <input type="radio" name="auth_kind" value="TOKEN" checked={authKind === 'TOKEN'} onChange={() => setAuthKind('TOKEN')} /> A fine-grained
                  token
                </label>
                <label className="checkbox">
                  <input type="radio" name="auth_kind" value="APP" checked={authKind === 'APP'} onChange={() => setAuthKind('APP')} /> A GitHub App installation
                </label>
              </fieldset>
            )}
            {provider === 'JIRA' && (
              <fieldset className="integration-choices">
                <legend>Jira edition</legend>
                <label className="checkbox">
                  <input
                    type="radio"
                    name="jira_kind"
                    value="CLOUD"
                    checked={jiraKind === 'CLOUD'}
                    onChange={() => {
                      setJiraKind('CLOUD');
                      setTested(null);
                      setErrors({});
                    }}
                  />{' '}
                  Jira Cloud (your-team.atlassian.net)
                </label>
                <label className="checkbox">
                  <input
                    type="radio"
                    name="jira_kind"
                    value="DATA_CENTER"
                    checked={jiraKind === 'DATA_CENTER'}
                    onChange={() => {
                      setJiraKind('DATA_CENTER');
                      setTested(null);
                      setErrors({});
                    }}
                  />{' '}
                  Jira Data Center or Server (self-hosted)
                </label>
              </fieldset>
            )}
            {baseUrl && (
              <Field
                label={baseUrl.label}
                name="base_url"
                type="url"
                autoComplete="off"
                spellCheck={false}
                maxLength={500}
                defaultValue={PROVIDER_DEFAULT_BASE_URL[provider]}
                placeholder={baseUrl.placeholder}
                hint={baseUrl.hint}
                error={errors.base_url}
                required={provider === 'JIRA'}
              />
            )}
            {account && (
              <Field
                label={account.label}
                name="account"
                autoComplete="off"
                spellCheck={false}
                maxLength={200}
                placeholder={account.placeholder}
                hint={account.hint}
                error={errors.account}
                required
                type={provider === 'JIRA' ? 'email' : 'text'}
              />
            )}
            {authKind === 'TOKEN' ? (
              <Field label={token.label} name="token" type="password" autoComplete="off" spellCheck={false} required hint={token.hint} error={errors.token} />
            ) : (
              <>
                <Field
                  label="App id"
                  name="app_id"
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  error={errors.app_id}
                  hint="On the app’s settings page (General → About)."
                />
                <Field
                  label="Installation id"
                  name="installation_id"
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  error={errors.installation_id}
                  hint="The number at the end of the installation’s address (settings/installations/…)."
                />
                <div className="field">
                  <label htmlFor={`pk-${provider}`}>Private key</label>
                  <textarea
                    id={`pk-${provider}`}
                    name="private_key"
                    rows={4}
                    spellCheck={false}
                    required
                    aria-invalid={errors.private_key ? true : undefined}
                    placeholder="-----BEGIN RSA PRIVATE KEY-----"
                  />
                  {errors.private_key && <p className="field-error">{errors.private_key}</p>}
                </div>
              </>
            )}
            <Field
              label="Months to read back"
              name="backfill_months"
              type="number"
              min={BACKFILL_MONTHS.min}
              max={BACKFILL_MONTHS.max}
              defaultValue={BACKFILL_MONTHS.default}
              error={errors.backfill_months}
              hint={`The first sync reads this far back (${BACKFILL_MONTHS.min} to ${BACKFILL_MONTHS.max} months); later syncs read only what changed.`}
            />
            {provider !== 'SLACK' && (
              <Field
                label="Webhook secret (optional)"
                name="webhook_secret"
                type="password"
                autoComplete="off"
                spellCheck={false}
                error={errors.webhook_secret}
                hint="At least 16 characters. Set the same secret on the webhook in the service: changes then arrive at once, and the nightly check heals any missed ones."
              />
            )}
            <FormError message={formError} />
            <div aria-live="polite">{tested && <TestOutcome result={tested} />}</div>
            <div className="dialog-actions">
              <button type="button" className="button button-secondary" disabled={busy} onClick={onClose}>
                Cancel
              </button>
              <button type="button" className="button button-secondary" disabled={busy} aria-busy={test.isPending || undefined} onClick={() => void onTest()}>
                {test.isPending ? 'Testing…' : 'Test connection'}
              </button>
              <button type="submit" className="button" disabled={busy} aria-busy={connect.isPending || undefined}>
                {connect.isPending ? 'Connecting…' : 'Connect'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
