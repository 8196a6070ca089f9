import type { MercuriusContext } from 'mercurius';
import { reviewReminderSettingsSchema } from '../../../shared/review-reminders.schemas.js';
import { requireAdmin } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import { requireAutomationViewer } from './reviews.automation.access.js';
import { findReminderSettings, saveReminderSettings } from './reviews.reminders.repo.js';

/** The organization's review reminder settings (docs/decisions/0026). */
export const reviewReminderSettingsSdl = /* GraphQL */ `
  "When reviewers are reminded of reviews they still owe; one message per reviewer and cycle."
  type ReviewReminderSettings {
    "Days before the due date (0: no reminder before it)."
    days_before: Int!
    "Whether reviewers are reminded once a review is overdue."
    when_overdue: Boolean!
    "Null until an admin changes the defaults (2 days before, and when overdue)."
    updated_at: DateTime
  }
  input ReviewReminderSettingsInput { days_before: Int! when_overdue: Boolean! }
  extend type Query {
    "Managers and admins."
    reviewReminderSettings: ReviewReminderSettings!
  }
  extend type Mutation {
    "Admins: the organization's reminder window and overdue reminders."
    updateReviewReminderSettings(input: ReviewReminderSettingsInput!): ReviewReminderSettings!
  }
`;

type Ctx = MercuriusContext;

export const reviewReminderSettingsResolvers = {
  Query: {
    reviewReminderSettings: (_: unknown, __: unknown, ctx: Ctx) => findReminderSettings(ctx.services.db, requireAutomationViewer(ctx).organizationId),
  },
  Mutation: {
    updateReviewReminderSettings: (_: unknown, args: { input: unknown }, ctx: Ctx) => {
      const viewer = requireAdmin(ctx);
      const data = parseInput(reviewReminderSettingsSchema, args.input);
      saveReminderSettings(ctx.services.db, viewer.organizationId, viewer.userId, data);
      return findReminderSettings(ctx.services.db, viewer.organizationId);
    },
  },
};
