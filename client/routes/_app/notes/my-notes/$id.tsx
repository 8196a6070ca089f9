import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';
import { parseIdParams } from '../../../../lib/route-params.js';

export const Route = createFileRoute('/_app/notes/my-notes/$id')({
  params: { parse: parseIdParams },
  component: NotePage,
});

function NotePage() {
  return (
    <FeaturePlaceholder title="Note" area="Notes">
      Here you will read and edit one note.
    </FeaturePlaceholder>
  );
}
