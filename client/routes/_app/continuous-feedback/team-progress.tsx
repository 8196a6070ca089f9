import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/continuous-feedback/team-progress')({
  component: FeedbackprogressPage,
});

function FeedbackprogressPage() {
  return (
    <FeaturePlaceholder title="Feedback progress" area="Continuous feedback">
      Here managers will see feedback given and received per team and person, with reminders for people who got none recently.
    </FeaturePlaceholder>
  );
}
