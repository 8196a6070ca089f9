import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AlertDialog } from '../../components/ui/dialog.js';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/states.js';
import { FormError } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { RETRO_PHASE_LABELS } from '../../../shared/retros.js';
import {
  retroAutomationChoicesQueryOptions, retroAutomationRulesQueryOptions, useDeleteRetroRule, useSetRetroRulePaused, type RetroAutomationRule,
} from './retro-automation.api.js';
import { RetroRuleDialog, type AutomationTeam } from './retro-automation-form.js';
import { describeTrigger } from './retro-automation-words.js';
import './retro-automation.css';
import { formatWeekdayDateTime } from '../../../shared/format.js';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Try again.');

function mode(rule: RetroAutomationRule): string {
  if (rule.reflect_hours === null) return 'Live meeting';
  return `Async: ${rule.reflect_hours} h to reflect, then ${rule.vote_hours} h to vote`;
}

function RuleCard({ rule, onEdit, onDelete }: { rule: RetroAutomationRule; onEdit: () => void; onDelete: () => void }) {
  const setPaused = useSetRetroRulePaused();
  const words = describeTrigger(rule);
  async function toggle() {
    try {
      await setPaused.mutateAsync({ id: rule.id, paused: !rule.paused });
      showAlert(rule.paused ? `${words}: running again. What fell due while paused is skipped.` : `${words}: paused.`, 'success');
    } catch (err) {
      showAlert(messageOf(err), 'error');
    }
  }
  const next = rule.paused ? 'Paused' : rule.next_run_at ? formatWeekdayDateTime(rule.next_run_at) : rule.trigger === 'SPRINT_END' ? 'When the next sprint is planned' : 'Nothing planned';
  return (
    <li className="rauto-rule">
      <h3>{words}<span className={rule.paused ? 'rauto-badge paused' : 'rauto-badge'}>{rule.paused ? 'Paused' : 'Active'}</span></h3>
      <dl className="rauto-meta">
        <div><dt>Next retro</dt><dd>{next}</dd></div>
        <div><dt>Template</dt><dd>{rule.template ? `${rule.template.name}${rule.template.archived ? ' (archived: no retros until it is restored or changed)' : ''}` : 'Deleted template'}</dd></div>
        <div><dt>Health check</dt><dd>{rule.health_check?.name ?? 'None'}</dd></div>
        <div><dt>Facilitator</dt><dd>{rule.facilitator?.full_name ?? 'The team’s manager or lead'}</dd></div>
        <div><dt>Format</dt><dd>{mode(rule)}</dd></div>
        <div><dt>Reflections</dt><dd>{rule.anonymous ? 'Anonymous' : 'Signed'}</dd></div>
        <div><dt>Votes</dt><dd>{rule.max_votes} per person, {rule.max_votes_per_group} per group</dd></div>
      </dl>
      <div className="rauto-actions">
        <button type="button" className="button button-secondary" onClick={onEdit} aria-label={`Edit: ${words}`}>Edit</button>
        <button type="button" className="button button-secondary" disabled={setPaused.isPending} onClick={() => void toggle()} aria-label={`${rule.paused ? 'Resume' : 'Pause'}: ${words}`}>
          {rule.paused ? 'Resume' : 'Pause'}
        </button>
        <button type="button" className="button button-ghost" onClick={onDelete} aria-label={`Delete: ${words}`}>Delete</button>
      </div>
      <section aria-label={`Retros made by: ${words}`}>
        <h4 className="rauto-subtitle">Latest retros</h4>
        {rule.retros.length === 0 ? <p className="muted">None yet.</p> : (
          <ul className="rauto-retros">
            {rule.retros.map((r) => (
              <li key={r.id}>
                <Link to="/professional-development/sprint-retro/review/$id" params={{ id: r.id }}>{r.title}</Link>
                <span className="muted"> · {formatWeekdayDateTime(r.scheduled_at)} · {RETRO_PHASE_LABELS[r.phase]}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </li>
  );
}

function DeleteRule({ rule, onClose }: { rule: RetroAutomationRule; onClose: () => void }) {
  const remove = useDeleteRetroRule();
  const [error, setError] = useState<string | null>(null);
  const words = describeTrigger(rule);
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
          <AlertDialog.Description>{words} ({rule.team.name}): no more retros will be made by it. Retros it already made stay.</AlertDialog.Description>
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

/** /professional-development/sprint-retro/automation: rules that make a team's retros by themselves, per team. */
export function RetroAutomationPage({ teams }: { teams: AutomationTeam[] }) {
  const { data: rules } = useSuspenseQuery(retroAutomationRulesQueryOptions);
  const { data: choices } = useSuspenseQuery(retroAutomationChoicesQueryOptions);
  const [editing, setEditing] = useState<RetroAutomationRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RetroAutomationRule | null>(null);
  const byTeam = new Map<string, { name: string; rules: RetroAutomationRule[] }>();
  for (const rule of rules) {
    const entry = byTeam.get(rule.team.id) ?? { name: rule.team.name, rules: [] };
    entry.rules.push(rule);
    byTeam.set(rule.team.id, entry);
  }
  const sections = [...byTeam.entries()].sort((x, y) => x[1].name.localeCompare(y[1].name));
  return (
    <div className="page rauto-page">
      <h1>Retro automation</h1>
      <p>Make a team’s retro by itself after every sprint or every few weeks. Each sprint or period gets exactly one retro, also after the server was down, and the team is told. Async retros open at once for writing and close reflecting and voting at their deadlines.</p>
      {teams.length === 0
        ? <p className="muted">You manage or lead no team, so there is no team to automate.</p>
        : <div className="rauto-actions"><button type="button" className="button" onClick={() => setEditing('new')}>New rule</button></div>}
      {sections.length === 0 ? (
        <EmptyState title="No retro rules yet">Create a rule to make a team’s retros by themselves.</EmptyState>
      ) : sections.map(([teamId, { name, rules: teamRules }]) => (
        <section key={teamId} className="rauto-team" aria-labelledby={`rauto-team-${teamId}`}>
          <h2 id={`rauto-team-${teamId}`}>{name}</h2>
          <ul className="rauto-list" aria-label={`Rules of ${name}`}>
            {teamRules.map((r) => <RuleCard key={r.id} rule={r} onEdit={() => setEditing(r)} onDelete={() => setDeleting(r)} />)}
          </ul>
        </section>
      ))}
      {editing && (
        <RetroRuleDialog key={editing === 'new' ? 'new' : editing.id} rule={editing === 'new' ? null : editing} teams={teams}
          templates={choices.templates} healthChecks={choices.healthChecks} onClose={() => setEditing(null)} />
      )}
      {deleting && <DeleteRule rule={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}
