import { queryOptions } from '@tanstack/react-query';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';

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

export type AdminDashboard = ResultOf<typeof ADMIN_DASHBOARD>['adminDashboard'];
export type DashboardPerson = AdminDashboard['recent_sign_ins'][number];
export type EngagementDay = AdminDashboard['engagement_by_day'][number];

export const adminDashboardQueryOptions = queryOptions({
  queryKey: ['admin', 'dashboard'],
  queryFn: () => gql(ADMIN_DASHBOARD),
});

export const PUBLIC_INBOX = graphql(`
  query PublicInbox($limit: Int!) {
    contactMessages(limit: $limit) { total items { id name email company message created_at } }
    guideLeads(limit: $limit) { total items { id name email company team_size created_at } }
  }
`);

export type ContactMessage = ResultOf<typeof PUBLIC_INBOX>['contactMessages']['items'][number];
export type GuideLead = ResultOf<typeof PUBLIC_INBOX>['guideLeads']['items'][number];

export const publicInboxQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: ['admin', 'public-inbox', limit],
    queryFn: () => gql(PUBLIC_INBOX, { limit }),
  });
