import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { codeProcessSettingsInput, DEPLOYMENT_SOURCES, PROVIDER_LABEL, type CodeProcessSettings, type DeploymentSource } from '../../../shared/integrations.js';
import { fieldErrorsOf } from '../../../shared/field-errors.js';
import { Field, FormError } from '../../components/ui/field.js';
import { refusedSave } from '../../lib/graphql.js';
import { codeProcessQueryOptions, DEPLOYMENT_SOURCE_LABELS, integrationsQueryOptions, useUpdateCodeProcess, type CodeProcess } from './api.js';
import './integrations.css';

/** A list of names typed one by one: Enter or a comma adds, each one has its remove button. */
export function ListInput({
  label,
  values,
  onChange,
  hint,
  error,
  placeholder,
}: {
  label: string;
  values: string[];
  onChange: (next: string[]) => void;
  hint?: string;
  error?: string | undefined;
  placeholder?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const add = () => {
    const parts = draft
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p && !values.includes(p));
    if (parts.length) onChange([...values, ...parts]);
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    } else if (e.key === 'Backspace' && !draft && values.length) onChange(values.slice(0, -1));
  };
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field list-input">
      <label htmlFor={id}>{label}</label>
      {values.length > 0 && (
        <ul className="domain-list" aria-label={`${label} chosen`}>
          {values.map((v) => (
            <li key={v}>
              <span className="domain-name">{v}</span>
              <button
                type="button"
                className="button button-small button-ghost"
                aria-label={`Remove ${v} from ${label.toLowerCase()}`}
                onClick={() => onChange(values.filter((x) => x !== v))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="list-input-row">
        <input
          id={id}
          value={draft}
          placeholder={placeholder}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={add}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
        />
        <button type="button" className="button button-small button-secondary" onClick={add} aria-label={`Add to ${label.toLowerCase()}`}>
          Add
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

const strip = ({ updated_at: _u, ...rest }: CodeProcess): CodeProcessSettings => rest;

/** /admin/integrations/code-process: what counts and how deployments, bugs and incidents are recognised. */
export function CodeProcessPage() {
  const { data } = useSuspenseQuery(codeProcessQueryOptions);
  const [v, setV] = useState<CodeProcessSettings>(() => strip(data));
  const [windowText, setWindowText] = useState(String(data.incident_window_hours ?? 168));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useUpdateCodeProcess();
  const set = <K extends keyof CodeProcessSettings>(k: K, value: CodeProcessSettings[K]) => {
    setV((o) => ({ ...o, [k]: value }));
    setSaved(null);
  };
  const ids = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(null);
    setFormError(null);
    const input = { ...v, incident_window_hours: v.incident_window_hours === null ? null : Number(windowText) };
    const parsed = codeProcessSettingsInput.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      setFormError('Some fields need attention.');
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      setSaved('The code process was saved. The next sync and the insights use it.');
    } catch (err) {
      const refused = refusedSave(err);
      setErrors(refused.fieldErrors ?? {});
      setFormError(refused.formError ?? null);
    }
  }

  return (
    <section className="page settings-page integrations-page">
      <p>
        <Link to="/admin/integrations">← Integrations</Link>
      </p>
      <h1>Code process</h1>
      <p className="muted">
        What counts in the insights: branches, how a deployment is recognised, which issues are bugs and incidents. Changes apply from the next sync.
      </p>
      <form className="form settings-section" aria-label="Code process" onSubmit={(e) => void onSubmit(e)} noValidate>
        <ListInput
          label="Counted branches"
          values={v.branches}
          onChange={(x) => set('branches', x)}
          error={errors.branches}
          placeholder="main"
          hint="Pull requests merged into these branches count (and deployments from them). Press Enter after each one."
        />
        <fieldset className="integration-choices">
          <legend>How a deployment is recognised</legend>
          {DEPLOYMENT_SOURCES.map((s: DeploymentSource) => (
            <label key={s} className="checkbox">
              <input type="radio" name="deployment_source" value={s} checked={v.deployment_source === s} onChange={() => set('deployment_source', s)} />{' '}
              {DEPLOYMENT_SOURCE_LABELS[s]}
            </label>
          ))}
        </fieldset>
        {v.deployment_source !== 'MERGE' && v.deployment_source !== 'DEPLOYMENTS' && (
          <Field
            label={v.deployment_source === 'WORKFLOW' ? 'Workflow name pattern' : v.deployment_source === 'TAGS' ? 'Tag pattern' : 'Release name pattern'}
            name="deployment_pattern"
            value={v.deployment_pattern}
            onChange={(e) => set('deployment_pattern', e.target.value)}
            error={errors.deployment_pattern}
            hint="A regular expression, case-insensitive, for example ^v\d+ or deploy-prod. Empty: any."
            autoComplete="off"
            spellCheck={false}
          />
        )}
        <ListInput
          label="Production environments"
          values={v.production_environments}
          onChange={(x) => set('production_environments', x)}
          error={errors.production_environments}
          placeholder="production"
          hint="Deployments to these environments count for the DORA keys."
        />
        <ListInput
          label="Bug issue types"
          values={v.bug_issue_types}
          onChange={(x) => set('bug_issue_types', x)}
          error={errors.bug_issue_types}
          placeholder="Bug"
        />
        <ListInput
          label="Incident issue types"
          values={v.incident_issue_types}
          onChange={(x) => set('incident_issue_types', x)}
          error={errors.incident_issue_types}
          placeholder="Incident"
          hint="Incidents give the change failure rate and time to restore."
        />
        <fieldset className="integration-choices">
          <legend>An incident counts against the latest production deployment</legend>
          <label className="checkbox">
            <input
              type="radio"
              name="incident_window"
              checked={v.incident_window_hours !== null}
              onChange={() => set('incident_window_hours', Number(windowText) || 168)}
            />{' '}
            Within a number of hours
          </label>
          {v.incident_window_hours !== null && (
            <Field
              label="Hours"
              name="incident_window_hours"
              type="number"
              min={1}
              max={24 * 90}
              value={windowText}
              error={errors.incident_window_hours}
              onChange={(e) => {
                setWindowText(e.target.value);
                set('incident_window_hours', Number(e.target.value) || 0);
              }}
            />
          )}
          <label className="checkbox">
            <input type="radio" name="incident_window" checked={v.incident_window_hours === null} onChange={() => set('incident_window_hours', null)} /> However
            far back
          </label>
        </fieldset>
        <ListInput
          label="Bot accounts"
          values={v.bot_logins}
          onChange={(x) => set('bot_logins', x)}
          error={errors.bot_logins}
          placeholder="ci-robot"
          hint="Logins left out of every metric, besides the ones the service marks as bots."
        />
        <Field
          label="Story points field"
          name="story_points_field"
          value={v.story_points_field}
          onChange={(e) => set('story_points_field', e.target.value)}
          error={errors.story_points_field}
          hint="Jira’s field id, for example customfield_10016."
          autoComplete="off"
          spellCheck={false}
        />
        <FormError message={formError} />
        <p aria-live="polite" className="integration-saved" id={`${ids}-saved`}>
          {saved}
        </p>
        <div>
          <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
      <ScopesSummary />
    </section>
  );
}

/** Repositories and sprint boards per team, as set on the integrations page. */
function ScopesSummary() {
  const id = useId();
  const { data, isPending, isError } = useQuery(integrationsQueryOptions);
  const scopes = (data ?? []).flatMap((c) => c.scopes.filter((s) => s.included).map((s) => ({ ...s, provider: c.provider })));
  const byTeam = new Map<string, typeof scopes>();
  for (const s of scopes) {
    const key = s.team?.name ?? '';
    byTeam.set(key, [...(byTeam.get(key) ?? []), s]);
  }
  const teams = [...byTeam.keys()].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)));
  return (
    <section className="settings-section" aria-labelledby={id}>
      <h2 id={id}>Repositories and boards per team</h2>
      <p className="muted">
        Change what is included and which team owns it on the <Link to="/admin/integrations">integrations page</Link>.
      </p>
      {isPending ? (
        <p className="muted">Loading…</p>
      ) : isError ? (
        <p role="alert" className="form-error">
          The connections could not be loaded.
        </p>
      ) : scopes.length === 0 ? (
        <p>
          Nothing is included yet: <Link to="/admin/integrations">connect a code host or an issue tracker</Link>.
        </p>
      ) : (
        <dl className="integration-team-scopes">
          {teams.map((t) => (
            <div key={t || 'none'}>
              <dt>{t || 'No team yet'}</dt>
              <dd>
                <ul>
                  {byTeam.get(t)!.map((s) => (
                    <li key={s.id}>
                      {s.name}{' '}
                      <span className="muted">
                        ({PROVIDER_LABEL[s.provider]} {s.kind === 'REPOSITORY' ? 'repository' : s.kind === 'BOARD' ? 'board' : 'project'})
                      </span>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
