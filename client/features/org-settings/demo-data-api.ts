import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';

export const DEMO_DATA = graphql(`
  query DemoData {
    demoData { present counts { table count label } }
  }
`);

export type DemoData = ResultOf<typeof DEMO_DATA>['demoData'];
export type DemoDataCount = DemoData['counts'][number];

/** What the first start seeded that is still here (admins). A missing answer counts as none. */
export const demoDataQueryOptions = queryOptions({
  queryKey: ['demoData'],
  queryFn: async (): Promise<DemoData> => (await gql(DEMO_DATA)).demoData ?? { present: false, counts: [] },
});

export const REMOVE_DEMO_DATA = graphql(`
  mutation RemoveDemoData {
    removeDemoData { present counts { table count label } }
  }
`);

/** Removes every demo row; afterwards every cached page may show removed people, so all queries refresh. */
export function useRemoveDemoData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await gql(REMOVE_DEMO_DATA)).removeDemoData,
    onSuccess: async () => {
      queryClient.setQueryData(demoDataQueryOptions.queryKey, { present: false, counts: [] });
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'demoData' });
    },
  });
}
