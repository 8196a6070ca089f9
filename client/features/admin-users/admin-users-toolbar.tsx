import { useEffect, useId, useRef, useState } from 'react';
import { PERMISSION_LEVELS } from '../../../shared/enums.js';
import type { TeamOption } from './admin-users.api.js';
import { LEVEL_LABEL } from './admin-users.labels.js';
import { NO_TEAM, STATUS_FILTERS, type AdminUsersSearch, type StatusFilter } from './admin-users.search.js';

const FILTER_LABEL: Record<StatusFilter, string> = { ACTIVE: 'Joined', INVITED: 'Invited', NOT_INVITED: 'Not invited yet', DEACTIVATED: 'Deactivated' };

type Props = {
  search: AdminUsersSearch;
  teams: readonly TeamOption[];
  onChange: (patch: Partial<AdminUsersSearch>) => void;
};

/** Search box, status / permission / team filters and the "Show deleted" switch; all of it lives in the URL. */
export function AdminUsersToolbar({ search, teams, onChange }: Props) {
  const id = useId();
  // What is typed shows at once; the URL follows a moment later (one history entry, no lag while typing).
  // Only typing schedules that; a change of the URL from elsewhere ("Clear search") wins over a pending one.
  const [text, setText] = useState(search.q ?? '');
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sent = useRef<string | undefined>(search.q);
  useEffect(() => {
    if (search.q === sent.current) return; // our own update arriving: what was typed since stays
    sent.current = search.q;
    clearTimeout(pending.current);
    setText(search.q ?? '');
  }, [search.q]);
  useEffect(() => () => clearTimeout(pending.current), []);
  const type = (value: string) => {
    setText(value);
    clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      sent.current = value || undefined;
      onChange({ q: sent.current });
    }, 150);
  };

  return (
    <div className="au-toolbar" role="search">
      <div className="field au-search">
        <label htmlFor={`${id}-q`}>Search</label>
        <input id={`${id}-q`} type="search" placeholder="Name, email or role" value={text} onChange={(e) => type(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          id={`${id}-status`}
          value={search.status ?? ''}
          onChange={(e) => onChange({ status: (e.target.value || undefined) as AdminUsersSearch['status'] })}
        >
          <option value="">All statuses</option>
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {FILTER_LABEL[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-level`}>Permission</label>
        <select id={`${id}-level`} value={search.level ?? ''} onChange={(e) => onChange({ level: (e.target.value || undefined) as AdminUsersSearch['level'] })}>
          <option value="">All levels</option>
          {PERMISSION_LEVELS.map((l) => (
            <option key={l} value={l}>
              {LEVEL_LABEL[l]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-team`}>Team</label>
        <select id={`${id}-team`} value={search.team ?? ''} onChange={(e) => onChange({ team: e.target.value || undefined })}>
          <option value="">All teams</option>
          <option value={NO_TEAM}>No team</option>
          {teams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      <label className="checkbox au-deleted-toggle">
        <input type="checkbox" checked={!!search.deleted} onChange={(e) => onChange({ deleted: e.target.checked || undefined })} />
        Show deleted
      </label>
    </div>
  );
}
