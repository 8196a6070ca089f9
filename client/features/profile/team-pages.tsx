import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Avatar } from '../../components/ui/avatar.js';
import { EmptyState } from '../../components/ui/states.js';
import { myProfileQueryOptions, teamListQueryOptions, teamQueryOptions, type PersonRef, type TeamDetails, type TeamSummary } from './api.js';
import { AccentPicker } from './accent-picker.js';
import { accentStyle, useAccent } from './profile-accent.js';
import { personPath, teamPath, type ProfileArea } from './profile-links.js';
import './profile.css';

function PersonLink({ person, area, label }: { person: PersonRef; area: ProfileArea; label: string }) {
  return (
    <div className="team-lead-card">
      <Avatar userId={person.id} name={person.full_name} size={48} imageUrl={person.profile_picture?.url} />
      <div>
        <p className="muted team-lead-label">{label}</p>
        <Link to={personPath(area)} params={{ id: person.id }} className="team-person-name">
          {person.full_name}
        </Link>
        {person.role && <p className="muted team-person-role">{person.role}</p>}
      </div>
    </div>
  );
}

/** A team: name, manager, team lead and members, each linking to their profile; the remembered page colour. */
export function TeamView({ team, area }: { team: TeamDetails; area: ProfileArea }) {
  const accent = useAccent();
  return (
    <section className="page team-page" style={accentStyle(accent)}>
      <div className="team-banner">
        <div>
          <p className="muted team-kicker">Team</p>
          <h1>{team.name}</h1>
          <p className="muted">
            {team.members.length} {team.members.length === 1 ? 'member' : 'members'}
            {team.status !== 'ACTIVE' ? ` · ${team.status.toLowerCase()}` : ''}
          </p>
        </div>
        <AccentPicker />
      </div>
      <div className="team-leads">
        {team.manager ? <PersonLink person={team.manager} area={area} label="Manager" /> : <p className="muted">No manager set.</p>}
        {team.team_lead ? <PersonLink person={team.team_lead} area={area} label="Team lead" /> : <p className="muted">No team lead set.</p>}
      </div>
      <h2 className="section-title">Members</h2>
      {team.members.length === 0 ? (
        <EmptyState title="No members yet">
          <p>An admin adds people to this team in the admin area.</p>
        </EmptyState>
      ) : (
        <ul className="team-members" aria-label={`Members of ${team.name}`}>
          {team.members.map((m) => (
            <li key={m.id} className="team-member">
              <Avatar userId={m.id} name={m.full_name} size={40} imageUrl={m.profile_picture?.url} />
              <div className="team-member-text">
                <Link to={personPath(area)} params={{ id: m.id }} className="team-person-name">
                  {m.full_name}
                </Link>
                <span className="muted">
                  {[
                    m.role ?? 'No role set',
                    m.id === team.manager?.id ? 'manager' : null,
                    m.id === team.team_lead?.id ? 'team lead' : null,
                    m.status === 'INVITED' ? 'invited' : m.status === 'DEACTIVATED' ? 'deactivated' : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function TeamNotFound({ area }: { area: ProfileArea }) {
  return (
    <div className="state-card" role="alert">
      <h1>Team not found</h1>
      <p>Your organization has no team at this address. It may have been removed, or the link is wrong.</p>
      <Link to={area === 'admin' ? '/admin/profile/team' : '/profile/team'}>Go to {area === 'admin' ? 'all teams' : 'your team'}</Link>
    </div>
  );
}

export function TeamByIdPage({ id, area }: { id: string; area: ProfileArea }) {
  const { data: team } = useSuspenseQuery(teamQueryOptions(id));
  return team ? <TeamView team={team} area={area} /> : <TeamNotFound area={area} />;
}

/** /profile/team: the team I belong to; otherwise the teams I lead and those of the managers who report to me, or an empty state. */
export function MyTeamPage() {
  const { data: me } = useSuspenseQuery(myProfileQueryOptions);
  if (me.team) return <TeamByIdPage id={me.team.id} area="user" />;
  return <TeamsInMyLine meId={me.id} />;
}

/** A head of several teams (the demo's admin) sees the teams in their line instead of an empty page. */
function TeamsInMyLine({ meId }: { meId: string }) {
  const { data: teams } = useSuspenseQuery(teamListQueryOptions);
  const led = teams.filter((t) => t.manager?.id === meId);
  const below = teams.filter((t) => t.manager && t.manager.id !== meId && t.manager.manager?.id === meId);
  return (
    <section className="page">
      <h1>My team</h1>
      {led.length + below.length === 0 ? (
        <EmptyState title="You are not in a team yet">
          <p>
            An admin can add you to a team. Meanwhile, find colleagues in the <Link to="/profile/user-profile/organization-chart">organization chart</Link>.
          </p>
        </EmptyState>
      ) : (
        <p className="muted">You are not a member of a team; these are the teams you lead and those of the managers who report to you.</p>
      )}
      {led.length > 0 && <TeamTiles title="Teams you lead" teams={led} />}
      {below.length > 0 && <TeamTiles title="Teams of people who report to you" teams={below} />}
    </section>
  );
}

function TeamTiles({ title, teams }: { title: string; teams: TeamSummary[] }) {
  return (
    <>
      <h2 className="section-title">{title}</h2>
      <TeamTileList teams={teams} area="user" heading="h3" />
    </>
  );
}

function TeamTileList({ teams, area, heading: Heading }: { teams: TeamSummary[]; area: ProfileArea; heading: 'h2' | 'h3' }) {
  return (
    <ul className="card-grid">
      {teams.map((t) => (
        <li key={t.id} className="tile">
          <Heading>
            <Link to={teamPath(area)} params={{ id: t.id }}>
              {t.name}
            </Link>
          </Heading>
          <p className="muted">
            {t.aggregations.count_users} {t.aggregations.count_users === 1 ? 'member' : 'members'} ·{' '}
            {t.manager ? `managed by ${t.manager.full_name}` : 'no manager'}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** /admin/profile/team: every team of the organization. */
export function TeamListPage() {
  const { data: teams } = useSuspenseQuery(teamListQueryOptions);
  return (
    <section className="page">
      <h1>Teams</h1>
      {teams.length === 0 ? (
        <EmptyState title="No teams yet">
          <p>
            Create teams under <Link to="/admin/settings/teams">Settings → Teams</Link>.
          </p>
        </EmptyState>
      ) : (
        <TeamTileList teams={teams} area="admin" heading="h2" />
      )}
    </section>
  );
}
