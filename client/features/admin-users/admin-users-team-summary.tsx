import { useMemo } from 'react';
import type { AdminUser, TeamOption } from './admin-users.api.js';
import { NO_TEAM } from './admin-users.search.js';
import { formatNumber } from '../../../shared/format.js';

type Props = { users: readonly AdminUser[]; teams: readonly TeamOption[]; active: string | undefined; onPick: (team: string | undefined) => void };

/** Team members view: how many people each team has; picking a team filters the table to it. */
export function AdminUsersTeamSummary({ users, teams, active, onPick }: Props) {
  const counts = useMemo(() => {
    const map = new Map<string, number>();
    for (const u of users) {
      if (u.deleted_at) continue;
      const key = u.team?.id ?? NO_TEAM;
      map.set(key, (map.get(key) ?? 0) + 1);
    }
    return map;
  }, [users]);
  const chips = [...teams.map((t) => ({ id: t.id, name: t.name })), { id: NO_TEAM, name: 'No team' }];
  return (
    <nav className="au-teams" aria-label="Teams">
      <ul>
        <li>
          <button type="button" className="au-chip" aria-pressed={!active} onClick={() => onPick(undefined)}>
            All teams
          </button>
        </li>
        {chips.map((c) => (
          <li key={c.id}>
            <button type="button" className="au-chip" aria-pressed={active === c.id} onClick={() => onPick(active === c.id ? undefined : c.id)}>
              {c.name} <span className="au-chip-count">{formatNumber(counts.get(c.id) ?? 0)}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
