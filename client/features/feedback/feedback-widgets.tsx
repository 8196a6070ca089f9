import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDay } from '../../../shared/format.js';
import { latestFeedbackReceivedQueryOptions, myPendingAsksQueryOptions } from './feedback.api.js';
import { giverName } from './feedback.types.js';
import './feedback.css';

/** Loads what the enabled feedback cards show together with the dashboard (no request after the page appears). */
export function prefetchFeedbackWidgets(queryClient: QueryClient, enabled: readonly string[]): Promise<unknown> {
  return Promise.all([
    enabled.includes('FEEDBACK_RECEIVED') ? queryClient.prefetchQuery(latestFeedbackReceivedQueryOptions) : undefined,
    enabled.includes('FEEDBACK_REQUESTS') ? queryClient.prefetchQuery(myPendingAsksQueryOptions) : undefined,
  ]);
}

const EXCERPT = 160;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}…` : text);

/** Dashboard card FEEDBACK_RECEIVED: the 3 latest items I received, and the way to all of them. */
export function FeedbackReceivedWidget() {
  const latest = useQuery(latestFeedbackReceivedQueryOptions);
  const items = latest.data?.items ?? [];
  return (
    <>
      <h3>Feedback received</h3>
      {latest.isPending ? (
        <p className="muted" role="status">
          Loading your feedback…
        </p>
      ) : latest.isError ? (
        <p className="muted" role="alert">
          Your feedback could not be loaded.
        </p>
      ) : items.length === 0 ? (
        <p className="muted">No feedback received yet. What colleagues tell you shows up here; ask for some on the feedback page.</p>
      ) : (
        <ul className="fb-widget-list" aria-label="Latest feedback received">
          {items.map((item) => (
            <li key={item.id}>
              <p>
                <strong>{giverName(item)}</strong>{' '}
                <span className="muted">
                  · <time dateTime={item.created_at}>{formatDay(item.created_at)}</time>
                </span>
              </p>
              <p className="fb-widget-text">
                {item.answers?.length
                  ? `Answered your request (${item.answers.length} ${item.answers.length === 1 ? 'answer' : 'answers'})`
                  : excerpt(item.body)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Link to="/continuous-feedback">Open my feedback</Link>
    </>
  );
}

/** Dashboard card FEEDBACK_REQUESTS: how many asks wait for my answer, the first 3, and the pending page. */
export function FeedbackRequestsWidget() {
  const asks = useQuery(myPendingAsksQueryOptions);
  const list = asks.data ?? [];
  return (
    <>
      <h3>Feedback requests</h3>
      {asks.isPending ? (
        <p className="muted" role="status">
          Loading your feedback requests…
        </p>
      ) : asks.isError ? (
        <p className="muted" role="alert">
          Your feedback requests could not be loaded.
        </p>
      ) : list.length === 0 ? (
        <p className="muted">Nobody is waiting for your feedback.</p>
      ) : (
        <>
          <p>{list.length === 1 ? '1 request waits for your answer.' : `${list.length} requests wait for your answer.`}</p>
          <ul className="fb-widget-list" aria-label="Feedback requests waiting for me">
            {list.slice(0, 3).map((ask) => {
              const r = ask.request;
              const asker = r.requester?.full_name ?? 'A former colleague';
              const about = r.requester && r.requester.id === r.subject.id ? `${asker} asks about themself` : `${asker} asks about ${r.subject.full_name}`;
              return (
                <li key={ask.id}>
                  <p>{about}</p>
                  <p className="muted">
                    {r.template_name ?? 'Own questions'}
                    {r.due_on ? ` · due ${formatDay(r.due_on)}` : ''}
                  </p>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <Link to="/continuous-feedback/pending">{list.length > 0 ? 'Answer feedback requests' : 'Open pending requests'}</Link>
    </>
  );
}
