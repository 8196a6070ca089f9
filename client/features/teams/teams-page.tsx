import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import { pickablePeopleQueryOptions, teamsQueryOptions, useUpdateTeam, type Team } from './api.js';
import { TeamCreateDialog, TeamDeleteDialog, TeamEditDialog } from './team-dialogs.js';
import { errorMessage } from './team-errors.js';
import './teams.css';

type Open = { kind: 'create' } | { kind: 'edit' | 'delete'; id: string } | null;

const members = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

/** /admin/settings/teams: every team with its manager, lead and member count; create, edit, archive, delete. */
export function TeamsPage() {
  const { data: teams } = useSuspenseQuery(teamsQueryOptions);
  const { data: people } = useSuspenseQuery(pickablePeopleQueryOptions);
  const [open, setOpen] = useState<Open>(null);
  const [query, setQuery] = useState('');
  const update = useUpdateTeam();
  const shown = teams.filter((t) => t.name.toLowerCase().includes(query.trim().toLowerCase()));
  const current = open && open.kind !== 'create' ? teams.find((t) => t.id === open.id) : undefined;

  async function toggleArchived(team: Team) {
    const status = team.status === 'ARCHIVED' ? 'ACTIVE' : 'ARCHIVED';
    try {
      await update.mutateAsync({ id: team.id, input: { status } });
      showAlert(status === 'ARCHIVED' ? `${team.name} was archived.` : `${team.name} is active again.`, 'success');
    } catch (err) {
      showAlert(errorMessage(err), 'error');
    }
  }

  return (
    <section className="page">
      <div className="row-between">
        <h1>Teams</h1>
        <button type="button" className="button" onClick={() => setOpen({ kind: 'create' })}>
          New team
        </button>
      </div>
      <p className="muted">Each person belongs to one team. Managers and team leads see their teams under My teams.</p>
      {teams.length === 0 ? (
        <EmptyState title="No teams yet">
          <p>Create the first team, choose its manager and lead, and add people to it.</p>
        </EmptyState>
      ) : (
        <>
          <div className="field teams-search">
            <label htmlFor="teams-search">Search teams</label>
            <input id="teams-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
          </div>
          {shown.length === 0 && (
            <p className="muted" role="status">
              No team matches “{query.trim()}”.
            </p>
          )}
          <ul className="teams-list" aria-label="Teams">
            {shown.map((team) => (
              <li key={team.id} className="tile teams-item" aria-labelledby={`team-${team.id}`}>
                <div className="teams-item-head">
                  <h2 id={`team-${team.id}`}>{team.name}</h2>
                  {team.status === 'ARCHIVED' && <span className="teams-badge">Archived</span>}
                </div>
                <dl className="teams-facts">
                  <div>
                    <dt>Manager</dt>
                    <dd>{team.manager?.full_name ?? 'None'}</dd>
                  </div>
                  <div>
                    <dt>Team lead</dt>
                    <dd>{team.team_lead?.full_name ?? 'None'}</dd>
                  </div>
                  <div>
                    <dt>Members</dt>
                    <dd data-testid="team-member-count">{members(team.aggregations.count_users)}</dd>
                  </div>
                </dl>
                <div className="teams-actions">
                  <button type="button" className="button button-small" onClick={() => setOpen({ kind: 'edit', id: team.id })} aria-label={`Edit ${team.name}`}>
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    disabled={update.isPending}
                    onClick={() => void toggleArchived(team)}
                    aria-label={`${team.status === 'ARCHIVED' ? 'Restore' : 'Archive'} ${team.name}`}
                  >
                    {team.status === 'ARCHIVED' ? 'Restore' : 'Archive'}
                  </button>
                  <button
                    type="button"
                    className="button button-ghost button-small team-danger-text"
                    onClick={() => setOpen({ kind: 'delete', id: team.id })}
                    aria-label={`Delete ${team.name}`}
                  >
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {open?.kind === 'create' && (
        <TeamCreateDialog people={people} onClose={() => setOpen(null)} onCreated={(team) => setOpen({ kind: 'edit', id: team.id })} />
      )}
      {open?.kind === 'edit' && current && <TeamEditDialog team={current} people={people} onClose={() => setOpen(null)} />}
      {open?.kind === 'delete' && current && <TeamDeleteDialog team={current} onClose={() => setOpen(null)} />}
    </section>
  );
}
