import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDay } from '../../../shared/format.js';
import { meQueryOptions } from '../users/api.js';
import { AssistantInContext } from './assistant-in-context.js';
import { addDays, dayOf } from '../../../shared/dates.js';

/** "Summarize the feedback I received since…" on the Received tab (docs/decisions/0066): one question, the period chosen here. */
const PERIODS = [
  { days: 30, label: 'the last 30 days' },
  { days: 90, label: 'the last 3 months' },
  { days: 182, label: 'the last 6 months' },
  { days: 365, label: 'the last year' },
];
const dayBack = (days: number) => dayOf(addDays(Date.now(), -days));

export function AssistantMyFeedback() {
  const { data: me } = useQuery(meQueryOptions);
  const [days, setDays] = useState(90);
  const id = useId();
  if (!me) return null;
  const since = dayBack(days);
  const question = `Summarize the feedback I received since ${formatDay(since)}`;
  return (
    <AssistantInContext
      summary="Summarize the feedback I received"
      source="FEEDBACK"
      question={question}
      panelKey={days}
      scope={{ sources: ['FEEDBACK'], person_id: me.id, since }}
      intro="Recurring themes, tone and the most telling sentences of the feedback you received, each with a link to it."
      controls={
        <div className="field ai-period">
          <label htmlFor={id}>Period</label>
          <select id={id} value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {PERIODS.map((p) => (
              <option key={p.days} value={p.days}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
      }
    />
  );
}
