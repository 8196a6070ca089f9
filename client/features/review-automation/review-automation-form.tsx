import { useState } from 'react';
import { z } from 'zod';
import { DateField } from '../../components/ui/date-field.js';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import {
  REVIEW_AUTOMATION_LIMITS,
  REVIEW_AUTOMATION_RULE_TYPES,
  REVIEW_AUTOMATION_RULE_TYPE_LABELS,
  needsNominations,
  reviewAutomationRuleSchema,
  type ReviewAutomationRuleType,
} from '../../../shared/review-automation.schemas.js';
import { REVIEW_CYCLE_DEFAULTS, REVIEW_CYCLE_LIMITS, peerThresholdWarning } from '../../../shared/review-cycle.schemas.js';
import { PeerThresholdWarning } from '../review-cycles/review-cycle-readiness.js';
import { PERSPECTIVES, PERSPECTIVE_LABELS, type Perspective } from '../../../shared/review-template.schemas.js';
import { useRuleForm } from '../automation/automation-form.js';
import { reviewRuleMutations, type AutomationRule } from './review-automation.api.js';
import './review-automation.css';

export type Option = { id: string; name: string };
export type TemplateOption = Option & { review_type: string };

type Props = { rule: AutomationRule | null; teams: Option[]; people: Option[]; templates: TemplateOption[]; onDone: () => void };

