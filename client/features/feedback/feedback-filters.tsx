import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { DateField, isDateInRange } from '../../components/ui/date-field.js';
import { pickablePeopleQueryOptions } from '../teams/api.js';
import { PersonPicker } from '../teams/person-picker.js';
import { feedbackTagsQueryOptions, type FeedbackBoxName, type FeedbackListFilter } from './feedback.api.js';

type Props = { box: FeedbackBoxName; filter: FeedbackListFilter; onApply: (filter: FeedbackListFilter) => void };

/**
 * Person (the giver of what I received, the recipient of what I gave), tag and a range of days,
 * applied together: they go to the address, so a filtered view can be bookmarked.
 */
export function FeedbackFilters({ box, filter, onApply }: Props) {
  const headingId = useId();
  const tagId = useId();
  const people = useQuery(pickablePeopleQueryOptions);
  const tags = useQuery(feedbackTagsQueryOptions);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    const from = text('from');
    const to = text('to');
    const found: { from?: string; to?: string } = {};
    if (from && !isDateInRange(from)) found.from = 'Enter a date like 2026-01-31.';
    if (to && !isDateInRange(to)) found.to = 'Enter a date like 2026-01-31.';
    if (!found.from && !found.to && from && to && from > to) found.to = 'The end date is before the start date.';
    setErrors(found);
    if (found.from || found.to) return;
    onApply({ person: text('person'), tag: text('tag'), from, to });
  }

  const active = !!(filter.person || filter.tag || filter.from || filter.to);
  return (
    <details className="fb-filters" open={active || undefined}>
      <summary id={headingId}>Filters{active ? ' (on)' : ''}</summary>
      {/* key: the address is the truth; going back or clearing resets the fields to it. */}
      <form key={JSON.stringify(filter)} className="fb-filter-form" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <PersonPicker
          label={box === 'RECEIVED' ? 'Given by' : 'Given to'}
          name="person"
          people={people.data ?? []}
          defaultValue={filter.person ?? null}
          noneLabel="Anyone"
        />
        <div className="field">
          <label htmlFor={tagId}>Tag</label>
          <select id={tagId} name="tag" defaultValue={filter.tag ?? ''}>
            <option value="">Any tag</option>
            {(tags.data ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        <DateField label="From (day)" name="from" defaultValue={filter.from ?? ''} error={errors.from} />
        <DateField label="To (day, included)" name="to" defaultValue={filter.to ?? ''} error={errors.to} />
        <div className="fb-filter-actions">
          <button type="submit" className="button button-small">
            Apply filters
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => {
              setErrors({});
              onApply({});
            }}
          >
            Clear filters
          </button>
        </div>
        {people.isError && (
          <p className="field-error" role="alert">
            People could not be loaded for the filter.
          </p>
        )}
      </form>
    </details>
  );
}
