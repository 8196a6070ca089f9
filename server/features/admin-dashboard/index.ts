import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { requireAdmin } from '../../graphql/context.js';
import { countEngagementByDay, findTopEngagementPages } from '../engagement/engagement.repo.js';
import { countNotInvited, countUsersByStatus, findOldestInvitations, findRecentSignIns } from '../users/users.stats.repo.js';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { adminDashboardRules } from './admin-dashboard.rules.js';

import { dayStartsAt, todayIn, UTC } from '../../../shared/dates.js';
import { addDaysToDay } from '../../../shared/dates.days.js';

export const ENGAGEMENT_DAYS = 30;
const LIST_LENGTH = 5;
const TOP_PAGES = 8;

const schema = /* GraphQL */ `
  type Headcount { active: Int! invited: Int! deactivated: Int! }
  type DashboardPerson { id: ID! full_name: String! email: String! created_at: DateTime! last_login: DateTime "Latest invitation mail; null: never invited." invited_at: DateTime }
  type PendingInvitations { count: Int! "Of count, those never sent an invitation." not_invited: Int! "Longest waiting first (at most 5)." oldest: [DashboardPerson!]! }
  type EngagementDay { "UTC day, YYYY-MM-DD." day: String! events: Int! }
  type EngagementPage { path: String! events: Int! people: Int! }
  type AdminDashboard {
    headcount: Headcount!
    pending_invitations: PendingInvitations!
    "Latest sign-ins, newest first (at most 5)."
    recent_sign_ins: [DashboardPerson!]!
    "One entry per UTC day for the last 30 days, oldest first, today last."
    engagement_by_day: [EngagementDay!]!
    "Route templates with the most engagement events in the last 30 days."
    top_pages: [EngagementPage!]!
  }
  extend type Query {
    "Admin: the organization at a glance (/admin/dashboard)."
    adminDashboard: AdminDashboard!
  }
`;

/** The last `days` UTC days ending today, as YYYY-MM-DD, oldest first. */
export function lastDays(now: Date, days: number): string[] {
  const today = todayIn(UTC, now);
  return Array.from({ length: days }, (_, i) => addDaysToDay(today, i - (days - 1)));
}

/** The admin dashboard: headcount, invitations, sign-ins and engagement in one query. */
export async function adminDashboardFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, adminDashboardRules);
  app.graphql.extendSchema(schema);
  app.graphql.defineResolvers({
    Query: {
      adminDashboard: (_: unknown, __: unknown, ctx: MercuriusContext) => {
        const { organizationId } = requireAdmin(ctx);
        const { db } = ctx.services;
        const headcount = countUsersByStatus(db, organizationId);
        const days = lastDays(new Date(), ENGAGEMENT_DAYS);
        const since = dayStartsAt(days[0]!).toISOString();
        const perDay = new Map(countEngagementByDay(db, organizationId, since).map((d) => [d.day, d.events]));
        return {
          headcount,
          pending_invitations: {
            count: headcount.invited,
            not_invited: countNotInvited(db, organizationId),
            oldest: findOldestInvitations(db, organizationId, LIST_LENGTH),
          },
          recent_sign_ins: findRecentSignIns(db, organizationId, LIST_LENGTH),
          engagement_by_day: days.map((day) => ({ day, events: perDay.get(day) ?? 0 })),
          top_pages: findTopEngagementPages(db, organizationId, since, TOP_PAGES),
        };
      },
    },
  } as never);
}
