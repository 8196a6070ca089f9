import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../lib/graphql.js';

/** An area's five rule documents, written out in its api file so that every document the client sends can be read from the source. */
export type AutomationRuleDocuments = { create: string; update: string; pause: string; resume: string; delete: string };

/**
 * The mutations of an area's automation rules (docs/decisions/0073), named the same way in every
 * area: `create<Area>AutomationRule(input: <Area>AutomationRuleInput!)`, `update…`, `pause…`,
 * `resume…`, `delete…`, each operation named after its field, given as documents by the area. Each
 * one refreshes the area's queries (`key`): the list, and anything that follows from the rules.
 */
export function automationRuleMutations<R, I>(key: string, docs: AutomationRuleDocuments) {
  const call = async <T>(document: string, variables: Record<string, unknown>) => Object.values(await gql<Record<string, T>>(document, variables))[0] as T;
  const useRefreshing = <V, T>(run: (variables: V) => Promise<T>) => {
    const queryClient = useQueryClient();
    return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: [key] }) });
  };
  return {
    useSaveRule: () => useRefreshing(async ({ id, input }: { id: string | null; input: I }) => (id ? call<R>(docs.update, { id, input }) : call<R>(docs.create, { input }))),
    useSetPaused: () => useRefreshing(async ({ id, paused }: { id: string; paused: boolean }) => call<R>(paused ? docs.pause : docs.resume, { id })),
    useDeleteRule: () => useRefreshing(async (id: string) => call<boolean>(docs.delete, { id })),
  };
}

export type AutomationRuleMutations<R> = {
  useSetPaused: () => { mutateAsync: (v: { id: string; paused: boolean }) => Promise<R>; isPending: boolean };
  useDeleteRule: () => { mutateAsync: (id: string) => Promise<boolean> };
};
