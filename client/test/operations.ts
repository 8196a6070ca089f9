/**
 * Every GraphQL document of the web app by its operation's name, as types: what the client tests'
 * stubs answer is checked against the operation's result type (client/test/graphql-stub.ts,
 * docs/decisions/0072). One import per module that writes documents; the documents test
 * (client/lib/graphql.documents.test.ts) fails when a module is missing here.
 */
import type { Document } from '../lib/graphql.js';
import type * as adminDashboardApi from '../features/admin-dashboard/api.js';
import type * as adminUsersAdminUsersApi from '../features/admin-users/admin-users.api.js';
import type * as assistantAssistantApi from '../features/assistant/assistant.api.js';
import type * as auditApi from '../features/audit/api.js';
import type * as billingApi from '../features/billing/api.js';
import type * as csvImportCsvImportApi from '../features/csv-import/csv-import.api.js';
import type * as csvImportCsvImportBatchesApi from '../features/csv-import/csv-import.batches.api.js';
import type * as engagementUseEngagementTimers from '../features/engagement/use-engagement-timers.js';
import type * as featureAreasApi from '../features/feature-areas/api.js';
import type * as feedbackFeedbackAutomationApi from '../features/feedback/feedback-automation.api.js';
import type * as feedbackFeedbackProgressApi from '../features/feedback/feedback-progress.api.js';
import type * as feedbackFeedbackRequestsApi from '../features/feedback/feedback-requests.api.js';
import type * as feedbackFeedbackTemplatesApi from '../features/feedback/feedback-templates.api.js';
import type * as feedbackFeedbackApi from '../features/feedback/feedback.api.js';
import type * as feedbackPraiseWallLive from '../features/feedback/praise-wall.live.js';
import type * as goalsGoalsAdminApi from '../features/goals/goals-admin.api.js';
import type * as goalsGoalsTreeApi from '../features/goals/goals-tree.api.js';
import type * as goalsGoalsApi from '../features/goals/goals.api.js';
import type * as growthAssessmentApi from '../features/growth/assessment.api.js';
import type * as growthDevelopmentApi from '../features/growth/development.api.js';
import type * as growthFrameworkApi from '../features/growth/framework.api.js';
import type * as insightsApi from '../features/insights/api.js';
import type * as integrationsApi from '../features/integrations/api.js';
import type * as jobsApi from '../features/jobs/api.js';
import type * as notesNotesApi from '../features/notes/notes.api.js';
import type * as notificationsApi from '../features/notifications/api.js';
import type * as orgSettingsApi from '../features/org-settings/api.js';
import type * as orgSettingsBackupsApi from '../features/org-settings/backups-api.js';
import type * as orgSettingsDemoDataApi from '../features/org-settings/demo-data-api.js';
import type * as orgSettingsInstallApi from '../features/org-settings/install-api.js';
import type * as profileApi from '../features/profile/api.js';
import type * as retrosRetroAutomationApi from '../features/retros/retro-automation.api.js';
import type * as retrosRetroMeetingApi from '../features/retros/retro-meeting.api.js';
import type * as retrosRetroProgressApi from '../features/retros/retro-progress.api.js';
import type * as retrosRetroTemplatesApi from '../features/retros/retro-templates.api.js';
import type * as retrosRetrosApi from '../features/retros/retros.api.js';
import type * as reviewAutomationReviewAutomationApi from '../features/review-automation/review-automation.api.js';
import type * as reviewCyclesReviewAnswerGoals from '../features/review-cycles/review-answer-goals.js';
import type * as reviewCyclesReviewCycleActionsApi from '../features/review-cycles/review-cycle-actions.api.js';
import type * as reviewCyclesReviewCyclesApi from '../features/review-cycles/review-cycles.api.js';
import type * as reviewResultsReviewResultsApi from '../features/review-results/review-results.api.js';
import type * as reviewResultsReviewTeamProgressApi from '../features/review-results/review-team-progress.api.js';
import type * as reviewTemplatesReviewTemplateCompetencies from '../features/review-templates/review-template-competencies.js';
import type * as reviewTemplatesReviewTemplatesApi from '../features/review-templates/review-templates.api.js';
import type * as settingsApi from '../features/settings/api.js';
import type * as structureApi from '../features/structure/api.js';
import type * as teamsApi from '../features/teams/api.js';
import type * as usersApi from '../features/users/api.js';
import type * as usersLive from '../features/users/live.js';

type Modules =
  | typeof adminDashboardApi
  | typeof adminUsersAdminUsersApi
  | typeof assistantAssistantApi
  | typeof auditApi
  | typeof billingApi
  | typeof csvImportCsvImportApi
  | typeof csvImportCsvImportBatchesApi
  | typeof engagementUseEngagementTimers
  | typeof featureAreasApi
  | typeof feedbackFeedbackAutomationApi
  | typeof feedbackFeedbackProgressApi
  | typeof feedbackFeedbackRequestsApi
  | typeof feedbackFeedbackTemplatesApi
  | typeof feedbackFeedbackApi
  | typeof feedbackPraiseWallLive
  | typeof goalsGoalsAdminApi
  | typeof goalsGoalsTreeApi
  | typeof goalsGoalsApi
  | typeof growthAssessmentApi
  | typeof growthDevelopmentApi
  | typeof growthFrameworkApi
  | typeof insightsApi
  | typeof integrationsApi
  | typeof jobsApi
  | typeof notesNotesApi
  | typeof notificationsApi
  | typeof orgSettingsApi
  | typeof orgSettingsBackupsApi
  | typeof orgSettingsDemoDataApi
  | typeof orgSettingsInstallApi
  | typeof profileApi
  | typeof retrosRetroAutomationApi
  | typeof retrosRetroMeetingApi
  | typeof retrosRetroProgressApi
  | typeof retrosRetroTemplatesApi
  | typeof retrosRetrosApi
  | typeof reviewAutomationReviewAutomationApi
  | typeof reviewCyclesReviewAnswerGoals
  | typeof reviewCyclesReviewCycleActionsApi
  | typeof reviewCyclesReviewCyclesApi
  | typeof reviewResultsReviewResultsApi
  | typeof reviewResultsReviewTeamProgressApi
  | typeof reviewTemplatesReviewTemplateCompetencies
  | typeof reviewTemplatesReviewTemplatesApi
  | typeof settingsApi
  | typeof structureApi
  | typeof teamsApi
  | typeof usersApi
  | typeof usersLive;

type AnyDocument = Document<any, any, string>;
/** The documents a module exports, also those in tables of documents (`export const T = { create: graphql(...) }`). */
type DocumentsIn<M> = M extends unknown
  ? { [K in keyof M]: M[K] extends AnyDocument ? M[K] : M[K] extends Record<string, AnyDocument> ? M[K][keyof M[K]] : never }[keyof M]
  : never;
type NameOf<D> = D extends Document<any, any, infer Name> ? Name : never;

export type Operations = { [D in DocumentsIn<Modules> as NameOf<D>]: D };
export type OperationName = keyof Operations;
