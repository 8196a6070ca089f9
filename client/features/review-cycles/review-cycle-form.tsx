import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { DateField } from '../../components/ui/date-field.js';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm } from '../../lib/forms.js';
import { refusedSave } from '../../lib/graphql.js';
import {
  REVIEW_CYCLE_DEFAULTS,
  REVIEW_CYCLE_LIMITS,
  REVIEW_CYCLE_TYPES,
  createReviewCycleSchema,
  peerThresholdWarning,
  type ReviewCycleInput,
} from '../../../shared/review-cycle.schemas.js';
import { PERSPECTIVES, PERSPECTIVE_LABELS, type Perspective } from '../../../shared/review-template.schemas.js';
import { pickablePeopleQueryOptions, teamsQueryOptions } from '../teams/api.js';
import { reviewTemplatesQueryOptions } from '../review-templates/review-templates.api.js';
import { meQueryOptions } from '../users/api.js';
import { useCreateReviewCycle, type Cycle } from './review-cycles.api.js';
import { SearchPicker } from './review-cycle-participants.js';
import { CYCLE_TYPE_LABELS } from './review-cycles.search.js';
import { PeerThresholdWarning } from './review-cycle-readiness.js';

const numberOrNull = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : null);
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** The data the form needs (templates, people, teams), loaded by the route. */
export const cycleFormQueries = [reviewTemplatesQueryOptions(false), pickablePeopleQueryOptions, teamsQueryOptions] as const;

/** New review cycle: validated with the shared schema before sending; server field errors land next to fields. */
export function ReviewCycleForm({ onCreated, onCancel }: { onCreated: (cycle: Cycle) => void; onCancel: () => void }) {
  const { data: templates } = useSuspenseQuery(cycleFormQueries[0]);
  const { data: people } = useSuspenseQuery(cycleFormQueries[1]);
  const { data: allTeams } = useSuspenseQuery(cycleFormQueries[2]);
  const { data: me } = useSuspenseQuery(meQueryOptions);
  // Managers run cycles only for the teams they manage or lead (the server refuses others, naming them).
  const teams = me.permission_level === 'ADMIN' ? allTeams : allTeams.filter((t) => t.manager?.id === me.id || t.team_lead?.id === me.id);
  const [type, setType] = useState<string>('360');
  const [participantIds, setParticipantIds] = useState<string[]>([]);
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [perspectives, setPerspectives] = useState<Perspective[]>([...REVIEW_CYCLE_DEFAULTS.perspectives]);
  const [minPeers, setMinPeers] = useState(String(REVIEW_CYCLE_DEFAULTS.min_peers));
  const [threshold, setThreshold] = useState(String(REVIEW_CYCLE_DEFAULTS.anonymity_threshold));
  const warning = peerThresholdWarning({
    perspectives,
    min_peers: Number(minPeers || 0),
    anonymity_threshold: Number(threshold || REVIEW_CYCLE_DEFAULTS.anonymity_threshold),
  });
  const create = useCreateReviewCycle();
  const usable = templates.filter((t) => t.review_type === type || t.review_type === 'any');

  // The picked people, teams and perspectives live in state; the rest is read from the form.
  const schema = z.preprocess((raw) => {
    const r = raw as Record<string, unknown>;
    return {
      name: r.name,
      type: r.type,
      template_id: r.template_id,
      participant_ids: participantIds,
      team_ids: teamIds,
      nomination_end: blankToNull(r.nomination_end),
      review_end: r.review_end ?? '',
      results_release: blankToNull(r.results_release),
      perspectives,
      min_peers: numberOrNull(r.min_peers),
      max_peers: numberOrNull(r.max_peers),
      anonymity_threshold: numberOrNull(r.anonymity_threshold),
    };
  }, createReviewCycleSchema);

  const form = useZodForm(schema, async (values) => {
    try {
      const cycle = await create.mutateAsync(values as ReviewCycleInput);
      showAlert(`${cycle.name} was created as a draft.`, 'success');
      onCreated(cycle);
    } catch (err) {
      return refusedSave(err);
    }
  });
  const e = form.fieldErrors;
  return (
    <form className="rc-form" aria-label="New review cycle" onSubmit={form.onSubmit} noValidate>
      <Field label="Name" name="name" maxLength={REVIEW_CYCLE_LIMITS.nameMax} error={e.name} autoFocus />
      <div className="rc-grid">
        <div className="field">
          <label htmlFor="rc-type">Type</label>
          <select id="rc-type" name="type" value={type} onChange={(ev) => setType(ev.target.value)}>
            {REVIEW_CYCLE_TYPES.map((t) => (
              <option key={t} value={t}>
                {CYCLE_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="rc-template">Template</label>
          <select
            id="rc-template"
            name="template_id"
            key={type}
            aria-invalid={e.template_id ? true : undefined}
            aria-describedby={e.template_id ? 'rc-template-error' : undefined}
          >
            {usable.length === 0 && <option value="">No template for this type</option>}
            {usable.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
                {t.built_in ? ' (built-in)' : ''}
              </option>
            ))}
          </select>
          {e.template_id && (
            <p id="rc-template-error" className="field-error">
              {e.template_id === 'Required' || e.template_id.startsWith('Too small') ? 'Choose a template.' : e.template_id}
            </p>
          )}
        </div>
      </div>
      <SearchPicker
        label="People"
        name="participant_ids"
        options={people
          .filter((p) => p.status !== 'DEACTIVATED')
          .map((p) => ({ id: p.id, label: p.full_name, detail: p.team?.name ?? p.email, keywords: p.email }))}
        chosen={participantIds}
        onChange={setParticipantIds}
        error={e.participant_ids}
      />
      <SearchPicker
        label="Teams"
        name="team_ids"
        options={teams.map((t) => ({ id: t.id, label: t.name, detail: `${t.aggregations.count_users} people` }))}
        chosen={teamIds}
        onChange={setTeamIds}
        error={e.team_ids}
      />
      <div className="rc-grid">
        <DateField label="Nominations end (optional)" name="nomination_end" error={e.nomination_end} />
        <DateField label="Reviews due" name="review_end" error={e.review_end} required />
        <DateField label="Results released (optional)" name="results_release" error={e.results_release} />
      </div>
      <fieldset className="rc-fieldset">
        <legend>Perspectives</legend>
        <div className="rc-checks">
          {PERSPECTIVES.map((p) => (
            <label key={p} className="checkbox">
              <input
                type="checkbox"
                name="perspectives"
                value={p}
                checked={perspectives.includes(p)}
                onChange={(ev) =>
                  setPerspectives(ev.target.checked ? PERSPECTIVES.filter((x) => x === p || perspectives.includes(x)) : perspectives.filter((x) => x !== p))
                }
              />
              {PERSPECTIVE_LABELS[p]}
            </label>
          ))}
        </div>
        {e.perspectives && <p className="field-error">{e.perspectives}</p>}
      </fieldset>
      <div className="rc-grid">
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
          defaultValue={REVIEW_CYCLE_DEFAULTS.max_peers}
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
          hint="Answers are shown only when at least this many people answered (3 or more)."
        />
      </div>
      <PeerThresholdWarning warning={warning} />
      <FormError message={form.formError} />
      <div className="rc-actions">
        <SubmitButton sending={form.sending} sendingText="Creating…">
          Create draft cycle
        </SubmitButton>
        <button type="button" className="button button-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
