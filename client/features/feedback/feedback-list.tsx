import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { useId, useState, type ReactNode } from 'react';
import { FEEDBACK_REACTIONS, FEEDBACK_REACTION_LABELS, FEEDBACK_VISIBILITY_LABELS, type FeedbackReaction } from '../../../shared/feedback.js';
import { formatDay } from '../../../shared/format.js';
import { showAlert } from '../../lib/alerts.js';
import { useDeleteFeedback, useToggleFeedbackReaction } from './feedback.api.js';
import { giverName, type FeedbackItem } from './feedback.types.js';

export { giverName };
import './feedback.css';

type Props = {
  items: readonly FeedbackItem[];
  /** The list's accessible name (e.g. "Feedback received"). */
  label: string;
  /** Public praise shows its reactions as buttons (the praise wall); elsewhere they are left out. */
  reactions?: boolean;
};

/**
 * Feedback cards: giver → recipient, the day, who can see it, tags, the body or a request's
 * question/answer pairs, reactions for public praise, and Delete while the giver still may.
 * Reused by the requests and review screens.
 */
export function FeedbackList({ items, label, reactions = false }: Props) {
  const [deleting, setDeleting] = useState<FeedbackItem | null>(null);
  return (
    <>
      <ul className="fb-list" aria-label={label}>
        {items.map((item) => (
          <FeedbackCard key={item.id} item={item} reactions={reactions} onDelete={() => setDeleting(item)} />
        ))}
      </ul>
      {deleting && <DeleteFeedbackDialog item={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

function FeedbackCard({ item, reactions, onDelete }: { item: FeedbackItem; reactions: boolean; onDelete: () => void }) {
  const headingId = useId();
  const visibility = FEEDBACK_VISIBILITY_LABELS[item.visibility];
  return (
    <li className="tile fb-card" aria-labelledby={headingId}>
      <div className="fb-card-head">
        <h3 id={headingId} className="fb-people">
          {giverName(item)} <span aria-hidden="true">→</span>
          <span className="sr-only"> to </span> {item.recipient.full_name}
        </h3>
        <span className={`fb-badge fb-badge-${item.visibility.toLowerCase()}`} title={visibility.description}>
          {visibility.label}
        </span>
      </div>
      <p className="muted fb-date">
        <time dateTime={item.created_at}>{formatDay(item.created_at)}</time>
        {item.slack_shared ? ' · Shared to Slack' : ''}
      </p>
      {item.answers?.length ? (
        <dl className="fb-answers">
          {item.answers.map((a, i) => (
            <div key={i}>
              <dt>{a.question}</dt>
              <dd>{a.answer || <span className="muted">No answer</span>}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="fb-body">{item.body}</p>
      )}
      {item.tags.length > 0 && (
        <ul className="fb-tags" aria-label="Tags">
          {item.tags.map((t) => (
            <li key={t.id} className="fb-tag">
              {t.name}
            </li>
          ))}
        </ul>
      )}
      {(reactions && item.visibility === 'PUBLIC') || item.can_delete ? (
        <div className="fb-card-actions">
          {reactions && item.visibility === 'PUBLIC' && <Reactions item={item} />}
          {item.can_delete && (
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={onDelete}
              aria-label={`Delete feedback to ${item.recipient.full_name} from ${formatDay(item.created_at)}`}
            >
              Delete
            </button>
          )}
        </div>
      ) : null}
    </li>
  );
}

/** The five reactions of a praise: emoji and count, pressed when mine; the change shows before the server answers. */
function Reactions({ item }: { item: FeedbackItem }) {
  const toggle = useToggleFeedbackReaction();
  async function react(reaction: FeedbackReaction) {
    try {
      await toggle.mutateAsync({ id: item.id, reaction });
    } catch (err) {
      showAlert(`The reaction was not saved: ${err instanceof Error ? err.message : 'try again.'}`, 'error');
    }
  }
  return (
    <div className="fb-reactions" role="group" aria-label={`Reactions to the praise for ${item.recipient.full_name}`}>
      {FEEDBACK_REACTIONS.map((reaction) => {
        const r = item.reactions.find((x) => x.reaction === reaction);
        const count = r?.count ?? 0;
        const { emoji, label } = FEEDBACK_REACTION_LABELS[reaction];
        return (
          <button
            key={reaction}
            type="button"
            className="fb-reaction"
            aria-pressed={r?.mine ?? false}
            aria-label={`${label}, ${count}`}
            onClick={() => void react(reaction)}
          >
            <span aria-hidden="true">{emoji}</span>
            {count > 0 && (
              <span aria-hidden="true" className="fb-reaction-count">
                {count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

function DeleteFeedbackDialog({ item, onClose }: { item: FeedbackItem; onClose: () => void }) {
  const remove = useDeleteFeedback();
  return (
    <ConfirmDialog
      title={`Delete your feedback to ${item.recipient.full_name}?`}
      description="Nobody will see it any more. This cannot be undone."
      cancelLabel="Keep it"
      confirmLabel="Delete feedback"
      busyLabel="Deleting…"
      onClose={onClose}
      onConfirm={async () => {
        await remove.mutateAsync(item.id);
        showAlert(`Your feedback to ${item.recipient.full_name} was deleted.`, 'success');
      }}
    />
  );
}

type Paged = {
  data: { pages: Array<{ items: FeedbackItem[]; total: number }> } | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
};

/** An infinite feedback query as a list: loading, error (with Try again), empty, the count shown, and "Load more". */
export function PagedFeedbackList({ query, label, empty, reactions = false }: { query: Paged; label: string; empty: ReactNode; reactions?: boolean }) {
  if (query.isPending)
    return (
      <p className="muted" role="status">
        Loading feedback…
      </p>
    );
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="fb-error">
        <p>The feedback could not be loaded: {query.error?.message ?? 'try again.'}</p>
        <button type="button" className="button button-secondary button-small" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  if (items.length === 0) return <div className="empty-state">{empty}</div>;
  return (
    <>
      <p className="muted fb-count" role="status">
        Showing {items.length} of {total}.
      </p>
      <FeedbackList items={items} label={label} reactions={reactions} />
      {query.isFetchNextPageError && (
        <p role="alert" className="form-error">
          More feedback could not be loaded. Try again.
        </p>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className="button button-secondary fb-more"
          disabled={query.isFetchingNextPage}
          aria-busy={query.isFetchingNextPage || undefined}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading more…' : 'Load more'}
        </button>
      )}
    </>
  );
}
