import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/continuous-feedback/automation')({
  component: FeedbackautomationPage,
});

function FeedbackautomationPage() {
  return (
    <FeaturePlaceholder title="Feedback automation" area="Continuous feedback">
      Here you will set up periodic feedback requests and their reminders.
    </FeaturePlaceholder>
  );
}
