import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/notes/my-notes/')({
  component: MynotesPage,
});

function MynotesPage() {
  return (
    <FeaturePlaceholder title="My notes" area="Notes">
      Here you will keep private notes, including 1:1 notes about a person that you may share with them.
    </FeaturePlaceholder>
  );
}
