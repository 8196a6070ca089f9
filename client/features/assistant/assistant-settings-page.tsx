import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { ASSISTANT_LIMITS, ASSISTANT_SOURCE_INFO, ASSISTANT_SOURCES, assistantSettingsInputSchema, type AssistantSource } from '../../../shared/assistant.js';
import { FEATURE_AREA_INFO } from '../../../shared/feature-areas.js';
import { Field, FormError } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { fieldErrorsOf, type FieldErrors } from '../../lib/forms.js';
import { refusedSave } from '../../lib/graphql.js';
import { featureAreasQueryOptions, useSetFeatureAreas } from '../feature-areas/api.js';
import { assistantSettingsQueryOptions, testEndpoint, useUpdateAssistantSettings, type EndpointTest } from './assistant.api.js';
import './assistant.css';

/**
 * /admin/ai-assistant/settings (docs/decisions/0066): on or off (the AI_ASSISTANT feature area, the
 * same switch as Settings, Pages), which sources it may read, the optional OpenAI-compatible endpoint
 * (address, model from its list, key kept sealed and shown as its last characters), timeouts, and how
 * long conversations are kept.
 */
export function AssistantSettingsPage() {
  const { data: settings } = useSuspenseQuery(assistantSettingsQueryOptions);
  const { data: areas } = useSuspenseQuery(featureAreasQueryOptions);
  const update = useUpdateAssistantSettings();
  const setAreas = useSetFeatureAreas();
  const on = areas.find((a) => a.area === 'AI_ASSISTANT')?.enabled ?? true;
  const [sources, setSources] = useState<AssistantSource[]>(settings.sources);
  const [url, setUrl] = useState(settings.endpoint_url ?? '');
  const [model, setModel] = useState(settings.endpoint_model ?? '');
  const [key, setKey] = useState('');
  const [test, setTest] = useState<EndpointTest | null>(null);
  const [testing, setTesting] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const modelId = useId();

  const runTest = async () => {
    setTesting(true);
    setTest(null);
    try {
      const result = await testEndpoint(url.trim(), key ? key : null);
      setTest(result);
      if (result.ok && !model && result.models[0]) setModel(result.models[0]);
    } catch (error) {
      setTest({ ok: false, message: error instanceof Error ? error.message : 'The test failed.', models: [] });
    } finally {
      setTesting(false);
    }
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const input = {
      sources,
      retention_days: Number(data.get('retention_days')),
      endpoint_url: url.trim() || null,
      endpoint_model: url.trim() ? model.trim() || null : null,
      first_token_seconds: Number(data.get('first_token_seconds')),
      total_seconds: Number(data.get('total_seconds')),
      ...(key ? { api_key: key } : {}),
    };
    const parsed = assistantSettingsInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      await update.mutateAsync(parsed.data);
      setKey('');
      showAlert('The assistant’s settings are saved.', 'success');
    } catch (error) {
      const refused = refusedSave(error, false);
      if (refused.fieldErrors) setErrors(refused.fieldErrors);
      setFormError(refused.formError ?? null);
    }
  };

  return (
    <section className="page readable ai-settings">
      <p>
        <Link to="/admin/ai-assistant">Back to the assistant</Link>
      </p>
      <h1>AI assistant settings</h1>
      <section aria-labelledby="ai-on">
        <h2 id="ai-on">For everyone</h2>
        <label className="ai-check">
          <input
            type="checkbox"
            checked={on}
            disabled={setAreas.isPending}
            onChange={(e) => setAreas.mutate([{ area: 'AI_ASSISTANT', enabled: e.target.checked }], { onError: (error) => showAlert(error.message, 'error') })}
          />
          <span>
            <strong>The assistant is on</strong>
            <span className="muted">
              Off, it is closed everywhere, on the server too: this page, and the assistant on retros, feedback, reviews and 1:1 notes. The same switch as{' '}
              {FEATURE_AREA_INFO.AI_ASSISTANT.label} under <Link to="/admin/settings/pages">Settings, Pages</Link>.
            </span>
          </span>
        </label>
      </section>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset>
          <legend>What it may read</legend>
          <p className="field-hint">Always only what the person asking may read in each area, and never an area that is switched off.</p>
          {ASSISTANT_SOURCES.map((s) => (
            <label key={s} className="ai-check">
              <input
                type="checkbox"
                checked={sources.includes(s)}
                onChange={(e) =>
                  setSources((list) => (e.target.checked ? ASSISTANT_SOURCES.filter((x) => x === s || list.includes(x)) : list.filter((x) => x !== s)))
                }
              />
              <span>
                <strong>{ASSISTANT_SOURCE_INFO[s].label}</strong>
                <span className="muted">{ASSISTANT_SOURCE_INFO[s].description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>A model that writes summaries (optional)</legend>
          <p className="field-hint">
            Without one, answers are the sources themselves and nothing leaves this server. With one, only the passages shown to the person asking are sent, and
            sentences that cite none of them are removed. Any OpenAI-compatible server: Ollama, llama.cpp, vLLM, LM Studio, OpenAI.
          </p>
          <Field
            label="Base URL"
            name="endpoint_url"
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              setTest(null);
            }}
            error={errors.endpoint_url}
            placeholder="http://10.0.0.5:11434/v1"
            hint="https, or http to an address the server’s operator allowed (OUTBOUND_ALLOW_PRIVATE). Changing the address removes the stored key."
          />
          <Field
            label="API key"
            name="api_key"
            type="password"
            autoComplete="off"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            error={errors.api_key}
            hint={
              settings.key_hint
                ? `A key ending in ${settings.key_hint.replace(/•/g, '')} is stored. Type a new one to replace it.`
                : 'Leave empty for a server without keys.'
            }
          />
          <div className="ai-test">
            <button type="button" className="button button-secondary" disabled={!url.trim() || testing} onClick={() => void runTest()}>
              {testing ? 'Testing…' : 'Test the connection'}
            </button>
            {test && (
              <p role="status" className={`ai-test-result ${test.ok ? 'ai-test-ok' : 'ai-test-failed'}`}>
                {test.message}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={modelId}>Model</label>
            {test?.ok && test.models.length > 0 ? (
              <select id={modelId} value={model} onChange={(e) => setModel(e.target.value)}>
                {test.models.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            ) : (
              <input id={modelId} value={model} onChange={(e) => setModel(e.target.value)} aria-invalid={errors.endpoint_model ? true : undefined} />
            )}
            <p className="field-hint">Test the connection to choose from the models the endpoint offers.</p>
            {errors.endpoint_model && <p className="field-error">{errors.endpoint_model}</p>}
          </div>
          <Field
            label="Seconds to wait for the first words"
            name="first_token_seconds"
            inputMode="numeric"
            defaultValue={String(settings.first_token_seconds)}
            error={errors.first_token_seconds}
          />
          <Field
            label="Seconds for the whole answer"
            name="total_seconds"
            inputMode="numeric"
            defaultValue={String(settings.total_seconds)}
            error={errors.total_seconds}
          />
        </fieldset>
        <Field
          label="Keep conversations for (days)"
          name="retention_days"
          inputMode="numeric"
          defaultValue={String(settings.retention_days)}
          error={errors.retention_days}
          hint={`From ${ASSISTANT_LIMITS.retentionMin} to ${ASSISTANT_LIMITS.retentionMax} days. Once a day, conversations untouched for longer are deleted.`}
        />
        <FormError message={formError} />
        <div>
          <button type="submit" className="button" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </section>
  );
}
