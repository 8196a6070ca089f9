import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { AdminUser } from './admin-users.api.js';
import { EmailText } from '../../components/ui/email-text.js';
import { useMediaQuery } from '../../lib/media-query.js';
import { invitationState } from '../../../shared/invitations.js';
import { LEVEL_LABEL, SORT_LABEL, STATE_LABEL, formatSignIn, stateDetail } from './admin-users.labels.js';
import type { SortKey } from './admin-users.search.js';
import { formatNumber } from '../../../shared/format.js';

const WIDE = '(min-width: 768px)';

const COLUMNS: Array<{ key: SortKey; className: string }> = [
  { key: 'name', className: 'au-col-name' },
  { key: 'email', className: 'au-col-email' },
  { key: 'status', className: 'au-col-status' },
  { key: 'permission', className: 'au-col-level' },
  { key: 'team', className: 'au-col-team' },
  { key: 'lastSignIn', className: 'au-col-signin' },
];

type Props = {
  users: readonly AdminUser[];
  total: number;
  sort: SortKey;
  dir: 'asc' | 'desc';
  onSort: (key: SortKey) => void;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (select: boolean) => void;
  onEdit: (user: AdminUser) => void;
  viewerId: string;
};

function stateCell(user: AdminUser) {
  const state = invitationState(user);
  const detail = stateDetail(user);
  return (
    <>
      <span className={`au-status au-state-${state.toLowerCase().replace('_', '-')}`}>{STATE_LABEL[state]}</span>
      {detail && <span className="au-sub">{detail}</span>}
    </>
  );
}

/** Below 768 px the rows are cards: one "Sort by" choice and its direction instead of a header per column. */
function CardSort({ sort, dir, onSort }: Pick<Props, 'sort' | 'dir' | 'onSort'>) {
  return (
    <span className="au-card-sort" role="columnheader" aria-sort={dir === 'asc' ? 'ascending' : 'descending'}>
      <label>
        Sort by{' '}
        <select value={sort} onChange={(e) => onSort(e.target.value as SortKey)}>
          {COLUMNS.map((col) => (
            <option key={col.key} value={col.key}>
              {SORT_LABEL[col.key]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button button-ghost button-small"
        onClick={() => onSort(sort)}
        aria-label={dir === 'asc' ? 'Ascending: sort descending' : 'Descending: sort ascending'}
      >
        {dir === 'asc' ? '▲ Ascending' : '▼ Descending'}
      </button>
    </span>
  );
}

/**
 * The users table: only the rows in view are in the DOM (@tanstack/react-virtual), so 5,000
 * people scroll as smoothly as 50. It scrolls inside its own box; below 768 px each row is a card.
 */
export function AdminUsersTable({ users, total, sort, dir, onSort, selected, onToggle, onToggleAll, onEdit, viewerId }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const wide = useMediaQuery(WIDE) ?? true;
  const virtualizer = useVirtualizer({
    count: users.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (wide ? 52 : 132),
    overscan: 8,
    initialRect: { width: 1000, height: 600 },
    getItemKey: (index) => users[index]!.id,
  });
  const selectable = users.filter((u) => !u.deleted_at);
  const allSelected = selectable.length > 0 && selectable.every((u) => selected.has(u.id));

  return (
    <div className="au-table" role="table" aria-label="Users" aria-rowcount={users.length + 1} data-testid="admin-users-table" data-row-count={users.length}>
      <div className="au-row au-head" role="row" aria-rowindex={1}>
        <span className="au-col-check" role="columnheader">
          <input
            type="checkbox"
            aria-label={`Select all ${formatNumber(users.length)} shown`}
            checked={allSelected}
            disabled={!selectable.length}
            onChange={(e) => onToggleAll(e.target.checked)}
          />
        </span>
        {wide ? (
          <>
            {COLUMNS.map((col) => (
              <span
                key={col.key}
                className={col.className}
                role="columnheader"
                aria-sort={sort === col.key ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                <button type="button" className="au-sort" onClick={() => onSort(col.key)}>
                  {SORT_LABEL[col.key]}
                  <span aria-hidden="true">{sort === col.key ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                </button>
              </span>
            ))}
            <span className="au-col-actions" role="columnheader">
              <span className="sr-only">Actions</span>
            </span>
          </>
        ) : (
          <CardSort sort={sort} dir={dir} onSort={onSort} />
        )}
      </div>
      <div ref={scrollRef} className="au-scroll" tabIndex={0} aria-label={`User rows, ${users.length} of ${total}`} role="rowgroup">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const user = users[item.index]!;
            const deleted = !!user.deleted_at;
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                className={`au-row${deleted ? ' au-deleted' : ''}${selected.has(user.id) ? ' au-selected' : ''}`}
                style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: item.size, transform: `translateY(${item.start}px)` }}
              >
                <span className="au-col-check" role="cell">
                  <input
                    type="checkbox"
                    aria-label={`Select ${user.full_name}`}
                    checked={selected.has(user.id)}
                    disabled={deleted}
                    onChange={() => onToggle(user.id)}
                  />
                </span>
                <span className="au-col-name" role="cell">
                  <strong>{user.full_name}</strong>
                  {user.id === viewerId && <span className="au-badge">You</span>}
                  {deleted && <span className="au-badge au-badge-deleted">Deleted</span>}
                  {user.role && <span className="au-sub">{user.role}</span>}
                </span>
                <span className="au-col-email" role="cell" title={user.email}>
                  <EmailText email={user.email} />
                </span>
                <span className="au-col-status" role="cell">
                  {stateCell(user)}
                </span>
                <span className="au-col-level" role="cell">
                  {LEVEL_LABEL[user.permission_level]}
                </span>
                <span className="au-col-team" role="cell">
                  {user.team?.name ?? <span className="muted">No team</span>}
                </span>
                <span className="au-col-signin" role="cell">
                  <span className="au-mobile-label">Last sign-in: </span>
                  {formatSignIn(user.last_login)}
                </span>
                <span className="au-col-actions" role="cell">
                  {!deleted && (
                    <button type="button" className="button button-ghost button-small" onClick={() => onEdit(user)} aria-label={`Edit ${user.full_name}`}>
                      Edit
                    </button>
                  )}
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
