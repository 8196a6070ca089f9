import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/states.js';
import { formatDateTime, formatDay } from '../../../shared/format.js';
import { showAlert } from '../../lib/alerts.js';
import { PERSPECTIVE_LABELS } from '../../../shared/review-template.schemas.js';
import { CYCLE_STATUS_LABELS } from '../review-cycles/review-cycles.search.js';
import { ConfirmDialog } from '../review-cycles/review-cycle-dialogs.js';
import { automationRulesQueryOptions, automationRunsQueryOptions, useDeleteRule, useSetRuleActive, type AutomationRule } from './review-automation.api.js';
import { RuleForm, type Option, type TemplateOption } from './review-automation-form.js';
import { SprintsSection } from './review-automation-sprints.js';
import { ReminderSettingsSection } from './review-automation-reminders.js';
import './review-automation.css';

function describe(rule: AutomationRule): string {
  if (rule.type === 'REPEAT') return `Every ${rule.every_count === 1 ? 'month' : `${rule.every_count} months`} from ${formatDay(rule.anchor_on)}`;
  if (rule.type === 'AFTER_START') return `${rule.every_count} days after each new person starts`;
  return 'When each sprint of the team ends';
}

function Runs({ ruleId }: { ruleId: string }) {
  const { data, isPending, isError } = useQuery(automationRunsQueryOptions(ruleId));
  if (isPending) return <p role="status">Loading cycles…</p>;
  if (isError) return <p role="alert">The cycles could not be loaded. Try again.</p>;
  if (!data.length) return <p>No cycle created yet.</p>;
  return (
    <ul className="ra-runs" aria-label="Created cycles">
      {data.map((r) => (
        <li key={r.id}>
          {formatDateTime(r.created_at)}:{' '}
          {r.cycle ? <><Link to="/reviews" search={{ id: r.cycle.id }}>{r.cycle.name}</Link> ({CYCLE_STATUS_LABELS[r.cycle.status]})</> : <span>Skipped: {r.skipped_reason ?? 'the cycle was deleted.'}</span>}
        </li>
      ))}
    </ul>
  );
}

function RuleCard({ rule, onEdit, onDelete }: { rule: AutomationRule; onEdit: () => void; onDelete: () => void }) {
  const [showRuns, setShowRuns] = useState(false);
  const setActive = useSetRuleActive();
  const who = [...rule.teams.map((t) => t.name), ...rule.people.map((p) => p.full_name)].join(', ') || 'Everyone';
  async function toggle() {
    try {
      await setActive.mutateAsync({ id: rule.id, active: !rule.active });
      showAlert(rule.active ? `${rule.name} is paused.` : `${rule.name} is running again. What fell due while paused is skipped.`, 'success');
    } catch (err) {
      showAlert(err instanceof Error ? err.message : 'Something went wrong. Try again.', 'error');
    }
  }
  return (
    <li className="ra-rule">
      <h3>{rule.name}<span className={rule.active ? 'ra-badge' : 'ra-badge paused'}>{rule.active ? 'Active' : 'Paused'}</span></h3>
      <dl className="ra-meta">
        <div><dt>When</dt><dd>{describe(rule)}</dd></div>
        <div><dt>For</dt><dd>{who}</dd></div>
        <div><dt>Template</dt><dd>{rule.template_name ?? 'Deleted template'}</dd></div>
        <div><dt>Perspectives</dt><dd>{rule.perspectives.map((p) => PERSPECTIVE_LABELS[p]).join(', ')}</dd></div>
        <div><dt>Next run</dt><dd>{rule.active ? (rule.next_run_at ? formatDateTime(rule.next_run_at) : 'Nothing planned yet') : 'Paused'}</dd></div>
        <div><dt>Cycles created</dt><dd>{rule.run_count}</dd></div>
      </dl>
      <p className="field-hint">{rule.starts_as_draft ? 'Cycles start as drafts for peer nominations.' : 'Cycles launch at once.'}</p>
      <div className="ra-actions">
        <button type="button" className="button button-secondary" onClick={onEdit}>Edit</button>
        <button type="button" className="button button-secondary" disabled={setActive.isPending} onClick={() => void toggle()}>{rule.active ? 'Pause' : 'Resume'}</button>
        <button type="button" className="button button-ghost" onClick={onDelete}>Delete</button>
        <button type="button" className="button button-ghost" aria-expanded={showRuns} onClick={() => setShowRuns(!showRuns)}>{showRuns ? 'Hide cycles' : 'Show cycles'}</button>
      </div>
      {showRuns && <Runs ruleId={rule.id} />}
    </li>
  );
}

/** /reviews/automation: rules that start review cycles by themselves, and the teams' sprints. */
export function ReviewAutomationPage({ teams, people, templates }: { teams: Option[]; people: Option[]; templates: TemplateOption[] }) {
  const { data: rules } = useSuspenseQuery(automationRulesQueryOptions);
  const [editing, setEditing] = useState<AutomationRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AutomationRule | null>(null);
  const remove = useDeleteRule();
  return (
    <div className="page">
      <h1>Review automation</h1>
      <p>Rules start review cycles on a schedule, some days after a person starts, or at the end of each sprint. Each period gets one cycle, also after the server was down; people excluded from review automation are skipped.</p>
      {editing ? (
        <RuleForm key={editing === 'new' ? 'new' : editing.id} rule={editing === 'new' ? null : editing} teams={teams} people={people} templates={templates} onDone={() => setEditing(null)} />
      ) : (
        <div className="ra-actions"><button type="button" className="button" onClick={() => setEditing('new')}>New rule</button></div>
      )}
      <section className="ra-section" aria-labelledby="ra-rules-title">
        <h2 id="ra-rules-title">Rules</h2>
        {rules.length === 0 ? <EmptyState title="No automation rules yet">Create a rule to start review cycles by themselves.</EmptyState> : (
          <ul className="ra-list" aria-label="Automation rules">
            {rules.map((r) => <RuleCard key={r.id} rule={r} onEdit={() => setEditing(r)} onDelete={() => setDeleting(r)} />)}
          </ul>
        )}
      </section>
      <SprintsSection teams={teams} />
      <ReminderSettingsSection />
      {deleting && (
        <ConfirmDialog title={`Delete ${deleting.name}?`} description="No more cycles will be created by this rule. Cycles it already created stay." confirmLabel="Delete rule" busyLabel="Deleting…"
          onConfirm={async () => { await remove.mutateAsync(deleting.id); showAlert(`${deleting.name} was deleted.`, 'success'); }} onClose={() => setDeleting(null)} />
      )}
    </div>
  );
}
