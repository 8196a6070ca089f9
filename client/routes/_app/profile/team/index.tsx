import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/profile/team/')({
  component: MyteamPage,
});

function MyteamPage() {
  return (
    <FeaturePlaceholder title="My team" area="The team page">
      Here you will see your team: its manager, team lead and members, with links to their profiles.
    </FeaturePlaceholder>
  );
}
