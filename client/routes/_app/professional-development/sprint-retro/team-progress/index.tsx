import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/professional-development/sprint-retro/team-progress/')({
  component: RetroprogressPage,
});

function RetroprogressPage() {
  return (
    <FeaturePlaceholder title="Retro progress" area="Sprint retrospectives">
      Here you will see action-item completion, participation and recurring themes per team.
    </FeaturePlaceholder>
  );
}
