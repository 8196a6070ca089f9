import { queryOptions } from '@tanstack/react-query';
import { gql } from '../../lib/graphql.js';

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

const ADMIN_DASHBOARD = /* GraphQL */ `
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
`;

export const adminDashboardQueryOptions = queryOptions({
  queryKey: ['admin', 'dashboard'],
  queryFn: () => gql<{ adminDashboard: AdminDashboard; readsPublicForms: boolean }>(ADMIN_DASHBOARD),
});

export type ContactMessage = { id: string; name: string; email: string; company: string; message: string; created_at: string };
export type GuideLead = { id: string; name: string; email: string; company: string; team_size: string; created_at: string };

const PUBLIC_INBOX = /* GraphQL */ `
  query PublicInbox($limit: Int!) {
    contactMessages(limit: $limit) { total items { id name email company message created_at } }
    guideLeads(limit: $limit) { total items { id name email company team_size created_at } }
  }
`;

export const publicInboxQueryOptions = (limit: number) => queryOptions({
  queryKey: ['admin', 'public-inbox', limit],
  queryFn: () => gql<{ contactMessages: { total: number; items: ContactMessage[] }; guideLeads: { total: number; items: GuideLead[] } }>(PUBLIC_INBOX, { limit }),
});
