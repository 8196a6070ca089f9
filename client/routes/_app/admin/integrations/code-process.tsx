import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/integrations/code-process')({
  component: CodeprocessPage,
});

function CodeprocessPage() {
  return (
    <FeaturePlaceholder title="Code process" area="Integrations">
      Here admins will choose which repositories, branches and labels count and how deploys are detected.
    </FeaturePlaceholder>
  );
}
