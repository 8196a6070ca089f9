import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/professional-development/sprint-retro/templates')({
  component: RetrotemplatesPage,
});

function RetrotemplatesPage() {
  return (
    <FeaturePlaceholder title="Retro templates" area="Sprint retrospectives">
      Here you will pick or build retro formats such as Start/Stop/Continue or Mad/Sad/Glad.
    </FeaturePlaceholder>
  );
}
