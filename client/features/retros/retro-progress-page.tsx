import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CompletionMeter } from '../../components/ui/completion-meter.js';
import { EmptyState } from '../../components/ui/states.js';
import { retroTeamProgressQueryOptions } from './retro-progress.api.js';
import './retro-progress.css';
import { formatDay, formatPercent } from '../../../shared/format.js';

/** Action-item completion as the shared band badge and bar; "No action items" when nothing was decided. */
export function ActionItemsMeter({ done, total, label }: { done: number; total: number; label: string }) {
  if (total === 0) return <span className="muted">No action items</span>;
  return <CompletionMeter completion={{ done, total }} label={label} />;
}

/**
 * /professional-development/sprint-retro/team-progress: per team the viewer may see (members:
 * their team; managers: the teams they manage or lead; admins: all), its ended retros, last retro,
 * participation and action-item completion with the completion bands (shared/completion.ts); each team opens its detail.
 */
export function RetroProgressPage() {
  const { data: teams } = useSuspenseQuery(retroTeamProgressQueryOptions);
  return (
    <section className="page rp-page">
      <h1>Retro team progress</h1>
      <p className="muted">From ended retros: how often each team met, who took part, and how many of the action items they decided are done.</p>
      {teams.length === 0 ? (
        <EmptyState title="No team to show"><p>You are not in a team yet, and you manage or lead none. Team progress shows once you are.</p></EmptyState>
      ) : (
        <div className="rp-table-wrap" role="region" aria-label="Teams" tabIndex={0}>
          <table className="rp-table rp-stack">
            <caption className="sr-only">Retro progress per team</caption>
            <thead>
              <tr><th scope="col">Team</th><th scope="col">Retros held</th><th scope="col">Last retro</th><th scope="col">Participation</th><th scope="col">Action items</th></tr>
            </thead>
            <tbody>
              {teams.map((t) => (
                <tr key={t.team.id}>
                  <th scope="row" data-label="Team">
                    <Link to="/professional-development/sprint-retro/team-progress/$id" params={{ id: t.team.id }}>{t.team.name}</Link>
                  </th>
                  <td data-label="Retros held">{t.retros_held}</td>
                  <td data-label="Last retro">{t.last_retro_at ? formatDay(t.last_retro_at) : <span className="muted">No retro yet</span>}</td>
                  <td data-label="Participation">{t.participation_percent === null ? <span className="muted">–</span> : formatPercent(t.participation_percent)}</td>
                  <td data-label="Action items" className="rp-meter-cell">
                    <ActionItemsMeter done={t.action_items_done} total={t.action_items_total} label={`${t.team.name} action items`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
