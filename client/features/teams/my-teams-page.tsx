import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Avatar } from '../../components/ui/avatar.js';
import { EmptyState } from '../../components/ui/states.js';
import { myTeamsQueryOptions, type Team } from './api.js';
import './teams.css';

function rolesOf(team: Team, userId: string): string {
  const roles = [team.manager?.id === userId ? 'manager' : null, team.team_lead?.id === userId ? 'team lead' : null].filter(Boolean);
  return `You are the ${roles.join(' and ')}.`;
}

/** /admin/teams/my-teams: the teams the signed-in admin manages or leads, with their members. */
export function MyTeamsPage() {
  const { data: me } = useSuspenseQuery(myTeamsQueryOptions);
  const teams = me.managed_teams;
  return (
    <section className="page">
      <h1>My teams</h1>
      {teams.length === 0 ? (
        <EmptyState title="You do not manage or lead a team">
          <p>When you are made a team&apos;s manager or team lead, the team and its members show here.</p>
          <p>
            <Link to="/admin/settings/teams">Manage teams</Link>
          </p>
        </EmptyState>
      ) : (
        <ul className="teams-list" aria-label="Teams you manage or lead">
          {teams.map((team) => (
            <li key={team.id} className="tile teams-item" aria-labelledby={`my-team-${team.id}`}>
              <div className="teams-item-head">
                <h2 id={`my-team-${team.id}`}>{team.name}</h2>
                {team.status === 'ARCHIVED' && <span className="teams-badge">Archived</span>}
              </div>
              <p className="my-teams-roles">
                {rolesOf(team, me.id)} {team.aggregations.count_users} {team.aggregations.count_users === 1 ? 'member' : 'members'}.
              </p>
              {team.users.length === 0 ? (
                <p className="muted">Nobody is in this team yet.</p>
              ) : (
                <ul className="team-people" aria-label={`Members of ${team.name}`}>
                  {team.users.map((u) => (
                    <li key={u.id} className="team-person">
                      <Avatar userId={u.id} name={u.full_name} size={32} />
                      <span className="team-person-text">
                        <Link to="/admin/profile/user-profile/$id" params={{ id: u.id }}>
                          <strong>{u.full_name}</strong>
                        </Link>
                        <span className="muted">{u.role ?? u.email}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
