import { createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../components/ui/states.js';
import { feedbackTagsAdminQueryOptions, feedbackTemplatesQueryOptions } from '../../../features/feedback/feedback-templates.api.js';
import { FeedbackTemplatesPage } from '../../../features/feedback/feedback-templates-page.js';
import { meQueryOptions } from '../../../features/users/api.js';

/** Request templates (everyone reads, creates and copies them) and the organization's values and competencies (admins keep them). */
export const Route = createFileRoute('/_app/continuous-feedback/templates')({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(feedbackTemplatesQueryOptions),
      context.queryClient.ensureQueryData(feedbackTagsAdminQueryOptions),
      context.queryClient.ensureQueryData(meQueryOptions),
    ]);
  },
  pendingComponent: () => <PendingView label="Loading feedback templates…" />,
  component: FeedbackTemplatesPage,
});
