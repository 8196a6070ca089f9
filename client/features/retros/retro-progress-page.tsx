import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CompletionMeter } from '../../components/ui/completion-meter.js';
import { ProgressTable } from '../../components/ui/progress-table.js';
import { TeamProgressLayout } from '../../components/ui/team-progress.js';
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
    <TeamProgressLayout
      className="rp-page"
      title="Retro team progress"
      intro={<p className="muted">From ended retros: how often each team met, who took part, and how many of the action items they decided are done.</p>}
      empty={
        teams.length === 0
          ? { title: 'No team to show', children: <p>You are not in a team yet, and you manage or lead none. Team progress shows once you are.</p> }
          : null
      }
    >
      <ProgressTable
        label="Teams"
        caption="Retro progress per team"
        rows={teams}
        rowKey={(t) => t.team.id}
        columns={[
          {
            header: 'Team',
            cell: (t) => (
              <Link to="/professional-development/sprint-retro/team-progress/$id" params={{ id: t.team.id }}>
                {t.team.name}
              </Link>
            ),
          },
          { header: 'Retros held', cell: (t) => t.retros_held },
          { header: 'Last retro', cell: (t) => (t.last_retro_at ? formatDay(t.last_retro_at) : <span className="muted">No retro yet</span>) },
          {
            header: 'Participation',
            cell: (t) => (t.participation_percent === null ? <span className="muted">–</span> : formatPercent(t.participation_percent)),
          },
          {
            header: 'Action items',
            className: 'rp-meter-cell',
            cell: (t) => <ActionItemsMeter done={t.action_items_done} total={t.action_items_total} label={`${t.team.name} action items`} />,
          },
        ]}
      />
    </TeamProgressLayout>
  );
}
