import { queryOptions } from '@tanstack/react-query';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';

export const BATCHES = graphql(`
  query MassCreationBatches($limit: Int) {
    massCreationBatches(limit: $limit) { id status dry_run total created created_at finished_at created_by_name }
  }
`);

export type ImportBatch = NonNullable<ResultOf<typeof BATCHES>['massCreationBatches']>[number];
export type ImportBatchStatus = ImportBatch['status'];

export const RECENT_IMPORTS_LIMIT = 10;

/** The organization's latest imports (also the ones a server stop interrupted), newest first. */
export const recentImportsQueryOptions = () =>
  queryOptions({
    queryKey: ['massCreationBatches', RECENT_IMPORTS_LIMIT],
    queryFn: async () => (await gql(BATCHES, { limit: RECENT_IMPORTS_LIMIT })).massCreationBatches ?? [],
  });
