import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';
import { parseIdParams } from '../../../../lib/route-params.js';

export const Route = createFileRoute('/_app/goals/my-goals/$id')({
  params: { parse: parseIdParams },
  component: GoalPage,
});

function GoalPage() {
  return (
    <FeaturePlaceholder title="Goal" area="Goals">
      Here you will see one goal with its key results, progress and check-in history.
    </FeaturePlaceholder>
  );
}
