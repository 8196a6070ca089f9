import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/professional-development/team-progress')({
  component: TeamprogressPage,
});

function TeamprogressPage() {
  return (
    <FeaturePlaceholder title="Team progress" area="Professional development">
      Here managers will follow their reports&apos; development plans.
    </FeaturePlaceholder>
  );
}
