import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { FEEDBACK_LIMITS } from '../../../shared/feedback.js';
import { CompletionMeter } from '../../components/ui/completion-meter.js';
import { DateField, isDateInRange } from '../../components/ui/date-field.js';
import { FormError } from '../../components/ui/field.js';
import { ProgressTable } from '../../components/ui/progress-table.js';
import { TeamProgressLayout, TeamProgressSection } from '../../components/ui/team-progress.js';
import { GivenReceivedChart } from './feedback-progress-chart.js';
import { feedbackTeamProgressQueryOptions, progressRange, type FeedbackProgressSearch } from './feedback-progress.api.js';
import type { FeedbackPersonProgress, FeedbackTeamProgress } from './feedback.types.js';
import './feedback-progress.css';
import { formatDay } from '../../../shared/format.js';

const QUIET = FEEDBACK_LIMITS.quietDays;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const teamName = (t: FeedbackTeamProgress) => t.team?.name ?? 'People in no team';

/** Period: the last 30 or 90 days, or from and to as chosen (applied with a button, checked first). */
function PeriodPicker({ search }: { search: FeedbackProgressSearch }) {
  const navigate = useNavigate({ from: '/continuous-feedback/team-progress' });
  const selectId = useId();
  const [custom, setCustom] = useState(search.period === 'custom');
  const [error, setError] = useState<string | null>(null);
  const range = progressRange(search);
  function choose(value: string) {
    if (value === 'custom') {
      setCustom(true);
      return;
    }
    setCustom(false);
    setError(null);
    void navigate({ search: (s) => ({ ...s, period: value as '30' | '90', from: undefined, to: undefined }) });
  }
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const from = String(data.get('from') ?? '');
    const to = String(data.get('to') ?? '');
    if (!isDateInRange(from) || !isDateInRange(to)) return setError('Choose both dates.');
    if (from > to) return setError('The period must start on or before its end.');
    setError(null);
    void navigate({ search: (s) => ({ ...s, period: 'custom', from, to }) });
  }
  return (
    <div className="fp-period">
      <div className="field">
        <label htmlFor={selectId}>Period</label>
        <select id={selectId} value={custom ? 'custom' : (search.period ?? '90')} onChange={(e) => choose(e.target.value)}>
          <option value="30">Last 30 days</option>
          <option value="90">Last 90 days</option>
          <option value="custom">Custom dates…</option>
        </select>
      </div>
      {custom && (
        <form className="fp-custom" aria-label="Custom period" onSubmit={apply} noValidate>
          <DateField label="From" name="from" defaultValue={search.from ?? range.from} />
          <DateField label="To" name="to" defaultValue={search.to ?? range.to} />
          <button type="submit" className="button button-secondary">
            Show period
          </button>
          <FormError message={error} />
        </form>
      )}
      <p className="muted fp-range" aria-live="polite">
        From {formatDay(range.from)} to {formatDay(range.to)}
      </p>
    </div>
  );
}

function Asked({ person: p, label }: { person: Pick<FeedbackPersonProgress, 'asked' | 'answered'>; label: string }) {
  if (p.asked === 0) return <span className="muted">Nobody asked</span>;
  return <CompletionMeter completion={{ done: p.answered, total: p.asked }} label={label} />;
}

function TeamSection({ team, onlyQuiet }: { team: FeedbackTeamProgress; onlyQuiet: boolean }) {
  const name = teamName(team);
  const people = onlyQuiet ? team.people.filter((p) => p.quiet) : team.people;
  return (
    <TeamProgressSection className="tile fp-team" title={name}>
      <p className="fp-team-summary">
        <span>{team.given} given</span>
        <span>{team.received} received</span>
        <span>{team.quiet === 0 ? 'Nobody quiet' : `${plural(team.quiet, 'person', 'people')} quiet`}</span>
      </p>
      {team.asked > 0 && <Asked person={team} label={`${name} requests answered`} />}
      {team.people.length > 0 && <GivenReceivedChart team={name} people={team.people} />}
      {people.length === 0 ? (
        <p className="muted">{onlyQuiet ? `Everyone in ${name} received feedback in the last ${QUIET} days.` : 'Nobody in this team.'}</p>
      ) : (
        <ProgressTable
          label={`People of ${name}`}
          caption={`Feedback per person in ${name}`}
          rows={people}
          rowKey={(p) => p.user.id}
          rowClassName={(p) => (p.quiet ? 'fp-quiet' : undefined)}
          columns={[
            {
              header: 'Person',
              cell: (p) => (
                <>
                  {p.user.full_name}
                  {p.quiet && <span className="fp-quiet-badge">Quiet: no feedback in {QUIET} days</span>}
                </>
              ),
            },
            { header: 'Given', cell: (p) => p.given },
            { header: 'Received', cell: (p) => p.received },
            { header: 'Requests answered', className: 'fp-meter-cell', cell: (p) => <Asked person={p} label={`${p.user.full_name} requests answered`} /> },
            { header: 'Last received', cell: (p) => (p.last_received_at ? formatDay(p.last_received_at) : <span className="muted">Never</span>) },
          ]}
        />
      )}
    </TeamProgressSection>
  );
}

/**
 * /continuous-feedback/team-progress (managers: their teams and reports; admins: everyone): per
 * team and person, feedback given and received, requests answered with the shared completion
 * bands, and the people who received none in 60 days, named as quiet.
 */
export function FeedbackProgressPage({ search }: { search: FeedbackProgressSearch }) {
  const navigate = useNavigate({ from: '/continuous-feedback/team-progress' });
  const range = progressRange(search);
  const { data: teams } = useSuspenseQuery(feedbackTeamProgressQueryOptions(range));
  const onlyQuiet = search.quiet === true;
  const quiet = teams.reduce((n, t) => n + t.quiet, 0);
  return (
    <TeamProgressLayout
      className="fp-page"
      title="Feedback progress"
      intro={
        <p className="muted">
          Feedback given and received per person, and how many feedback requests they answered. People who received no feedback in {QUIET} days are marked
          quiet; their manager is reminded once.
        </p>
      }
      controls={
        <div className="fp-controls">
          <PeriodPicker search={search} />
          <label className="checkbox">
            <input type="checkbox" checked={onlyQuiet} onChange={(e) => void navigate({ search: (s) => ({ ...s, quiet: e.target.checked || undefined }) })} />
            Only quiet people ({quiet})
          </label>
        </div>
      }
      empty={teams.length === 0 ? { title: 'No team to show', children: <p>You manage no team and have no reports yet. Progress shows once you do.</p> } : null}
    >
      {teams.map((t) => (
        <TeamSection key={t.team?.id ?? 'none'} team={t} onlyQuiet={onlyQuiet} />
      ))}
    </TeamProgressLayout>
  );
}
