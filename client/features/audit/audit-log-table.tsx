import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AuditSearch } from './audit.search.js';
import { PendingView } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import { auditEventsQueryOptions, downloadAuditCsv, type AuditEvent } from './api.js';
import { formatDateTime } from '../../../shared/format.js';

function Person({ name, label, fallback }: { name: string | null; label: string | null; fallback: string }) {
  if (!name && !label) return <span className="muted">{fallback}</span>;
  return (
    <span>
      <span className="audit-name">{name ?? label}</span>
      {name && label && <span className="audit-email">{label}</span>}
    </span>
  );
}

function EventRow({ event }: { event: AuditEvent }) {
  return (
    <tr>
      <td data-label="When">
        <time dateTime={event.at}>{formatDateTime(event.at)}</time>
      </td>
      <td data-label="Who">
        <Person name={event.actor_name} label={event.actor_label} fallback="Nobody signed in" />
      </td>
      <td data-label="What">
        <strong>{event.action_label}</strong>
      </td>
      <td data-label="About">
        <Person name={event.subject_name} label={event.subject_label} fallback="—" />
      </td>
      <td data-label="From">{event.ip ? <span className="audit-ip">{event.ip}</span> : <span className="muted">—</span>}</td>
      <td data-label="Details">{event.summary || <span className="muted">—</span>}</td>
    </tr>
  );
}

/** The filtered events, newest first, 50 at a time, with the CSV download of the same filters. */
export function AuditLogTable({ search, filtered }: { search: AuditSearch; filtered: boolean }) {
  const headingId = useId();
  const events = useInfiniteQuery(auditEventsQueryOptions(search));
  const [downloading, setDownloading] = useState(false);
  const rows = events.data?.pages.flatMap((p) => p.events) ?? [];

  async function onDownload() {
    setDownloading(true);
    try {
      await downloadAuditCsv(search);
    } catch (err) {
      showAlert(err instanceof Error ? err.message : 'The download failed.', 'error');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="settings-section" aria-labelledby={headingId} aria-busy={events.isFetching || undefined}>
      <div className="row-between">
        <h2 id={headingId}>Events</h2>
        <button type="button" className="button button-secondary button-small" disabled={downloading} onClick={() => void onDownload()}>
          {downloading ? 'Preparing…' : 'Download CSV'}
        </button>
      </div>
      {events.isPending ? (
        <PendingView label="Loading events…" />
      ) : events.isError ? (
        <div className="jobs-load-error" role="alert">
          <p>The events could not be loaded: {events.error.message}</p>
          <button type="button" className="button button-small" onClick={() => void events.refetch()}>
            Try again
          </button>
        </div>
      ) : rows.length === 0 ? (
        <p className="jobs-empty">{filtered ? 'No events match these filters.' : 'No events yet. Sign-ins, changes to people and exports will appear here.'}</p>
      ) : (
        <>
          <p
            className="muted"
            aria-live="polite"
          >{`Showing ${rows.length} ${rows.length === 1 ? 'event' : 'events'}${events.hasNextPage ? ', newest first' : ''}.`}</p>
          <div className="audit-table-box" role="region" aria-labelledby={headingId} tabIndex={0}>
            <table className="jobs-table audit-table">
              <caption className="sr-only">Audit events, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">About whom</th>
                  <th scope="col">From</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((e) => (
                  <EventRow key={e.id} event={e} />
                ))}
              </tbody>
            </table>
          </div>
          {events.hasNextPage && (
            <div>
              <button type="button" className="button button-secondary" disabled={events.isFetchingNextPage} onClick={() => void events.fetchNextPage()}>
                {events.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
