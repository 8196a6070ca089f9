import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gqlField, type Document } from '../../lib/graphql.js';

/**
 * An area's five rule documents, written out in its api file (so every document the client sends is
 * read from the source and typed from the schema, docs/decisions/0072): each answers its one field,
 * the rule (delete: whether it was deleted).
 */
export type AutomationRuleDocuments<R, I> = {
  create: Document<Record<string, R>, { input: I }>;
  update: Document<Record<string, R>, { id: string; input: I }>;
  pause: Document<Record<string, R>, { id: string }>;
  resume: Document<Record<string, R>, { id: string }>;
  delete: Document<Record<string, boolean>, { id: string }>;
};

/**
 * The mutations of an area's automation rules (docs/decisions/0073), named the same way in every
 * area: `create<Area>AutomationRule(input: <Area>AutomationRuleInput!)`, `update…`, `pause…`,
 * `resume…`, `delete…`, each operation named after its field, given as documents by the area. Each
 * one refreshes the area's queries (`key`): the list, and anything that follows from the rules.
 */
export function automationRuleMutations<R, I>(key: string, docs: AutomationRuleDocuments<R, I>) {
  const useRefreshing = <V, T>(run: (variables: V) => Promise<T>) => {
    const queryClient = useQueryClient();
    return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: [key] }) });
  };
  return {
    useSaveRule: () =>
      useRefreshing(async ({ id, input }: { id: string | null; input: I }) => (id ? gqlField(docs.update, { id, input }) : gqlField(docs.create, { input }))),
    useSetPaused: () => useRefreshing(async ({ id, paused }: { id: string; paused: boolean }) => gqlField(paused ? docs.pause : docs.resume, { id })),
    useDeleteRule: () => useRefreshing(async (id: string) => gqlField(docs.delete, { id })),
  };
}

export type AutomationRuleMutations<R> = {
  useSetPaused: () => { mutateAsync: (v: { id: string; paused: boolean }) => Promise<R>; isPending: boolean };
  useDeleteRule: () => { mutateAsync: (id: string) => Promise<boolean> };
};
