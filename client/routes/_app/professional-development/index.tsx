import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/professional-development/')({
  component: ProfessionaldevelopmentPage,
});

function ProfessionaldevelopmentPage() {
  return (
    <FeaturePlaceholder title="Professional development" area="Professional development">
      Here you will see the competency framework (tracks, levels, expectations) and your development plan.
    </FeaturePlaceholder>
  );
}
