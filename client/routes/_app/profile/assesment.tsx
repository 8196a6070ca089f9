import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/profile/assesment')({
  component: AssessmentPage,
});

function AssessmentPage() {
  return (
    <FeaturePlaceholder title="Assessment" area="Self-assessment">
      Here you will assess yourself against the competency framework for your role, your manager will assess you too, and both views will be shown side by side with the gaps.
    </FeaturePlaceholder>
  );
}
