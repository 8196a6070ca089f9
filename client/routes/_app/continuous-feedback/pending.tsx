import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/continuous-feedback/pending')({
  component: PendingfeedbackrequestsPage,
});

function PendingfeedbackrequestsPage() {
  return (
    <FeaturePlaceholder title="Pending feedback requests" area="Continuous feedback">
      Here you will find the feedback requests waiting for your answer.
    </FeaturePlaceholder>
  );
}
