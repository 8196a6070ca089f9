import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/reviews/automation')({
  component: ReviewautomationPage,
});

function ReviewautomationPage() {
  return (
    <FeaturePlaceholder title="Review automation" area="360 and sprint reviews">
      Here you will set rules that start review cycles on a schedule, after a start date or at the end of each sprint.
    </FeaturePlaceholder>
  );
}
