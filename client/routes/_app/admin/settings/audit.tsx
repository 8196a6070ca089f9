import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import '../../../../features/org-settings/org-settings.css';
import '../../../../features/jobs/jobs.css';
import '../../../../features/audit/audit.css';
import { auditSearchSchema, type AuditSearch } from '../../../../features/audit/audit.search.js';
import { auditEventsQueryOptions, auditSettingsQueryOptions } from '../../../../features/audit/api.js';
import { AuditFilters } from '../../../../features/audit/audit-filters.js';
import { AuditLogTable } from '../../../../features/audit/audit-log-table.js';
import { AuditRetentionForm } from '../../../../features/audit/audit-retention-form.js';
import { pickablePeopleQueryOptions } from '../../../../features/teams/api.js';

export const Route = createFileRoute('/_app/admin/settings/audit')({
  validateSearch: (search: Record<string, unknown>): AuditSearch => auditSearchSchema.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // The events load in their own section (with a loading state); the page waits only for its settings.
    void context.queryClient.prefetchInfiniteQuery(auditEventsQueryOptions(deps));
    return Promise.all([context.queryClient.ensureQueryData(auditSettingsQueryOptions), context.queryClient.ensureQueryData(pickablePeopleQueryOptions)]);
  },
  component: AuditLogPage,
});

/** /admin/settings/audit: security-relevant events with filters, the CSV download and the retention. */
function AuditLogPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: settings } = useSuspenseQuery(auditSettingsQueryOptions);
  const { data: people } = useSuspenseQuery(pickablePeopleQueryOptions);
  const filtered = Object.values(search).some(Boolean);
  return (
    <section className="page settings-page">
      <h1>Audit log</h1>
      <p className="muted">
        Security-relevant events in your organization: sign-ins, password resets, ended sessions, changes to people’s access, bulk creation, exports, email
        links an admin read, integration secrets and feature areas. Events cannot be changed or deleted; they are kept for {settings.retention_days} days. Times
        are in your time zone.
      </p>
      <AuditFilters search={search} people={people} onApply={(next) => void navigate({ search: next })} />
      <AuditLogTable search={search} filtered={filtered} />
      <AuditRetentionForm days={settings.retention_days} />
    </section>
  );
}
