import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/reviews/team-progress')({
  component: ReviewprogressPage,
});

function ReviewprogressPage() {
  return (
    <FeaturePlaceholder title="Review progress" area="360 and sprint reviews">
      Here managers and admins will see review completion per team and person, and send reminders.
    </FeaturePlaceholder>
  );
}
