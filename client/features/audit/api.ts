import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditAction } from '../../../shared/audit.js';
import type { AuditSearch } from './audit.search.js';
import { downloadWithToken } from '../../lib/download.js';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';

/** Events per page on the screen. */
export const AUDIT_PAGE_SIZE = 50;

export const EVENTS = graphql(`
  query AuditEvents($filter: AuditEventFilter, $first: Int, $after: String) {
    auditEvents(filter: $filter, first: $first, after: $after) {
      events { id at action action_label actor_id actor_name actor_label subject_id subject_name subject_label ip summary }
      next_cursor
    }
  }
`);

export type AuditEvent = ResultOf<typeof EVENTS>['auditEvents']['events'][number];

/** A calendar day (YYYY-MM-DD) in the viewer's time zone as an instant: its start, or with `end` its last millisecond. */
function dayInstant(day: string, end: boolean): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, end ? d + 1 : d, 0, 0, 0, end ? -1 : 0).toISOString();
}

/** The screen's URL filters as the server's: the days become instants of the viewer's own days. */
export function serverFilter(search: AuditSearch): { action?: AuditAction; person?: string; from_at?: string; to_at?: string } {
  return {
    ...(search.action ? { action: search.action } : {}),
    ...(search.person ? { person: search.person } : {}),
    ...(search.from ? { from_at: dayInstant(search.from, false) } : {}),
    ...(search.to ? { to_at: dayInstant(search.to, true) } : {}),
  };
}

export const auditEventsQueryOptions = (search: AuditSearch) => {
  const filter = serverFilter(search);
  return infiniteQueryOptions({
    queryKey: ['auditEvents', filter],
    queryFn: async ({ pageParam }) => (await gql(EVENTS, { filter, first: AUDIT_PAGE_SIZE, after: pageParam })).auditEvents,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
};

export const SETTINGS = graphql(`query AuditSettings { auditSettings { retention_days } }`);
export const UPDATE_SETTINGS = graphql(`mutation UpdateAuditSettings($days: Int!) { updateAuditSettings(retention_days: $days) { retention_days } }`);

export const auditSettingsQueryOptions = queryOptions({
  queryKey: ['auditSettings'],
  queryFn: async () => (await gql(SETTINGS)).auditSettings,
});

/** Saves the retention; the change itself appears in the log, so the events are read again. */
export function useUpdateAuditSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (days: number) => (await gql(UPDATE_SETTINGS, { days })).updateAuditSettings,
    onSuccess: (saved) => queryClient.setQueryData(auditSettingsQueryOptions.queryKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['auditEvents'] }),
  });
}

/** Downloads the log as CSV with the screen's filters (GET with the access token). */
export function downloadAuditCsv(search: AuditSearch): Promise<void> {
  const query = new URLSearchParams(serverFilter(search)).toString();
  return downloadWithToken(`/api/admin/audit/export.csv${query ? `?${query}` : ''}`, 'teamlens-audit-log.csv');
}
