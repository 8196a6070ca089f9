import { queryOptions } from '@tanstack/react-query';
import { gql, graphql } from '../../lib/graphql.js';

/** The install's database backups (server/features/backups): operator organization admins only. */
export type ServerBackups = {
  every_hours: number;
  keep: number;
  directory: string;
  count: number;
  next_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  last: { name: string; size: number; created_at: string } | null;
};

export const SERVER_BACKUPS = graphql(`
  query ServerBackups {
    serverBackups { every_hours keep directory count next_at last_error last_error_at last { name size created_at } }
  }
`);

export const serverBackupsQueryOptions = queryOptions({
  queryKey: ['install', 'backups'],
  queryFn: async () => (await gql(SERVER_BACKUPS)).serverBackups,
});
