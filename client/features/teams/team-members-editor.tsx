import { useMemo, useState } from 'react';
import { Avatar } from '../../components/ui/avatar.js';
import { showAlert } from '../../lib/alerts.js';
import { useAddTeamMembers, useRemoveTeamMembers, type PickablePerson, type Team } from './api.js';
import { matchesPerson } from './person-picker.js';
import { errorMessage } from './team-errors.js';

const RESULTS_LIMIT = 20;

/** The team's members: remove one, or find people and add them (they leave their previous team). */
export function TeamMembersEditor({ team, people }: { team: Team; people: readonly PickablePerson[] }) {
  const add = useAddTeamMembers();
  const remove = useRemoveTeamMembers();
  const [query, setQuery] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const memberIds = useMemo(() => new Set(team.users.map((u) => u.id)), [team.users]);
  const candidates = useMemo(
    () => people.filter((p) => !memberIds.has(p.id) && p.status !== 'DEACTIVATED' && matchesPerson(p, query)),
    [people, memberIds, query],
  );
  const busy = add.isPending || remove.isPending;

  async function change(kind: 'add' | 'remove', person: { id: string; full_name: string }) {
    try {
      if (kind === 'add') await add.mutateAsync({ id: team.id, userIds: [person.id] });
      else await remove.mutateAsync({ id: team.id, userIds: [person.id] });
      setAnnouncement(kind === 'add' ? `${person.full_name} joined ${team.name}.` : `${person.full_name} left ${team.name}.`);
    } catch (err) {
      showAlert(errorMessage(err), 'error');
    }
  }

  return (
    <section className="team-members" aria-labelledby={`members-${team.id}`}>
      <h3 id={`members-${team.id}`}>Members ({team.users.length})</h3>
      <p className="sr-only" role="status">
        {announcement}
      </p>
      {team.users.length === 0 ? (
        <p className="muted">Nobody is in this team yet. Find people below to add them.</p>
      ) : (
        <ul className="team-people" aria-label={`Members of ${team.name}`}>
          {team.users.map((u) => (
            <li key={u.id} className="team-person">
              <Avatar userId={u.id} name={u.full_name} size={32} />
              <span className="team-person-text">
                <strong>{u.full_name}</strong>
                <span className="muted">{u.email}</span>
              </span>
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={busy}
                onClick={() => void change('remove', u)}
                aria-label={`Remove ${u.full_name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={`find-${team.id}`}>Find people to add</label>
        <input
          id={`find-${team.id}`}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search by name or email"
          autoComplete="off"
        />
      </div>
      {candidates.length === 0 ? (
        <p className="muted">{query.trim() ? 'Nobody matches this search.' : 'Everybody is already in this team.'}</p>
      ) : (
        <ul className="team-people" aria-label="People to add">
          {candidates.slice(0, RESULTS_LIMIT).map((p) => (
            <li key={p.id} className="team-person">
              <Avatar userId={p.id} name={p.full_name} size={32} />
              <span className="team-person-text">
                <strong>{p.full_name}</strong>
                <span className="muted">{p.team ? `In ${p.team.name}; adding moves them` : p.email}</span>
              </span>
              <button type="button" className="button button-small" disabled={busy} onClick={() => void change('add', p)} aria-label={`Add ${p.full_name}`}>
                Add
              </button>
            </li>
          ))}
        </ul>
      )}
      {candidates.length > RESULTS_LIMIT && (
        <p className="field-hint">
          Showing {RESULTS_LIMIT} of {candidates.length}; type to narrow.
        </p>
      )}
    </section>
  );
}
