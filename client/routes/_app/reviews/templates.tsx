import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/reviews/templates')({
  component: ReviewtemplatesPage,
});

function ReviewtemplatesPage() {
  return (
    <FeaturePlaceholder title="Review templates" area="360 and sprint reviews">
      Here you will build review templates from sections of rating, text and choice questions.
    </FeaturePlaceholder>
  );
}
