import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/goals/team-goals')({
  component: TeamgoalsPage,
});

function TeamgoalsPage() {
  return (
    <FeaturePlaceholder title="Team goals" area="Goals">
      Here you will see your teams&apos; goals and how members&apos; goals roll up into them.
    </FeaturePlaceholder>
  );
}
