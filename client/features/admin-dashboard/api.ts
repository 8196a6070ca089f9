import { queryOptions } from '@tanstack/react-query';
import { gql, graphql } from '../../lib/graphql.js';

export type DashboardPerson = { id: string; full_name: string; email: string; created_at: string; last_login: string | null; invited_at: string | null };
export type EngagementDay = { day: string; events: number };
export type AdminDashboard = {
  headcount: { active: number; invited: number; deactivated: number };
  pending_invitations: { count: number; not_invited: number; oldest: DashboardPerson[] };
  recent_sign_ins: DashboardPerson[];
  engagement_by_day: EngagementDay[];
  top_pages: Array<{ path: string; events: number; people: number }>;
};

const PERSON = 'id full_name email created_at last_login invited_at';

export const ADMIN_DASHBOARD = graphql(`
  query AdminDashboard {
    adminDashboard {
      headcount { active invited deactivated }
      pending_invitations { count not_invited oldest { ${PERSON} } }
      recent_sign_ins { ${PERSON} }
      engagement_by_day { day events }
      top_pages { path events people }
    }
    readsPublicForms
  }
`);

export const adminDashboardQueryOptions = queryOptions({
  queryKey: ['admin', 'dashboard'],
  queryFn: () => gql(ADMIN_DASHBOARD),
});

export type ContactMessage = { id: string; name: string; email: string; company: string; message: string; created_at: string };
export type GuideLead = { id: string; name: string; email: string; company: string; team_size: string; created_at: string };

export const PUBLIC_INBOX = graphql(`
  query PublicInbox($limit: Int!) {
    contactMessages(limit: $limit) { total items { id name email company message created_at } }
    guideLeads(limit: $limit) { total items { id name email company team_size created_at } }
  }
`);

export const publicInboxQueryOptions = (limit: number) => queryOptions({
  queryKey: ['admin', 'public-inbox', limit],
  queryFn: () => gql(PUBLIC_INBOX, { limit }),
});
