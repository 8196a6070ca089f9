import { queryOptions } from '@tanstack/react-query';
import { gql, graphql } from '../../lib/graphql.js';

export type ImportBatchStatus = 'RUNNING' | 'DONE' | 'FAILED' | 'ROLLED_BACK' | 'INTERRUPTED';
export type ImportBatch = {
  id: string;
  status: ImportBatchStatus;
  dry_run: boolean;
  total: number;
  created: number;
  created_at: string;
  finished_at: string | null;
  created_by_name: string | null;
};

export const BATCHES = graphql(`
  query MassCreationBatches($limit: Int) {
    massCreationBatches(limit: $limit) { id status dry_run total created created_at finished_at created_by_name }
  }
`);

export const RECENT_IMPORTS_LIMIT = 10;

/** The organization's latest imports (also the ones a server stop interrupted), newest first. */
export const recentImportsQueryOptions = () =>
  queryOptions({
    queryKey: ['massCreationBatches', RECENT_IMPORTS_LIMIT],
    queryFn: async () => (await gql(BATCHES, { limit: RECENT_IMPORTS_LIMIT })).massCreationBatches ?? [],
  });
