import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { installSignUpQueryOptions } from './install-api.js';
import { serverBackupsQueryOptions, type ServerBackups } from './backups-api.js';
import './org-settings.css';
import { formatDateTime } from '../../../shared/format.js';

/** 1.9 MB, 512 kB: bytes as people read them (powers of 1,024, as `ls -lh` and file managers show). */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} kB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

function schedule(b: ServerBackups): string {
  if (!b.every_hours) return 'None scheduled (BACKUP_EVERY_HOURS=0): back up with teamlens backup.';
  const every = b.every_hours === 24 ? 'Daily' : `Every ${b.every_hours} hours`;
  return `${every}, keeping the newest ${b.keep}${b.next_at ? `; next on ${formatDateTime(b.next_at)}` : ''}.`;
}

function Details({ backups }: { backups: ServerBackups }) {
  return (
    <>
      {backups.last_error && (
        <p role="alert" className="form-error">
          The last scheduled backup failed{backups.last_error_at ? ` (${formatDateTime(backups.last_error_at)})` : ''}: {backups.last_error}. It is tried again;
          the server log says more.
        </p>
      )}
      <dl className="details">
        <dt>Last backup</dt>
        <dd>{backups.last ? `${formatDateTime(backups.last.created_at)}, ${formatSize(backups.last.size)}` : 'None yet.'}</dd>
        {backups.last && (
          <>
            <dt>File</dt>
            <dd>
              <code>{backups.last.name}</code> ({backups.count} kept in <code>{backups.directory}</code>)
            </dd>
          </>
        )}
        <dt>Schedule</dt>
        <dd>{schedule(backups)}</dd>
      </dl>
    </>
  );
}

/**
 * The install's database backups, for the admins of the operator organization (the one that runs
 * the server): a backup holds every organization's data. Scheduled on the server
 * (BACKUP_EVERY_HOURS, BACKUP_KEEP); restoring is done on the server with `teamlens restore`.
 */
export function BackupsSection() {
  const headingId = useId();
  const { data: install } = useSuspenseQuery(installSignUpQueryOptions);
  const backups = useQuery({ ...serverBackupsQueryOptions, enabled: install.is_operator_organization });
  if (!install.is_operator_organization) return null;
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Backups</h2>
      <p>
        This server copies its database (every organization on it) on a schedule, checks each copy and keeps the newest ones on the server. Copy them off the
        machine too; to restore one, stop the server and run <code>teamlens restore &lt;file&gt;</code>.
      </p>
      {backups.isPending ? (
        <p className="muted">Loading backups…</p>
      ) : backups.isError ? (
        <p role="alert" className="form-error">
          The backups could not be loaded: {backups.error.message}
        </p>
      ) : (
        <Details backups={backups.data} />
      )}
    </section>
  );
}
