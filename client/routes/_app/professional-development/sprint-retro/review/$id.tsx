import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../../components/feature-placeholder.js';
import { parseIdParams } from '../../../../../lib/route-params.js';

export const Route = createFileRoute('/_app/professional-development/sprint-retro/review/$id')({
  params: { parse: parseIdParams },
  component: SprintretrospectivePage,
});

function SprintretrospectivePage() {
  return (
    <FeaturePlaceholder title="Sprint retrospective" area="Sprint retrospectives">
      Here the team will run or read this retrospective.
    </FeaturePlaceholder>
  );
}
