import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../lib/graphql.js';

export type DemoDataCount = { table: string; count: number; label: string };
export type DemoData = { present: boolean; counts: DemoDataCount[] };

const DEMO_DATA = /* GraphQL */ `
  query DemoData {
    demoData { present counts { table count label } }
  }
`;

/** What the first start seeded that is still here (admins). A missing answer counts as none. */
export const demoDataQueryOptions = queryOptions({
  queryKey: ['demoData'],
  queryFn: async (): Promise<DemoData> => (await gql<{ demoData?: DemoData | null }>(DEMO_DATA)).demoData ?? { present: false, counts: [] },
});

const REMOVE_DEMO_DATA = /* GraphQL */ `
  mutation RemoveDemoData {
    removeDemoData { present counts { table count label } }
  }
`;

/** Removes every demo row; afterwards every cached page may show removed people, so all queries refresh. */
export function useRemoveDemoData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await gql<{ removeDemoData: DemoData }>(REMOVE_DEMO_DATA)).removeDemoData,
    onSuccess: async () => {
      queryClient.setQueryData(demoDataQueryOptions.queryKey, { present: false, counts: [] });
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'demoData' });
    },
  });
}
