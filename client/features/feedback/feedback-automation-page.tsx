import { useSuspenseQuery } from '@tanstack/react-query';
import { AlertDialog } from '../../components/ui/dialog.js';
import { useState } from 'react';
import { FormError } from '../../components/ui/field.js';
import { EmptyState } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import { FeedbackRuleDialog, type FeedbackAutomationTeam } from './feedback-automation-form.js';
import {
  describeFeedbackTrigger, describeResponders, feedbackAutomationRulesQueryOptions, feedbackAutomationTemplatesQueryOptions,
  useDeleteFeedbackRule, useSetFeedbackRulePaused,
} from './feedback-automation.api.js';
import type { FeedbackAutomationRule } from './feedback.types.js';
import './feedback-progress.css';
import { formatWeekdayDateTime } from '../../../shared/format.js';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Try again.');

function nextRun(rule: FeedbackAutomationRule): string {
  if (rule.paused) return 'Paused';
  if (rule.next_run_at) return formatWeekdayDateTime(rule.next_run_at);
  if (rule.trigger === 'SPRINT_END') return 'When the next sprint ends';
  if (rule.trigger === 'START_DATE') return 'When someone reaches the day';
  return 'Nothing planned';
}

function RuleCard({ rule, onEdit, onDelete }: { rule: FeedbackAutomationRule; onEdit: () => void; onDelete: () => void }) {
  const setPaused = useSetFeedbackRulePaused();
  const words = describeFeedbackTrigger(rule);
  async function toggle() {
    try {
      await setPaused.mutateAsync({ id: rule.id, paused: !rule.paused });
      showAlert(rule.paused ? `${words}: running again. Periods missed while paused are skipped.` : `${words}: paused.`, 'success');
    } catch (err) {
      showAlert(messageOf(err), 'error');
    }
  }
  return (
    <li className="fa-rule">
      <h2>{words}<span className={rule.paused ? 'fa-badge paused' : 'fa-badge'}>{rule.paused ? 'Paused' : 'Active'}</span></h2>
      <dl className="fa-meta">
        <div><dt>For</dt><dd>{rule.team?.name ?? 'The whole organization'}</dd></div>
        <div><dt>Template</dt><dd>{rule.template?.name ?? 'Deleted template: no requests until another is chosen'}</dd></div>
        <div><dt>Who is asked</dt><dd>{describeResponders(rule)}</dd></div>
        <div><dt>Last run</dt><dd>{rule.last_run_at ? formatWeekdayDateTime(rule.last_run_at) : 'Not yet'}</dd></div>
        <div><dt>Next run</dt><dd>{nextRun(rule)}</dd></div>
        <div><dt>Requests created</dt><dd>{rule.requests_created}</dd></div>
      </dl>
      <div className="fa-actions">
        <button type="button" className="button button-secondary" onClick={onEdit} aria-label={`Edit: ${words}`}>Edit</button>
        <button type="button" className="button button-secondary" disabled={setPaused.isPending} onClick={() => void toggle()} aria-label={`${rule.paused ? 'Resume' : 'Pause'}: ${words}`}>
          {rule.paused ? 'Resume' : 'Pause'}
        </button>
        <button type="button" className="button button-ghost" onClick={onDelete} aria-label={`Delete: ${words}`}>Delete</button>
      </div>
    </li>
  );
}

function DeleteRule({ rule, onClose }: { rule: FeedbackAutomationRule; onClose: () => void }) {
  const remove = useDeleteFeedbackRule();
  const [error, setError] = useState<string | null>(null);
  const words = describeFeedbackTrigger(rule);
  async function confirm() {
    setError(null);
    try {
      await remove.mutateAsync(rule.id);
      showAlert(`${words}: the rule was deleted.`, 'success');
      onClose();
    } catch (err) {
      setError(messageOf(err));
    }
  }
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>Delete this rule?</AlertDialog.Title>
          <AlertDialog.Description>{words}: no more requests will be sent by it. Requests it already sent, and their answers, stay.</AlertDialog.Description>
          <FormError message={error} />
          <div className="dialog-actions">
            <AlertDialog.Cancel className="button button-secondary">Cancel</AlertDialog.Cancel>
            <button type="button" className="button" disabled={remove.isPending} aria-busy={remove.isPending || undefined} onClick={() => void confirm()}>
              {remove.isPending ? 'Deleting…' : 'Delete rule'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** /continuous-feedback/automation: rules that ask for feedback by themselves, per team or for the whole organization. */
export function FeedbackAutomationPage({ teams, wholeOrganization }: { teams: FeedbackAutomationTeam[]; wholeOrganization: boolean }) {
  const { data: rules } = useSuspenseQuery(feedbackAutomationRulesQueryOptions);
  const { data: templates } = useSuspenseQuery(feedbackAutomationTemplatesQueryOptions);
  const [editing, setEditing] = useState<FeedbackAutomationRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FeedbackAutomationRule | null>(null);
  const canCreate = wholeOrganization || teams.length > 0;
  const sorted = [...rules].sort((a, b) => (a.team?.name ?? '').localeCompare(b.team?.name ?? '') || a.id.localeCompare(b.id));
  return (
    <div className="page fa-page">
      <h1>Feedback automation</h1>
      <p>Ask for feedback by itself: after each sprint of a team, every month, or some days after a person starts. Each period sends its requests exactly once, also after the server was down, and people who have not answered are reminded once.</p>
      {canCreate
        ? <div className="fa-actions"><button type="button" className="button" onClick={() => setEditing('new')}>New rule</button></div>
        : <p className="muted">You manage or lead no team, so there is no team to automate.</p>}
      {sorted.length === 0 ? (
        <EmptyState title="No feedback rules yet">Create a rule to ask for feedback regularly.</EmptyState>
      ) : (
        <ul className="fa-list" aria-label="Feedback rules">
          {sorted.map((r) => <RuleCard key={r.id} rule={r} onEdit={() => setEditing(r)} onDelete={() => setDeleting(r)} />)}
        </ul>
      )}
      {editing && (
        <FeedbackRuleDialog key={editing === 'new' ? 'new' : editing.id} rule={editing === 'new' ? null : editing} teams={teams}
          wholeOrganization={wholeOrganization} templates={templates} onClose={() => setEditing(null)} />
      )}
      {deleting && <DeleteRule rule={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}
