import { QueryClient } from '@tanstack/react-query';

const NOT_RETRIED = new Set(['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'BAD_USER_INPUT', 'GRAPHQL_VALIDATION_FAILED']);

/** The one query client: data stays fresh for 30 s; answers that cannot change on retry are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) => failures < 2 && !NOT_RETRIED.has((error as { code?: string }).code ?? ''),
      },
    },
  });
}
