import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FEEDBACK_VISIBILITY_LABELS } from '../../../shared/feedback.js';
import { isDisabledPath } from '../../components/navigation.js';
import { disabledAreasOf, featureAreasQueryOptions } from '../feature-areas/api.js';
import { giverName, quoteOf } from './feedback-cite.js';
import { feedbackAboutQueryOptions, reviewFeedbackPeriod } from './feedback-progress.api.js';
import type { FeedbackItem } from './feedback.types.js';
import './feedback-in-review.css';
import { formatDay } from '../../../shared/format.js';

type Props = {
  person: { id: string; full_name: string };
  /** The review's cycle type ("360" or "sprint") and due date: they give the period shown. */
  cycleType: string;
  dueAt: string;
  /** Puts the quotation into the answer being written; answers what happened, for the screen reader and the eye. */
  onCite: (quote: string) => string;
};

const wide = () => typeof window.matchMedia !== 'function' || window.matchMedia('(min-width: 992px)').matches;

function Item({ item, onCite }: { item: FeedbackItem; onCite: () => void }) {
  const giver = giverName(item);
  const day = formatDay(item.created_at);
  return (
    <li className="fir-item">
      <article aria-label={`Feedback from ${giver}, ${day}`}>
        <p className="fir-meta">
          <strong>{giver}</strong> <time dateTime={item.created_at}>{day}</time>
          <span className="fir-visibility">{FEEDBACK_VISIBILITY_LABELS[item.visibility].label}</span>
        </p>
        {item.body.trim() && <p className="fir-body">{item.body}</p>}
        {!item.body.trim() && item.answers && (
          <dl className="fir-answers">
            {item.answers.map((a, i) => (
              <div key={i}>
                <dt>{a.question}</dt>
                <dd>{a.answer || <span className="muted">No answer</span>}</dd>
              </div>
            ))}
          </dl>
        )}
        {item.tags.length > 0 && (
          <ul className="fir-tags" aria-label="Tags">
            {item.tags.map((t) => (
              <li key={t.id}>{t.name}</li>
            ))}
          </ul>
        )}
        <button type="button" className="button button-secondary button-small" onClick={onCite} aria-label={`Cite feedback from ${giver}, ${day}`}>
          Cite
        </button>
      </article>
    </li>
  );
}

/**
 * Beside a review being written about someone: the feedback about them in the review's period
 * that the reviewer may read (the server decides), each citable into the answer being written.
 * Open beside the form on wide screens, collapsed above it on small ones; nothing when continuous
 * feedback is switched off for the organization.
 */
export function FeedbackInReview({ person, cycleType, dueAt, onCite }: Props) {
  const { data: areas } = useQuery(featureAreasQueryOptions);
  const on = areas !== undefined && !isDisabledPath('/continuous-feedback', disabledAreasOf(areas));
  const [period] = useState(() => reviewFeedbackPeriod(cycleType, dueAt));
  const feedback = useQuery({ ...feedbackAboutQueryOptions(person.id, period.from, period.to), enabled: on });
  const [open, setOpen] = useState(wide);
  const [said, setSaid] = useState('');
  if (!on) return null;
  const items = feedback.data ?? [];
  const title = `Feedback about ${person.full_name}`;
  return (
    <aside className="fir-panel" aria-label={title}>
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <span className="fir-title">{title}</span>
          {feedback.data && <span className="fir-count">{items.length}</span>}
        </summary>
        <p className="muted fir-period">
          From {formatDay(period.from)} to {formatDay(period.to)}: only what you may read. Cite puts a quotation into the answer you were writing.
        </p>
        {feedback.isPending ? (
          <p role="status" className="muted">
            Loading feedback…
          </p>
        ) : feedback.isError ? (
          <div role="alert" className="fir-error">
            <p>The feedback could not be loaded: {feedback.error.message}</p>
            <button type="button" className="button button-secondary button-small" onClick={() => void feedback.refetch()}>
              Try again
            </button>
          </div>
        ) : items.length === 0 ? (
          <p className="fir-empty">No feedback about {person.full_name} in this period that you can read.</p>
        ) : (
          <ul className="fir-list" aria-label={title}>
            {items.map((item) => (
              <Item key={item.id} item={item} onCite={() => setSaid(onCite(quoteOf(item)))} />
            ))}
          </ul>
        )}
      </details>
      <p className="fir-said" role="status" aria-live="polite">
        {said}
      </p>
    </aside>
  );
}
