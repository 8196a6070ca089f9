import { queryOptions } from '@tanstack/react-query';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';

export const SERVER_BACKUPS = graphql(`
  query ServerBackups {
    serverBackups { every_hours keep directory count next_at last_error last_error_at last { name size created_at } }
  }
`);

/** The install's database backups (server/features/backups): operator organization admins only. */
export type ServerBackups = ResultOf<typeof SERVER_BACKUPS>['serverBackups'];

export const serverBackupsQueryOptions = queryOptions({
  queryKey: ['install', 'backups'],
  queryFn: async () => (await gql(SERVER_BACKUPS)).serverBackups,
});
