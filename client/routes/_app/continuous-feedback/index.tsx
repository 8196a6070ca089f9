import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/continuous-feedback/')({
  component: ContinuousfeedbackPage,
});

function ContinuousfeedbackPage() {
  return (
    <FeaturePlaceholder title="Continuous feedback" area="Continuous feedback">
      Here you will give feedback to anyone in your organization, ask for feedback about yourself or your reports, and read what you received.
    </FeaturePlaceholder>
  );
}
