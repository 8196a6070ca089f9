import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/continuous-feedback/templates')({
  component: FeedbacktemplatesPage,
});

function FeedbacktemplatesPage() {
  return (
    <FeaturePlaceholder title="Feedback templates" area="Continuous feedback">
      Here you will manage the question sets used in feedback requests.
    </FeaturePlaceholder>
  );
}
