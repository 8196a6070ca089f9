import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/professional-development/sprint-retro/automation')({
  component: RetroautomationPage,
});

function RetroautomationPage() {
  return (
    <FeaturePlaceholder title="Retro automation" area="Sprint retrospectives">
      Here you will schedule a retro per team at every sprint end or on a cadence.
    </FeaturePlaceholder>
  );
}
