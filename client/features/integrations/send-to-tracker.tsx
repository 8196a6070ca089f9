import { QueryClientContext, useQuery } from '@tanstack/react-query';
import { Dialog } from '../../components/ui/dialog.js';
import { useContext, useId, useState, type FormEvent } from 'react';
import { PROVIDER_LABEL } from '../../../shared/integrations.js';
import { FormError } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { retroActionIssuesQueryOptions, trackerTargetsQueryOptions, useSendRetroActionToTracker, type TrackerTarget } from './api.js';
import './integrations.css';

/**
 * A retro action item's issue in the team's tracker: its key (a link) once sent, else "Send to tracker"
 * when a repository or project can take it. Nothing shows when no tracker is connected.
 */
export function SendToTracker(props: { retroId: string; actionItemId: string; actionText: string }) {
  // Views rendered on their own (without the app's query client) simply leave it out.
  return useContext(QueryClientContext) ? <TrackerCell {...props} /> : null;
}

function TrackerCell({ retroId, actionItemId, actionText }: { retroId: string; actionItemId: string; actionText: string }) {
  const targets = useQuery(trackerTargetsQueryOptions(retroId));
  const issues = useQuery(retroActionIssuesQueryOptions(retroId));
  const [open, setOpen] = useState(false);
  const issue = issues.data?.find((i) => i.action_item_id === actionItemId);
  if (issue) {
    const text = `${issue.key}${issue.closed_at ? ' (closed)' : ''}`;
    // A sample issue has no page outside Teamlens: its key, marked as sample data.
    if (issue.sample)
      return (
        <span className="tracker-issue">
          {text} <span className="muted">(sample data)</span>
        </span>
      );
    return issue.url ? (
      <a className="tracker-issue" href={issue.url} target="_blank" rel="noreferrer">
        {text}
        <span className="sr-only"> in {PROVIDER_LABEL[issue.provider]} (opens in a new tab)</span>
      </a>
    ) : (
      <span className="tracker-issue">{text}</span>
    );
  }
  if (!targets.data?.length) return null;
  return (
    <>
      <button
        type="button"
        className="button button-small button-secondary tracker-send"
        onClick={() => setOpen(true)}
        aria-label={`Send to tracker: ${actionText}`}
      >
        Send to tracker
      </button>
      {open && <SendDialog targets={targets.data} actionItemId={actionItemId} actionText={actionText} onClose={() => setOpen(false)} />}
    </>
  );
}

function SendDialog({
  targets,
  actionItemId,
  actionText,
  onClose,
}: {
  targets: TrackerTarget[];
  actionItemId: string;
  actionText: string;
  onClose: () => void;
}) {
  const id = useId();
  const send = useSendRetroActionToTracker();
  const [error, setError] = useState<string | null>(null);
  const ordered = [...targets].sort((a, b) => Number(b.team_owned) - Number(a.team_owned) || a.name.localeCompare(b.name));
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const scope = new FormData(event.currentTarget).get('scope_id');
    if (typeof scope !== 'string' || !scope) return;
    try {
      const issue = await send.mutateAsync({ action_item_id: actionItemId, scope_id: scope });
      showAlert(
        issue.sample
          ? `Sample issue ${issue.key} was opened in the sample data set. Nobody closes it there: mark the action item done here.`
          : `Issue ${issue.key} was opened. The action item is marked done when it closes.`,
        'success',
      );
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong.');
    }
  }
  return (
    <Dialog.Root open onOpenChange={(o) => !o && !send.isPending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog integration-dialog">
          <Dialog.Title>Send to tracker</Dialog.Title>
          <Dialog.Description className="muted">
            “{actionText}” becomes an issue there; when the issue is closed, the action item is marked done.
          </Dialog.Description>
          <form className="form" aria-label="Send to tracker" onSubmit={(e) => void onSubmit(e)}>
            <div className="field">
              <label htmlFor={id}>Repository or project</label>
              <select id={id} name="scope_id" defaultValue={ordered[0]?.scope_id}>
                {ordered.map((t) => (
                  <option key={t.scope_id} value={t.scope_id}>
                    {t.name} ({t.sample ? 'sample ' : ''}
                    {PROVIDER_LABEL[t.provider]}
                    {t.team_owned ? ', this team' : ''})
                  </option>
                ))}
              </select>
            </div>
            <FormError message={error} />
            <div className="dialog-actions">
              <button type="button" className="button button-secondary" onClick={onClose} disabled={send.isPending}>
                Cancel
              </button>
              <button type="submit" className="button" disabled={send.isPending}>
                {send.isPending ? 'Sending…' : 'Open the issue'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
