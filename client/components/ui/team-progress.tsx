import { useId, type ReactNode } from 'react';
import { EmptyState } from './states.js';
import './team-progress.css';

/**
 * The one shape of a team-progress page (docs/decisions/0075): reviews, retros, feedback and
 * development plans configure it. A title (with a way elsewhere beside it), what the page measures,
 * its controls (a cycle, a period, a team), then one section per team, or the empty state that
 * says why there is none.
 */
export function TeamProgressLayout({
  className,
  title,
  action,
  intro,
  controls,
  empty,
  children,
}: {
  /** The area's class, next to `page team-progress-page`. */
  className?: string;
  title: ReactNode;
  /** Beside the title: a link to the viewer's own page. */
  action?: ReactNode;
  /** What the page measures, and how to read its bands. */
  intro?: ReactNode;
  /** A cycle, a period, a team, a filter. */
  controls?: ReactNode;
  /** Shown instead of the teams when there is none to show. */
  empty?: { title: string; children: ReactNode } | null;
  children?: ReactNode;
}) {
  return (
    <section className={`page team-progress-page${className ? ` ${className}` : ''}`}>
      {action ? (
        <div className="row-between team-progress-header">
          <h1>{title}</h1>
          {action}
        </div>
      ) : (
        <h1>{title}</h1>
      )}
      {intro}
      {controls}
      {empty ? <EmptyState title={empty.title}>{empty.children}</EmptyState> : children}
    </section>
  );
}

/** One team's part of the page: its heading (and what follows the name), then its numbers. */
export function TeamProgressSection({ className, title, after, children }: { className: string; title: ReactNode; after?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id}>
        {title}
        {after}
      </h2>
      {children}
    </section>
  );
}
