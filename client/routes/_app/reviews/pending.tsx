import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/reviews/pending')({
  component: PendingreviewsPage,
});

function PendingreviewsPage() {
  return (
    <FeaturePlaceholder title="Pending reviews" area="360 and sprint reviews">
      Here you will find every review you have been asked to write, with its due date, and drafts saved as you type.
    </FeaturePlaceholder>
  );
}
