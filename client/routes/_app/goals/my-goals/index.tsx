import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/goals/my-goals/')({
  component: MygoalsPage,
});

function MygoalsPage() {
  return (
    <FeaturePlaceholder title="My goals" area="Goals">
      Here you will set goals with key results, align them to team goals and record check-ins.
    </FeaturePlaceholder>
  );
}
