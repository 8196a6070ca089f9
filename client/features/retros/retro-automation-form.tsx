import { useState } from 'react';
import { z } from 'zod';
import { DateField } from '../../components/ui/date-field.js';
import { Field } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { RETRO_LIMITS, type RetroAutomationTrigger } from '../../../shared/retros.js';
import { RETRO_AUTOMATION_LIMITS, retroAutomationRuleSchema } from '../../../shared/retros.automation.js';
import { RuleDialog, selectErrors, useRuleForm } from '../automation/automation-form.js';
import { retroRuleMutations, type RetroAutomationRule, type RetroChoice } from './retro-automation.api.js';
import { describeTrigger, instantOf, localParts } from './retro-automation-words.js';

export type AutomationTeam = { id: string; name: string; people: Array<{ id: string; full_name: string }> };

type Props = { rule: RetroAutomationRule | null; teams: AutomationTeam[]; templates: RetroChoice[]; healthChecks: RetroChoice[]; onClose: () => void };

const A = RETRO_AUTOMATION_LIMITS;
const numberOrNull = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : null);
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Create or edit a rule in a dialog: the team, when retros are made, with which template, who runs them, and async deadlines. */
export function RetroRuleDialog({ rule, teams, templates, healthChecks, onClose }: Props) {
  const save = retroRuleMutations.useSaveRule();
  const [teamId, setTeamId] = useState(rule?.team.id ?? teams[0]?.id ?? '');
  const [trigger, setTrigger] = useState<RetroAutomationTrigger>(rule?.trigger ?? 'SPRINT_END');
  const [async, setAsync] = useState(rule ? rule.reflect_hours !== null : false);
  const anchor = localParts(rule?.anchor_at ?? null);
  const team = teams.find((t) => t.id === teamId);
  const facilitators = [...(team?.people ?? [])];
  if (rule?.facilitator && rule.team.id === teamId && !facilitators.some((p) => p.id === rule.facilitator!.id)) facilitators.push(rule.facilitator);

  // The form's text becomes the API's input; the shared schema then checks it as the server will.
  const schema = z.preprocess((raw) => {
    const r = raw as Record<string, unknown>;
    return {
      team_id: teamId,
      trigger,
      every_weeks: trigger === 'CADENCE' ? numberOrNull(r.every_weeks) : null,
      anchor_at: trigger === 'CADENCE' && text(r.anchor_at) ? instantOf(text(r.anchor_at), text(r.anchor_time)) : null,
      template_id: text(r.template_id),
      health_check_id: text(r.health_check_id) || null,
      facilitator_id: text(r.facilitator_id) || null,
      anonymous: r.anonymous === 'on',
      max_votes: numberOrNull(r.max_votes),
      max_votes_per_group: numberOrNull(r.max_votes_per_group),
      reflect_hours: async ? numberOrNull(r.reflect_hours) : null,
      vote_hours: async ? numberOrNull(r.vote_hours) : null,
    };
  }, retroAutomationRuleSchema);
  const form = useRuleForm(
    schema,
    (input) => save.mutateAsync({ id: rule?.id ?? null, input }),
    (saved) => {
      showAlert(`${describeTrigger(saved)}: ${rule ? 'saved' : 'the rule is running'}.`, 'success');
      onClose();
    },
  );
  const e = form.fieldErrors;
  const { props: selectError, message: errorOf } = selectErrors('rauto', e);

  return (
    <RuleDialog
      title={rule ? 'Edit retro rule' : 'New retro rule'}
      description="Each sprint end or cadence period gets one retro, made by the server, and the team is told."
      form={form}
      editing={!!rule}
      onClose={onClose}
    >
      <div className="field">
        <label htmlFor="rauto-team">Team</label>
        <select id="rauto-team" name="team_id" value={teamId} onChange={(ev) => setTeamId(ev.target.value)} {...selectError('team_id')}>
          {teams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
        {errorOf('team_id')}
      </div>
      <fieldset className="automation-fieldset">
        <legend>Make a retro</legend>
        <label className="checkbox">
          <input type="radio" name="trigger" value="SPRINT_END" checked={trigger === 'SPRINT_END'} onChange={() => setTrigger('SPRINT_END')} />
          After every sprint of the team
        </label>
        <label className="checkbox">
          <input type="radio" name="trigger" value="CADENCE" checked={trigger === 'CADENCE'} onChange={() => setTrigger('CADENCE')} />
          On a cadence
        </label>
        {trigger === 'SPRINT_END' && <p className="field-hint">Sprints are planned under Review automation; a retro is made when each one ends.</p>}
      </fieldset>
      {trigger === 'CADENCE' && (
        <div className="automation-grid">
          <Field
            label="Every (weeks)"
            name="every_weeks"
            type="number"
            inputMode="numeric"
            min={A.everyWeeksMin}
            max={A.everyWeeksMax}
            defaultValue={rule?.every_weeks ?? A.everyWeeksDefault}
            error={e.every_weeks}
          />
          <DateField label="First retro on" name="anchor_at" defaultValue={anchor.day} error={e.anchor_at} />
          <Field label="At (your time)" name="anchor_time" type="time" defaultValue={anchor.time} />
        </div>
      )}
      <div className="automation-grid">
        <div className="field">
          <label htmlFor="rauto-template">Template</label>
          <select id="rauto-template" name="template_id" defaultValue={rule?.template?.id ?? templates[0]?.id ?? ''} {...selectError('template_id')}>
            {rule?.template && !templates.some((t) => t.id === rule.template!.id) && <option value={rule.template.id}>{rule.template.name} (archived)</option>}
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
          {errorOf('template_id')}
        </div>
        <div className="field">
          <label htmlFor="rauto-health">Health check</label>
          <select id="rauto-health" name="health_check_id" defaultValue={rule?.health_check?.id ?? ''} {...selectError('health_check_id')}>
            <option value="">No health check</option>
            {healthChecks.map((h) => (
              <option key={h.id} value={h.id}>
                {h.name}
              </option>
            ))}
          </select>
          {errorOf('health_check_id')}
        </div>
        <div className="field">
          <label htmlFor="rauto-facilitator">Facilitator</label>
          <select
            id="rauto-facilitator"
            name="facilitator_id"
            key={teamId}
            defaultValue={rule?.team.id === teamId ? (rule.facilitator?.id ?? '') : ''}
            {...selectError('facilitator_id')}
          >
            <option value="">The team’s manager or lead</option>
            {facilitators.map((p) => (
              <option key={p.id} value={p.id}>
                {p.full_name}
              </option>
            ))}
          </select>
          {errorOf('facilitator_id')}
        </div>
      </div>
      <label className="checkbox">
        <input type="checkbox" name="anonymous" defaultChecked={rule?.anonymous ?? true} />
        Anonymous reflections
      </label>
      <div className="automation-grid">
        <Field
          label="Votes per person"
          name="max_votes"
          type="number"
          inputMode="numeric"
          min={1}
          max={RETRO_LIMITS.votesMax}
          defaultValue={rule?.max_votes ?? RETRO_LIMITS.votesDefault}
          error={e.max_votes}
        />
        <Field
          label="Votes per group"
          name="max_votes_per_group"
          type="number"
          inputMode="numeric"
          min={1}
          max={RETRO_LIMITS.votesMax}
          defaultValue={rule?.max_votes_per_group ?? RETRO_LIMITS.votesPerGroupDefault}
          error={e.max_votes_per_group}
        />
      </div>
      <fieldset className="automation-fieldset">
        <legend>Async</legend>
        <label className="checkbox">
          <input type="checkbox" checked={async} onChange={(ev) => setAsync(ev.target.checked)} />
          Reflect and vote without a meeting: each closes by itself
        </label>
        {async && (
          <div className="automation-grid">
            <Field
              label="Hours to reflect"
              name="reflect_hours"
              type="number"
              inputMode="numeric"
              min={A.hoursMin}
              max={A.hoursMax}
              defaultValue={rule?.reflect_hours ?? 48}
              error={e.reflect_hours}
            />
            <Field
              label="Hours to vote"
              name="vote_hours"
              type="number"
              inputMode="numeric"
              min={A.hoursMin}
              max={A.hoursMax}
              defaultValue={rule?.vote_hours ?? 24}
              error={e.vote_hours}
            />
          </div>
        )}
        <p className="field-hint" aria-live="polite">
          {async
            ? 'The retro opens at once for writing; reflecting, then voting close at their deadlines, and the facilitator leads the discussion later.'
            : 'A live meeting: the facilitator moves through the phases.'}
        </p>
      </fieldset>
    </RuleDialog>
  );
}
