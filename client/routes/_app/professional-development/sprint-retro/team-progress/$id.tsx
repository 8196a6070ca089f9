import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../../components/feature-placeholder.js';
import { parseIdParams } from '../../../../../lib/route-params.js';

export const Route = createFileRoute('/_app/professional-development/sprint-retro/team-progress/$id')({
  params: { parse: parseIdParams },
  component: RetroprogressPage,
});

function RetroprogressPage() {
  return (
    <FeaturePlaceholder title="Retro progress" area="Sprint retrospectives">
      Here you will see this team&apos;s action-item completion, participation and recurring themes.
    </FeaturePlaceholder>
  );
}
