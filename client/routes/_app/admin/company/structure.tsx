import { createFileRoute } from '@tanstack/react-router';
import { structureQueryOptions } from '../../../../features/structure/api.js';
import { StructureChartPage } from '../../../../features/structure/structure-chart-page.js';

export const Route = createFileRoute('/_app/admin/company/structure')({
  loader: ({ context }) => context.queryClient.ensureQueryData(structureQueryOptions),
  component: StructureChartPage,
});
