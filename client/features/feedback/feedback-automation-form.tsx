import { useState } from 'react';
import { z } from 'zod';
import { FEEDBACK_LIMITS, feedbackAutomationRuleInputSchema, type FeedbackAutomationTrigger, type FeedbackResponders } from '../../../shared/feedback.js';
import { Field } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { RuleDialog, selectErrors, useRuleForm } from '../automation/automation-form.js';
import { describeFeedbackTrigger, feedbackRuleMutations, RESPONDER_LABELS, type FeedbackTemplateChoice } from './feedback-automation.api.js';
import type { FeedbackAutomationRule } from './feedback.types.js';

export type FeedbackAutomationTeam = { id: string; name: string };

type Props = {
  rule: FeedbackAutomationRule | null;
  teams: FeedbackAutomationTeam[];
  /** Admins may make a rule for the whole organization. */
  wholeOrganization: boolean;
  templates: FeedbackTemplateChoice[];
  onClose: () => void;
};

const numberOrUndefined = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : undefined);
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const TRIGGERS: Array<{ value: FeedbackAutomationTrigger; label: string }> = [
  { value: 'SPRINT_END', label: 'After each sprint end' },
  { value: 'MONTHLY', label: 'Monthly' },
  { value: 'START_DATE', label: 'A number of days after a person’s start date' },
];

/** Create or edit a rule in a dialog: for which team, when, with which template, who is asked and how many. */
export function FeedbackRuleDialog({ rule, teams, wholeOrganization, templates, onClose }: Props) {
  const save = feedbackRuleMutations.useSaveRule();
  const [trigger, setTrigger] = useState<FeedbackAutomationTrigger>(rule?.trigger ?? 'MONTHLY');
  const [responders, setResponders] = useState<FeedbackResponders>(rule?.responders ?? 'TEAMMATES');
  const title = rule ? 'Edit feedback rule' : 'New feedback rule';

  // The form's text becomes the API's input; the shared schema then checks it as the server will.
  const schema = z.preprocess((raw) => {
    const r = raw as Record<string, unknown>;
    return {
      team_id: text(r.team_id) || null,
      trigger,
      days_after_start: trigger === 'START_DATE' ? (numberOrUndefined(r.days_after_start) ?? null) : null,
      template_id: text(r.template_id),
      responders,
      responder_count: responders === 'MANAGER' ? 1 : numberOrUndefined(r.responder_count),
    };
  }, feedbackAutomationRuleInputSchema);
  const form = useRuleForm(
    schema,
    (input) => save.mutateAsync({ id: rule?.id ?? null, input }),
    (saved) => {
      showAlert(`${describeFeedbackTrigger(saved)}: ${rule ? 'saved' : 'the rule is running'}.`, 'success');
      onClose();
    },
  );
  const e = form.fieldErrors;
  const { props: selectError, message: errorOf } = selectErrors('fa', e);
  const defaultTeam = rule ? (rule.team?.id ?? '') : wholeOrganization ? '' : (teams[0]?.id ?? '');

  return (
    <RuleDialog
      title={title}
      description={`The server sends the requests once per period, and reminds people who have not answered after ${FEEDBACK_LIMITS.reminderWorkingDays} working days.`}
      form={form}
      editing={!!rule}
      onClose={onClose}
    >
      <div className="field">
        <label htmlFor="fa-team">For</label>
        <select id="fa-team" name="team_id" defaultValue={defaultTeam} {...selectError('team_id')}>
          {(wholeOrganization || (rule && !rule.team)) && <option value="">The whole organization</option>}
          {rule?.team && !teams.some((t) => t.id === rule.team!.id) && <option value={rule.team.id}>{rule.team.name}</option>}
          {teams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
        {errorOf('team_id')}
      </div>
      <fieldset className="automation-fieldset">
        <legend>Ask for feedback</legend>
        {TRIGGERS.map((t) => (
          <label key={t.value} className="checkbox">
            <input type="radio" name="trigger" value={t.value} checked={trigger === t.value} onChange={() => setTrigger(t.value)} />
            {t.label}
          </label>
        ))}
        {trigger === 'SPRINT_END' && (
          <p className="field-hint">Sprints are planned under Review automation; requests go out when each sprint of the team ends.</p>
        )}
        {trigger === 'MONTHLY' && <p className="field-hint">Once a month, about each person of the team.</p>}
        {trigger === 'START_DATE' && (
          <Field
            label="Days after the start date"
            name="days_after_start"
            type="number"
            inputMode="numeric"
            min={1}
            max={FEEDBACK_LIMITS.daysAfterStartMax}
            defaultValue={rule?.days_after_start ?? 30}
            error={e.days_after_start}
          />
        )}
      </fieldset>
      <div className="field">
        <label htmlFor="fa-template">Template</label>
        <select id="fa-template" name="template_id" defaultValue={rule?.template?.id ?? templates[0]?.id ?? ''} {...selectError('template_id')}>
          {rule?.template && !templates.some((t) => t.id === rule.template!.id) && <option value={rule.template.id}>{rule.template.name} (archived)</option>}
          {templates.length === 0 && !rule?.template && <option value="">No template available</option>}
          {templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
        {errorOf('template_id')}
      </div>
      <div className="automation-grid">
        <div className="field">
          <label htmlFor="fa-responders">Who is asked</label>
          <select
            id="fa-responders"
            name="responders"
            value={responders}
            onChange={(ev) => setResponders(ev.target.value as FeedbackResponders)}
            {...selectError('responders')}
          >
            {(Object.keys(RESPONDER_LABELS) as FeedbackResponders[]).map((r) => (
              <option key={r} value={r}>
                {RESPONDER_LABELS[r]}
              </option>
            ))}
          </select>
          {errorOf('responders')}
        </div>
        {responders !== 'MANAGER' && (
          <Field
            label="Teammates to ask"
            name="responder_count"
            type="number"
            inputMode="numeric"
            min={1}
            max={FEEDBACK_LIMITS.respondersMax}
            defaultValue={rule && rule.responders !== 'MANAGER' ? rule.responder_count : 3}
            error={e.responder_count}
          />
        )}
      </div>
    </RuleDialog>
  );
}
