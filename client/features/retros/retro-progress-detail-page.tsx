import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../components/ui/states.js';
import { ProgressTable } from '../../components/ui/progress-table.js';
import { CompletionChart, HealthChart } from './retro-charts.js';
import { ActionItemsMeter } from './retro-progress-page.js';
import { retroLabel, retroTeamProgressDetailQueryOptions, type RetroTeamProgressDetail } from './retro-progress.api.js';
import './retro-progress.css';
import { formatDay, formatPercent } from '../../../shared/format.js';

const BACK = (
  <Link to="/professional-development/sprint-retro/team-progress" className="rp-back">
    ← All teams
  </Link>
);

/** /professional-development/sprint-retro/team-progress/$id: one team's retros, health trend and recurring themes. */
export function RetroProgressDetailPage({ teamId }: { teamId: string }) {
  const { data: answer } = useSuspenseQuery(retroTeamProgressDetailQueryOptions(teamId));
  if (answer.kind === 'missing') {
    return (
      <section className="page rp-page">
        {BACK}
        <h1>Retro progress</h1>
        <p role="alert" className="form-error">
          This team is not one whose retros you can see (or it does not exist).
        </p>
      </section>
    );
  }
  return <Detail detail={answer.detail} />;
}

function Detail({ detail }: { detail: RetroTeamProgressDetail }) {
  const { summary, sprints, health_trend: health, themes } = detail;
  const newestFirst = [...sprints].reverse();
  const labels = new Map(sprints.map((s) => [s.retro_id, retroLabel(s)]));
  return (
    <section className="page rp-page">
      {BACK}
      <h1>{summary.team.name}: retro progress</h1>
      <dl className="tile rp-summary">
        <div>
          <dt>Retros held</dt>
          <dd>{summary.retros_held}</dd>
        </div>
        <div>
          <dt>Last retro</dt>
          <dd>{summary.last_retro_at ? formatDay(summary.last_retro_at) : 'None yet'}</dd>
        </div>
        <div>
          <dt>Participation</dt>
          <dd>{summary.participation_percent === null ? '–' : formatPercent(summary.participation_percent)}</dd>
        </div>
        <div className="rp-summary-wide">
          <dt>Action items</dt>
          <dd>
            <ActionItemsMeter done={summary.action_items_done} total={summary.action_items_total} label="All action items" />
          </dd>
        </div>
      </dl>
      {sprints.length === 0 ? (
        <EmptyState title="No ended retro yet">
          <p>Progress, health and themes show once the team has finished a retro.</p>
        </EmptyState>
      ) : (
        <>
          <section className="tile rp-section" aria-labelledby="rp-retros">
            <h2 id="rp-retros">Per retro</h2>
            <ProgressTable
              label="Retros"
              caption="Participation and action items per retro, newest first"
              rows={newestFirst}
              rowKey={(s) => s.retro_id}
              columns={[
                {
                  header: 'Retro',
                  cell: (s) => (
                    <>
                      <Link to="/professional-development/sprint-retro/review/$id" params={{ id: s.retro_id }}>
                        {s.title}
                      </Link>
                      {s.sprint_name && <span className="muted rp-sprint">{s.sprint_name}</span>}
                    </>
                  ),
                },
                { header: 'Held', cell: (s) => formatDay(s.held_at) },
                { header: 'Participation', cell: (s) => `${s.participants} of ${s.team_size}` },
                {
                  header: 'Action items',
                  className: 'rp-meter-cell',
                  cell: (s) => <ActionItemsMeter done={s.action_items_done} total={s.action_items_total} label={`${s.title} action items`} />,
                },
              ]}
            />
          </section>
          <section className="tile rp-section" aria-labelledby="rp-completion">
            <h2 id="rp-completion">Action-item completion per sprint</h2>
            <CompletionChart sprints={sprints} />
          </section>
          <section className="tile rp-section" aria-labelledby="rp-health">
            <h2 id="rp-health">Team health</h2>
            {health.length === 0 ? (
              <p className="muted">None of these retros had a health check.</p>
            ) : (
              <>
                <p className="muted">Average score from 1 to 5; a retro with fewer than 3 answers shows no average.</p>
                <HealthChart trends={health} labels={labels} />
              </>
            )}
          </section>
          <section className="tile rp-section" aria-labelledby="rp-themes">
            <h2 id="rp-themes">Recurring themes</h2>
            {themes.length === 0 ? (
              <p className="muted">No word or phrase came up in two or more retros yet.</p>
            ) : (
              <>
                <p className="muted">Words and phrases from group titles and reflections that came back in two or more retros.</p>
                <ol className="rp-themes">
                  {themes.map((t) => (
                    <li key={t.term}>
                      <span className="rp-term">{t.term}</span>
                      <span className="muted">{`in ${t.retros} retros, ${t.mentions} ${t.mentions === 1 ? 'mention' : 'mentions'}`}</span>
                    </li>
                  ))}
                </ol>
              </>
            )}
          </section>
        </>
      )}
    </section>
  );
}
