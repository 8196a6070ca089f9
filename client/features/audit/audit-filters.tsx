import { useId, useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABEL, type AuditAction } from '../../../shared/audit.js';
import type { AuditSearch } from './audit.search.js';
import { DateField, isDateInRange } from '../../components/ui/date-field.js';
import { PersonPicker } from '../teams/person-picker.js';
import type { PickablePerson } from '../teams/api.js';

type Props = { search: AuditSearch; people: readonly PickablePerson[]; onApply: (search: AuditSearch) => void };

/**
 * Action, person (who acted or was acted on) and a range of days, applied together: they go to
 * the URL, so a filtered view can be bookmarked or shared with another admin.
 */
export function AuditFilters({ search, people, onApply }: Props) {
  const headingId = useId();
  const actionId = useId();
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
    onApply({ action: text('action') as AuditAction | undefined, person: text('person'), from, to });
  }

  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Filters</h2>
      {/* key: the URL is the truth; going back or clearing resets the fields to it. */}
      <form key={JSON.stringify(search)} className="audit-filters" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <div className="field">
          <label htmlFor={actionId}>What happened</label>
          <select id={actionId} name="action" defaultValue={search.action ?? ''}>
            <option value="">All events</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {AUDIT_ACTION_LABEL[a]}
              </option>
            ))}
          </select>
        </div>
        <PersonPicker label="Person (acted or acted on)" name="person" people={people} defaultValue={search.person ?? null} noneLabel="Anyone" />
        <DateField label="From (day)" name="from" defaultValue={search.from ?? ''} error={errors.from} />
        <DateField label="To (day, included)" name="to" defaultValue={search.to ?? ''} error={errors.to} />
        <div className="audit-filter-actions">
          <button type="submit" className="button">
            Apply filters
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setErrors({});
              onApply({});
            }}
          >
            Clear filters
          </button>
        </div>
      </form>
    </section>
  );
}
