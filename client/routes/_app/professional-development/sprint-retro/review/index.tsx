import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/professional-development/sprint-retro/review/')({
  component: SprintretrospectivesPage,
});

function SprintretrospectivesPage() {
  return (
    <FeaturePlaceholder title="Sprint retrospectives" area="Sprint retrospectives">
      Here teams will run live retrospectives: reflect, group, vote, discuss and agree on action items.
    </FeaturePlaceholder>
  );
}