/** Create or edit a rule: when cycles start, for whom, with which template and cycle settings. */
export function RuleForm({ rule, teams, people, templates, onDone }: Props) {
  const save = reviewRuleMutations.useSaveRule();
  const [type, setType] = useState<ReviewAutomationRuleType>(rule?.type ?? 'REPEAT');
  const [teamIds, setTeamIds] = useState<string[]>(rule?.team_ids ?? []);
  const [userIds, setUserIds] = useState<string[]>(rule?.user_ids ?? []);
  const [perspectives, setPerspectives] = useState<Perspective[]>(rule?.perspectives ?? ['SELF', 'MANAGER']);
  const [minPeers, setMinPeers] = useState(String(rule?.min_peers ?? 0));
  const [threshold, setThreshold] = useState(String(rule?.anonymity_threshold ?? REVIEW_CYCLE_DEFAULTS.anonymity_threshold));
  const usable = templates.filter((t) => t.review_type === 'any' || t.review_type === (type === 'SPRINT_END' ? 'sprint' : '360'));

  // Chosen teams, people and perspectives live in state; everything else is read from the form.
  const schema = z.preprocess(
    (raw) => ({ ...(raw as Record<string, unknown>), type, team_ids: teamIds, user_ids: type === 'REPEAT' ? userIds : [], perspectives }),
    reviewAutomationRuleSchema,
  );
  const form = useRuleForm(
    schema,
    (input) => save.mutateAsync({ id: rule?.id ?? null, input }),
    (saved) => {
      showAlert(rule ? `${saved.name} was saved.` : `${saved.name} was created.`, 'success');
      onDone();
    },
  );
  const e = form.fieldErrors;
  const toggle = <T extends string>(list: T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));
  const drafts = needsNominations({ perspectives, min_peers: Number(minPeers) || 0 });

  return (
    <form className="ra-form" aria-label={rule ? `Edit ${rule.name}` : 'New automation rule'} onSubmit={form.onSubmit} noValidate>
      <Field label="Name" name="name" defaultValue={rule?.name} maxLength={REVIEW_AUTOMATION_LIMITS.nameMax} error={e.name} autoFocus />
      <div className="ra-grid">
        <div className="field">
          <label htmlFor="ra-type">Start cycles</label>
          <select id="ra-type" value={type} onChange={(ev) => setType(ev.target.value as ReviewAutomationRuleType)}>
            {REVIEW_AUTOMATION_RULE_TYPES.map((t) => (
              <option key={t} value={t}>
                {REVIEW_AUTOMATION_RULE_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ra-template">Template</label>
          <select
            id="ra-template"
            name="template_id"
            key={type}
            defaultValue={rule?.type === type ? (rule.template_id ?? '') : ''}
            aria-invalid={e.template_id ? true : undefined}
            aria-describedby={e.template_id ? 'ra-template-error' : undefined}
          >
            <option value="">{type === 'SPRINT_END' ? 'Built-in sprint review' : 'Choose a template'}</option>
            {usable.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
          {e.template_id && (
            <p id="ra-template-error" className="field-error">
              {e.template_id}
            </p>
          )}
        </div>
      </div>
      {type === 'REPEAT' && (
        <div className="ra-grid">
          <Field
            label="Every (months)"
            name="every_count"
            type="number"
            inputMode="numeric"
            min={1}
            max={REVIEW_AUTOMATION_LIMITS.monthsMax}
            defaultValue={rule?.every_count ?? 3}
            error={e.every_count}
          />
          <DateField label="First cycle on" name="anchor_on" defaultValue={rule?.anchor_on ?? ''} error={e.anchor_on} />
        </div>
      )}
      {type === 'AFTER_START' && (
        <Field
          label="Days after the start date"
          name="every_count"
          type="number"
          inputMode="numeric"
          min={1}
          max={REVIEW_AUTOMATION_LIMITS.daysAfterStartMax}
          defaultValue={rule?.every_count ?? 90}
          error={e.every_count}
          hint="The start date is the day the person was added to Teamlens."
        />
      )}
      <fieldset className="ra-fieldset" aria-describedby={e.team_ids ? 'ra-teams-error' : undefined}>
        <legend>{type === 'SPRINT_END' ? 'Team (one)' : type === 'AFTER_START' ? 'Teams (none: everyone)' : 'Teams'}</legend>
        {teams.length === 0 && <p className="field-hint">No teams yet.</p>}
        <div className="ra-checks">
          {teams.map((t) => (
            <label key={t.id} className="checkbox">
              <input type="checkbox" checked={teamIds.includes(t.id)} onChange={(ev) => setTeamIds(toggle(teamIds, t.id, ev.target.checked))} />
              {t.name}
            </label>
          ))}
        </div>
        {e.team_ids && (
          <p id="ra-teams-error" className="field-error">
            {e.team_ids}
          </p>
        )}
      </fieldset>
      {type === 'REPEAT' && people.length > 0 && (
        <div className="field">
          <label htmlFor="ra-people">People (besides the teams)</label>
          <select
            id="ra-people"
            multiple
            size={Math.min(6, Math.max(2, people.length))}
            value={userIds}
            onChange={(ev) => setUserIds([...ev.target.selectedOptions].map((o) => o.value))}
          >
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <fieldset className="ra-fieldset">
        <legend>Perspectives</legend>
        <div className="ra-checks">
          {PERSPECTIVES.map((p) => (
            <label key={p} className="checkbox">
              <input
                type="checkbox"
                checked={perspectives.includes(p)}
                onChange={(ev) => {
                  setPerspectives(PERSPECTIVES.filter((x) => (x === p ? ev.target.checked : perspectives.includes(x))));
                  // Turning peers on starts from the consistent default: as many peers as the threshold (docs/decisions/0031).
                  if (p === 'PEER' && ev.target.checked && (Number(minPeers) || 0) === 0) setMinPeers(threshold || String(REVIEW_CYCLE_DEFAULTS.min_peers));
                }}
              />
              {PERSPECTIVE_LABELS[p]}
            </label>
          ))}
        </div>
        {e.perspectives && <p className="field-error">{e.perspectives}</p>}
      </fieldset>
      <div className="ra-grid">
        <Field
          label="Minimum peers"
          name="min_peers"
          type="number"
          inputMode="numeric"
          min={0}
          max={REVIEW_CYCLE_LIMITS.peersMax}
          value={minPeers}
          onChange={(ev) => setMinPeers(ev.target.value)}
          error={e.min_peers}
        />
        <Field
          label="Maximum peers"
          name="max_peers"
          type="number"
          inputMode="numeric"
          min={1}
          max={REVIEW_CYCLE_LIMITS.peersMax}
          defaultValue={rule?.max_peers ?? REVIEW_CYCLE_DEFAULTS.max_peers}
          error={e.max_peers}
        />
        <Field
          label="Anonymity threshold"
          name="anonymity_threshold"
          type="number"
          inputMode="numeric"
          min={REVIEW_CYCLE_LIMITS.thresholdMin}
          max={REVIEW_CYCLE_LIMITS.thresholdMax}
          value={threshold}
          onChange={(ev) => setThreshold(ev.target.value)}
          error={e.anonymity_threshold}
        />
      </div>
      <PeerThresholdWarning
        warning={peerThresholdWarning({
          perspectives,
          min_peers: Number(minPeers) || 0,
          anonymity_threshold: Number(threshold) || REVIEW_CYCLE_DEFAULTS.anonymity_threshold,
        })}
      />
      <div className="ra-grid">
        <Field
          label="Days to nominate peers"
          name="nomination_days"
          type="number"
          inputMode="numeric"
          min={0}
          max={REVIEW_AUTOMATION_LIMITS.phaseDaysMax}
          defaultValue={rule?.nomination_days ?? 7}
          error={e.nomination_days}
        />
        <Field
          label="Days to write reviews"
          name="review_days"
          type="number"
          inputMode="numeric"
          min={1}
          max={REVIEW_AUTOMATION_LIMITS.phaseDaysMax}
          defaultValue={rule?.review_days ?? 14}
          error={e.review_days}
        />
        <Field
          label="Days until results are released (optional)"
          name="release_days"
          type="number"
          inputMode="numeric"
          min={0}
          max={REVIEW_AUTOMATION_LIMITS.phaseDaysMax}
          defaultValue={rule?.release_days ?? ''}
          error={e.release_days}
        />
      </div>
      <p className="field-hint" aria-live="polite">
        {drafts
          ? 'Cycles start as drafts: people nominate peers, then whoever runs the cycle launches it.'
          : 'Cycles launch at once: nobody has peers to nominate.'}
      </p>
      <FormError message={form.formError} />
      <div className="ra-actions">
        <SubmitButton sending={form.sending} sendingText="Saving…">
          {rule ? 'Save rule' : 'Create rule'}
        </SubmitButton>
        <button type="button" className="button button-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
