import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { placementInputSchema } from '../../../shared/growth.js';
import { FormError, SelectField, SubmitButton } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { fieldErrorsOf, type FieldErrors } from '../../lib/forms.js';
import { refusedSave } from '../../lib/graphql.js';
import { pickablePeopleQueryOptions, type PickablePerson } from '../teams/api.js';
import { matchesPerson, PersonPicker } from '../teams/person-picker.js';
import { placementsQueryOptions, usePlacePerson, useRemovePlacement } from './framework.api.js';
import type { CompetencyTrack } from './growth.types.js';

const SHOWN = 100;
const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Try again.');

/**
 * Admins: the people of the organization with their track and level, placing someone (a person,
 * a track, one of its levels) and removing a placement.
 */
export function Placements({ tracks }: { tracks: CompetencyTrack[] }) {
  const { data: placements } = useSuspenseQuery(placementsQueryOptions);
  const { data: people } = useSuspenseQuery(pickablePeopleQueryOptions);
  const [query, setQuery] = useState('');
  const remove = useRemovePlacement();
  const headingId = useId();
  const byUser = useMemo(() => new Map(placements.map((p) => [p.user.id, p])), [placements]);
  const active = useMemo(() => people.filter((p) => p.status !== 'DEACTIVATED'), [people]);
  const matches = active.filter((p) => matchesPerson(p, query));
  const placed = active.filter((p) => byUser.has(p.id)).length;

  async function unplace(userId: string, name: string) {
    try {
      await remove.mutateAsync(userId);
      showAlert(`${name} is no longer placed on the framework.`, 'success');
    } catch (err) {
      showAlert(messageOf(err), 'error');
    }
  }

  return (
    <section className="fw-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Placements</h2>
      <p className="muted">
        {placed} of {active.length} people are placed on a track. Their assessments compare them with what their level expects.
      </p>
      <PlaceForm tracks={tracks.filter((t) => !t.archived)} people={active} />
      <div className="field">
        <label htmlFor={`${headingId}-search`}>Find a person</label>
        <input
          id={`${headingId}-search`}
          type="search"
          placeholder="Search by name or email"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-describedby={`${headingId}-count`}
        />
        <p id={`${headingId}-count`} className="field-hint" aria-live="polite">
          {matches.length > SHOWN
            ? `Showing ${SHOWN} of ${matches.length} people; type to narrow.`
            : `${matches.length} ${matches.length === 1 ? 'person' : 'people'}.`}
        </p>
      </div>
      <div className="fw-table-wrap">
        <table className="fw-table">
          <caption className="sr-only">People and their placement</caption>
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col">Track</th>
              <th scope="col">Level</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {matches.slice(0, SHOWN).map((person) => {
              const p = byUser.get(person.id);
              return (
                <tr key={person.id}>
                  <th scope="row">{person.full_name}</th>
                  <td data-label="Track">{p ? p.track.name : <span className="muted">Not placed</span>}</td>
                  <td data-label="Level">{p ? p.level.name : '—'}</td>
                  <td>
                    {p && (
                      <button
                        type="button"
                        className="button button-ghost button-small"
                        disabled={remove.isPending}
                        onClick={() => void unplace(person.id, person.full_name)}
                        aria-label={`Remove ${person.full_name}'s placement`}
                      >
                        Remove
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function PlaceForm({ tracks, people }: { tracks: CompetencyTrack[]; people: PickablePerson[] }) {
  const [trackId, setTrackId] = useState(tracks[0]?.id ?? '');
  const [levelId, setLevelId] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const place = usePlacePerson();
  const track = tracks.find((t) => t.id === trackId);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (place.isPending) return;
    const form = new FormData(event.currentTarget);
    const input = { user_id: String(form.get('user_id') ?? ''), track_id: trackId, level_id: levelId };
    const parsed = placementInputSchema.safeParse(input);
    if (!parsed.success || !input.user_id) {
      setErrors({ ...(parsed.success ? {} : fieldErrorsOf(parsed.error)), ...(input.user_id ? {} : { user_id: 'Choose a person.' }) });
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      const saved = await place.mutateAsync(parsed.data);
      showAlert(`${saved.user.full_name} is placed on ${saved.level.name} (${saved.track.name}).`, 'success');
      setPickerKey((k) => k + 1);
    } catch (err) {
      const refused = refusedSave(err);
      setErrors(refused.fieldErrors ?? {});
      setFormError(refused.formError ?? null);
    }
  }

  if (!tracks.length) return <p className="muted">Add or copy a track to place people on it.</p>;
  return (
    <form className="form tile fw-place-form" aria-label="Place a person" onSubmit={(e) => void onSubmit(e)} noValidate>
      <h3>Place a person</h3>
      <div className="fw-place-fields">
        <PersonPicker key={pickerKey} label="Person" name="user_id" people={people} error={errors.user_id} noneLabel="Choose a person" />
        <SelectField
          label="Track"
          name="track_id"
          value={trackId}
          onChange={(e) => {
            setTrackId(e.target.value);
            setLevelId('');
          }}
          error={errors.track_id}
        >
          {tracks.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Level" name="level_id" value={levelId} onChange={(e) => setLevelId(e.target.value)} error={errors.level_id}>
          <option value="">Choose a level</option>
          {track?.levels.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </SelectField>
      </div>
      <FormError message={formError} />
      <div className="rt-form-actions">
        <SubmitButton sending={place.isPending} sendingText="Placing…">
          Place
        </SubmitButton>
      </div>
    </form>
  );
}
