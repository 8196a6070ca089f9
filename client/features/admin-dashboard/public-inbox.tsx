import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PendingView } from '../../components/ui/states.js';
import { publicInboxQueryOptions } from './api.js';
import { formatDateTime } from '../../../shared/format.js';

const PAGE = 20;

/** Messages from /contact and requests from /resources/get-the-guide (admins of the operating organization). */
export function PublicInbox() {
  const [limit, setLimit] = useState(PAGE);
  const { data, isPending, isError, error, isFetching } = useQuery({ ...publicInboxQueryOptions(limit), placeholderData: (previous) => previous });
  return (
    <section className="tile" aria-labelledby="inbox-title">
      <h2 id="inbox-title" className="dash-card-title">
        From the public pages
      </h2>
      {isPending ? (
        <PendingView label="Loading messages…" />
      ) : isError ? (
        <p role="alert" className="form-error">
          {error.message}
        </p>
      ) : (
        <div className="dash-inbox">
          <div>
            <h3>Contact messages ({data.contactMessages.total})</h3>
            {data.contactMessages.items.length === 0 ? (
              <p className="muted">No messages yet.</p>
            ) : (
              <ul className="dash-messages">
                {data.contactMessages.items.map((m) => (
                  <li key={m.id}>
                    <p>
                      <strong>{m.name}</strong>
                      {m.company ? ` · ${m.company}` : ''} · <a href={`mailto:${m.email}`}>{m.email}</a>
                    </p>
                    <p className="dash-message-text">{m.message}</p>
                    <p className="muted dash-detail">{formatDateTime(m.created_at)}</p>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div>
            <h3>Guide requests ({data.guideLeads.total})</h3>
            {data.guideLeads.items.length === 0 ? (
              <p className="muted">Nobody has asked for the guide yet.</p>
            ) : (
              // One entry per request, like the messages above: it reads the same on a phone as on a desk.
              <ul className="dash-messages" aria-label="Guide requests">
                {data.guideLeads.items.map((l) => (
                  <li key={l.id}>
                    <p>
                      <strong>{l.name}</strong>
                      {l.company ? ` · ${l.company}` : ''}
                    </p>
                    <p className="dash-email">
                      <a href={`mailto:${l.email}`}>{l.email}</a>
                    </p>
                    <p className="muted dash-detail">
                      Team size {l.team_size} · {formatDateTime(l.created_at)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {(data.contactMessages.total > limit || data.guideLeads.total > limit) && (
            <button type="button" className="button button-secondary" disabled={isFetching} onClick={() => setLimit((l) => Math.min(100, l + PAGE))}>
              {isFetching ? 'Loading…' : 'Show more'}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
