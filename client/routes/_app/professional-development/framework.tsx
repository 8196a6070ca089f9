import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/professional-development/framework')({
  component: FrameworkPage,
});

function FrameworkPage() {
  return (
    <FeaturePlaceholder title="Competency framework" area="Development plan">
      Here admins will keep the competency framework: tracks, levels, competencies and what each level expects.
    </FeaturePlaceholder>
  );
}
