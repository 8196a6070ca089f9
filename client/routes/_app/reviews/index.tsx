import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/reviews/')({
  component: reviewsPage,
});

function reviewsPage() {
  return (
    <FeaturePlaceholder title="360 reviews" area="360 and sprint reviews">
      Here you will run review cycles: pick a template and participants, nominate peers, and read released results.
    </FeaturePlaceholder>
  );
}
