import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { slackWebhookInputSchema } from '../../../shared/slack-webhook.schemas.js';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm, type SubmitOutcome } from '../../lib/forms.js';
import { GraphqlError } from '../../lib/graphql.js';
import {
  slackWebhookQueryOptions,
  useRemoveSlackWebhook,
  useSendSlackTestMessage,
  useSendTestNotification,
  useSetSlackWebhook,
  type SlackWebhook,
  type TestNotificationResult,
} from './api.js';
import './notifications.css';
import { formatDateTime } from '../../../shared/format.js';

function outcomeOf(error: unknown): SubmitOutcome {
  if (!(error instanceof GraphqlError)) throw error;
  if (error.fields.url || error.fields.channel_label) return { fieldErrors: error.fields };
  return error.code === 'BAD_USER_INPUT' ? { fieldErrors: { url: error.message } } : { formError: error.message };
}

function WebhookForm({ connected }: { connected: boolean }) {
  const save = useSetSlackWebhook();
  const [formKey, setFormKey] = useState(0);
  const form = useZodForm(slackWebhookInputSchema, async (input) => {
    try {
      await save.mutateAsync(input);
    } catch (error) {
      return outcomeOf(error);
    }
    setFormKey((k) => k + 1);
    showAlert(connected ? 'The Slack webhook was replaced.' : 'Slack is connected. Send a test message to check it.', 'success');
  });
  return (
    <form key={formKey} onSubmit={form.onSubmit} noValidate className="form settings-form">
      <Field
        label={connected ? 'New webhook URL' : 'Webhook URL'}
        name="url"
        type="url"
        autoComplete="off"
        spellCheck={false}
        required
        maxLength={500}
        placeholder="https://hooks.slack.com/services/…"
        error={form.fieldErrors.url}
        hint="In Slack: create an app, turn on Incoming Webhooks, add a webhook to the channel and copy its URL. Keep it secret: anyone with it can post there."
      />
      <Field
        label="Channel name (optional)"
        name="channel_label"
        autoComplete="off"
        maxLength={80}
        placeholder="#eng-reviews"
        error={form.fieldErrors.channel_label}
        hint="A reminder for admins; the webhook itself decides the channel."
      />
      <FormError message={form.formError} />
      <div>
        <SubmitButton sending={form.sending} sendingText="Saving…">
          {connected ? 'Replace the webhook' : 'Connect Slack'}
        </SubmitButton>
      </div>
    </form>
  );
}

const list = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

function describeTest(result: TestNotificationResult): { message: string; ok: boolean } {
  const where = [result.in_app && 'in the app', result.email && 'by email', result.slack_delivered && 'to Slack'].filter(Boolean) as string[];
  if (result.slack_delivered === false)
    return {
      message: `Slack did not take the test notification${where.length ? `; it went ${list.format(where)}` : ''}. See the last delivery below.`,
      ok: false,
    };
  if (!where.length) return { message: 'Nothing was sent: every channel is off in your notification choices (Settings → Privacy).', ok: false };
  return { message: `A test notification was sent ${list.format(where)}.`, ok: true };
}

function ConnectedWebhook({ webhook }: { webhook: SlackWebhook }) {
  const test = useSendSlackTestMessage();
  const selfTest = useSendTestNotification();
  const remove = useRemoveSlackWebhook();
  const [confirming, setConfirming] = useState(false);
  const busy = test.isPending || selfTest.isPending || remove.isPending;
  const failed = (error: Error) => showAlert(error.message, 'error');

  return (
    <>
      <dl className="slack-status">
        <dt>Webhook</dt>
        <dd>
          Connected: the URL ends in <code>{webhook.webhook_hint}</code> (the rest is kept secret).
        </dd>
        {webhook.channel_label && (
          <>
            <dt>Channel</dt>
            <dd>{webhook.channel_label}</dd>
          </>
        )}
        <dt>Last delivery</dt>
        <dd>
          {webhook.last_error && webhook.last_error_at ? (
            <span className="slack-error">
              Failed {formatDateTime(webhook.last_error_at)}: {webhook.last_error}
            </span>
          ) : webhook.last_success_at ? (
            `Delivered ${formatDateTime(webhook.last_success_at)}.`
          ) : (
            'Nothing posted yet.'
          )}
        </dd>
      </dl>
      <div className="slack-actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-busy={test.isPending || undefined}
          onClick={() => test.mutate(undefined, { onSuccess: (r) => showAlert(r.message, r.delivered ? 'success' : 'error'), onError: failed })}
        >
          {test.isPending ? 'Sending…' : 'Send a test message'}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          aria-busy={selfTest.isPending || undefined}
          onClick={() =>
            selfTest.mutate(undefined, {
              onSuccess: (r) => {
                const d = describeTest(r);
                showAlert(d.message, d.ok ? 'success' : 'warning');
              },
              onError: failed,
            })
          }
        >
          {selfTest.isPending ? 'Sending…' : 'Send me a test notification'}
        </button>
        {!confirming && (
          <button type="button" className="button button-ghost" disabled={busy} onClick={() => setConfirming(true)}>
            Disconnect Slack
          </button>
        )}
      </div>
      {confirming && (
        <div className="slack-actions" role="group" aria-label="Disconnect Slack?">
          <p className="muted">Notifications stop going to Slack; the webhook URL is deleted here (it stays valid in Slack until you remove it there).</p>
          <button
            type="button"
            className="button button-danger"
            disabled={busy}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  setConfirming(false);
                  showAlert('Slack was disconnected.', 'success');
                },
                onError: failed,
              })
            }
          >
            {remove.isPending ? 'Disconnecting…' : 'Yes, disconnect'}
          </button>
          <button type="button" className="button button-secondary" disabled={remove.isPending} onClick={() => setConfirming(false)}>
            Keep Slack
          </button>
        </div>
      )}
      <h3>Replace the webhook</h3>
      <WebhookForm connected />
    </>
  );
}

/** /admin/integrations: the organization's Slack incoming webhook for notifications. */
export function SlackSettings() {
  const { data: webhook } = useSuspenseQuery(slackWebhookQueryOptions);
  const headingId = useId();
  return (
    <section className="settings-section slack-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Slack notifications</h2>
      <p className="muted">
        Teamlens posts to one Slack channel and mentions each person who chose Slack in their notification choices (by their Slack member id when their profile
        has one). Slack gets the title and a link only; the details stay in Teamlens.
      </p>
      {webhook ? <ConnectedWebhook webhook={webhook} /> : <WebhookForm connected={false} />}
    </section>
  );
}
