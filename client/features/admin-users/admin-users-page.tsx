import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useMemo, useState, type MouseEvent } from 'react';
import { invitationState } from '../../../shared/invitations.js';
import { PendingView } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import { meQueryOptions } from '../users/api.js';
import { adminUsersQueryOptions, teamOptionsQueryOptions, type AdminUser, type TeamOption } from './admin-users.api.js';
import { AdminUserEditDialog } from './admin-user-edit-dialog.js';
import { AdminUsersAddDialog } from './admin-users-add-dialog.js';
import { SendToAllNotInvited } from './admin-users-invite-dialog.js';
import { AdminUsersBulkBar } from './admin-users-bulk-bar.js';
import { downloadUsersCsv } from './admin-users-download.js';
import { AdminUsersEmpty } from './admin-users-empty.js';
import { countLabel } from './admin-users.labels.js';
import { selectUsers, type AdminUsersSearch, type SortKey } from './admin-users.search.js';
import { AdminUsersTable } from './admin-users-table.js';
import { AdminUsersTeamSummary } from './admin-users-team-summary.js';
import { AdminUsersToolbar } from './admin-users-toolbar.js';
import './admin-users.css';
import { formatNumber } from '../../../shared/format.js';

export const IMPORT_PATH = '/admin/settings/users/import';

export type AdminUsersPageProps = {
  title: string;
  intro: string;
  /** /admin/teams/users opens sorted by team, with member counts per team above the table. */
  variant: 'users' | 'teams';
  search: AdminUsersSearch;
  onSearchChange: (patch: Partial<AdminUsersSearch>) => void;
};

/** The admin users screen: heading and file actions at once, the list as soon as it has arrived. */
export function AdminUsersPage(props: AdminUsersPageProps) {
  const router = useRouter();
  const [downloading, setDownloading] = useState(false);
  const deleted = !!props.search.deleted;

  function openImport(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href: IMPORT_PATH });
  }

  async function download() {
    setDownloading(true);
    try {
      await downloadUsersCsv(deleted);
    } catch (err) {
      showAlert(err instanceof Error ? err.message : 'The download failed.', 'error');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="page au-page">
      <div className="row-between">
        <div>
          <h1>{props.title}</h1>
          <p className="muted au-intro">{props.intro}</p>
        </div>
        <div className="au-file-actions">
          <AdminUsersAddDialog />
          <a className="button button-secondary button-small" href={IMPORT_PATH} onClick={openImport}>
            Import users from CSV
          </a>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => void download()}
            disabled={downloading}
            aria-busy={downloading || undefined}
          >
            {downloading ? 'Preparing…' : 'Download users (CSV)'}
          </button>
        </div>
      </div>
      <AdminUsersData {...props} />
    </section>
  );
}

/**
 * The list is read with useQuery, not useSuspenseQuery: React 19 holds back revealing a Suspense
 * boundary for up to 300 ms after its fallback showed, which was a third of the time to show
 * 5,000 people (docs/decisions/0007). The previous list stays while "Show deleted" loads.
 */
function AdminUsersData(props: AdminUsersPageProps) {
  const users = useQuery({ ...adminUsersQueryOptions(!!props.search.deleted), placeholderData: keepPreviousData });
  const teams = useQuery(teamOptionsQueryOptions);
  const failed = users.error ?? teams.error;
  if (failed && (!users.data || !teams.data)) {
    return (
      <div className="state-card" role="alert">
        <h2>The users could not be loaded</h2>
        <p>{failed.message}</p>
        <button type="button" className="button" onClick={() => void Promise.all([users.refetch(), teams.refetch()])}>
          Try again
        </button>
      </div>
    );
  }
  if (!users.data || !teams.data) return <PendingView label="Loading users…" />;
  return <AdminUsersContent {...props} users={users.data} teams={teams.data} />;
}

function AdminUsersContent({ variant, search, onSearchChange, users, teams }: AdminUsersPageProps & { users: AdminUser[]; teams: TeamOption[] }) {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editingId, setEditingId] = useState<string | null>(null);
  // The row as last loaded: the edit dialog shows a resent invitation's new date.
  const editing = editingId ? (users.find((u) => u.id === editingId) ?? null) : null;
  const notInvited = useMemo(() => users.filter((u) => !u.deleted_at && invitationState(u) === 'NOT_INVITED').length, [users]);

  const sort: SortKey = search.sort ?? (variant === 'teams' ? 'team' : 'name');
  const dir = search.dir ?? 'asc';
  const shown = useMemo(() => selectUsers(users, { ...search, sort, dir }), [users, search, sort, dir]);
  const selectedShown = useMemo(() => shown.filter((u) => selected.has(u.id)), [shown, selected]);

  function toggle(id: string) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }
  const toggleAll = (on: boolean) => setSelected(on ? new Set(shown.filter((u) => !u.deleted_at).map((u) => u.id)) : new Set());
  const onSort = (key: SortKey) => onSearchChange({ sort: key, dir: key === sort && dir === 'asc' ? 'desc' : 'asc' });
  const filtered = !!(search.q || search.status || search.level || search.team);

  return (
    <>
      {notInvited > 0 && (
        <div className="au-invite-callout" role="region" aria-label="Invitations">
          <p>{countLabel(notInvited, 'person has', 'people have')} not been invited yet: no email has been sent to them.</p>
          <SendToAllNotInvited count={notInvited} />
        </div>
      )}
      <AdminUsersToolbar search={search} teams={teams} onChange={onSearchChange} />
      {variant === 'teams' && <AdminUsersTeamSummary users={users} teams={teams} active={search.team} onPick={(team) => onSearchChange({ team })} />}
      <p className="au-count" role="status" aria-live="polite" data-testid="admin-users-count">
        {filtered ? `Showing ${formatNumber(shown.length)} of ${countLabel(users.length, 'person', 'people')}` : countLabel(users.length, 'person', 'people')}
        {search.deleted ? ' (deleted people included)' : ''}
      </p>
      {selectedShown.length > 0 && <AdminUsersBulkBar people={selectedShown} teams={teams} onDone={() => setSelected(new Set())} />}
      {shown.length === 0 ? (
        <AdminUsersEmpty anyone={users.length > 0} onClear={() => onSearchChange({ q: undefined, status: undefined, level: undefined, team: undefined })} />
      ) : (
        <AdminUsersTable
          users={shown}
          total={users.length}
          sort={sort}
          dir={dir}
          onSort={onSort}
          selected={selected}
          onToggle={toggle}
          onToggleAll={toggleAll}
          onEdit={(u) => setEditingId(u.id)}
          viewerId={me.id}
        />
      )}
      {editing && <AdminUserEditDialog key={editing.id} user={editing} users={users} teams={teams} onClose={() => setEditingId(null)} />}
    </>
  );
}
