import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/settings/personal')({
  component: PersonalsettingsPage,
});

function PersonalsettingsPage() {
  return (
    <FeaturePlaceholder title="Personal settings" area="Personal settings">
      Here you will edit your name, bio, location, time zone, phone number and photo.
    </FeaturePlaceholder>
  );
}
