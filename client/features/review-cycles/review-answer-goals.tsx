import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { gql, graphql } from '../../lib/graphql.js';
import { reviewFeedbackPeriod } from '../feedback/feedback-progress.api.js';
import { GoalProgress, GoalStatusBadge } from '../goals/goal-progress.js';
import './review-answer-goals.css';
import { formatDay } from '../../../shared/format.js';

export const GOALS_IN_PERIOD = graphql(`query GoalsInPeriod($user: ID!, $from: String!, $to: String!) {
  goalsInPeriod(user_id: $user, from: $from, to: $to) { id title status progress start_date due_date }
}`);

const goalsInPeriodQuery = (user: string, from: string, to: string) =>
  queryOptions({
    queryKey: ['goalsInPeriod', user, from, to],
    queryFn: async () => (await gql(GOALS_IN_PERIOD, { user, from, to })).goalsInPeriod,
    // FORBIDDEN while goals are switched off: the panel then stays away.
    retry: false,
  });

/**
 * Under a review question that asks for it: the reviewee's goals of the review period that the
 * reviewer may read (the server decides), with status and progress. The period is the one the
 * feedback beside the review uses, up to the review's due date.
 */
export function GoalsInReview({
  person,
  self,
  cycleType,
  dueAt,
}: {
  person: { id: string; full_name: string };
  self: boolean;
  cycleType: string;
  dueAt: string;
}) {
  const [period] = useState(() => ({ from: reviewFeedbackPeriod(cycleType, dueAt).from, to: dueAt.slice(0, 10) }));
  const goals = useQuery(goalsInPeriodQuery(person.id, period.from, period.to));
  if (goals.isError) return null;
  const heading = 'Goals in this period';
  return (
    <section className="rag-panel" aria-label={self ? 'Your goals in this period' : `${person.full_name}'s goals in this period`}>
      <h3 className="rag-heading">
        {heading}{' '}
        <span className="muted">
          {formatDay(period.from)} to {formatDay(period.to)}
        </span>
      </h3>
      {goals.isPending && (
        <p className="muted" role="status">
          Loading goals…
        </p>
      )}
      {goals.data && goals.data.length === 0 && <p className="muted">{self ? 'You have' : `${person.full_name} has`} no goals you can see in this period.</p>}
      {goals.data && goals.data.length > 0 && (
        <ul className="rag-list">
          {goals.data.map((g) => (
            <li key={g.id} className="rag-goal">
              <div className="rag-goal-head">
                <a href={`/goals/my-goals/${g.id}`} target="_blank" rel="noreferrer">
                  {g.title}
                </a>
                <GoalStatusBadge status={g.status} />
                {g.due_date && <span className="muted">Due {formatDay(g.due_date)}</span>}
              </div>
              <GoalProgress progress={g.progress} label={`Progress of ${g.title}`} compact />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Under a question that rates a framework competency: what the reviewee's level expects of it. */
export function CompetencyExpectation({
  expectation,
  self,
}: {
  expectation: { competency_name: string; level_name: string | null; text: string };
  self: boolean;
}) {
  if (!expectation.text.trim()) return null;
  const who = self ? 'your level' : 'their level';
  return (
    <aside className="rag-expectation" aria-label={`What ${who} expects of ${expectation.competency_name}`}>
      <p className="rag-heading">
        Expected at {expectation.level_name ?? who}: {expectation.competency_name}
      </p>
      <p>{expectation.text}</p>
    </aside>
  );
}
