import { createFileRoute } from '@tanstack/react-router';
import { structureQueryOptions } from '../../../../features/structure/api.js';
import { StructureEditorPage } from '../../../../features/structure/structure-editor-page.js';

export const Route = createFileRoute('/_app/admin/company/company-structure')({
  loader: ({ context }) => context.queryClient.ensureQueryData(structureQueryOptions),
  component: StructureEditorPage,
});
