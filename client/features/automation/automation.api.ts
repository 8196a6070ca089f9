import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../lib/graphql.js';

/**
 * The mutations of an area's automation rules (docs/decisions/0073), named the same way in every
 * area: `create<Area>AutomationRule(input: <Area>AutomationRuleInput!)`, `update…`, `pause…`,
 * `resume…`, `delete…`, each operation named after its field. Each one refreshes the area's queries
 * (`key`): the list, and anything that follows from the rules.
 */
export function automationRuleMutations<R, I>(area: 'Review' | 'Retro' | 'Feedback', key: string, fields: string) {
  const call = async (field: string, variables: Record<string, unknown>, args: string, params: string, selection = ` { ${fields} }`) => {
    const op = `${field[0]!.toUpperCase()}${field.slice(1)}`;
    return (await gql<Record<string, unknown>>(`mutation ${op}(${params}) { ${field}(${args})${selection} }`, variables))[field];
  };
  const rule = (verb: string) => `${verb}${area}AutomationRule`;
  const useRefreshing = <V, T>(run: (variables: V) => Promise<T>) => {
    const queryClient = useQueryClient();
    return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: [key] }) });
  };
  const input = `$input: ${area}AutomationRuleInput!`;
  return {
    useSaveRule: () => useRefreshing(async ({ id, input: value }: { id: string | null; input: I }) => (id
      ? call(rule('update'), { id, input: value }, 'id: $id, input: $input', `$id: ID!, ${input}`)
      : call(rule('create'), { input: value }, 'input: $input', input)) as Promise<R>),
    useSetPaused: () => useRefreshing(async ({ id, paused }: { id: string; paused: boolean }) =>
      call(rule(paused ? 'pause' : 'resume'), { id }, 'id: $id', '$id: ID!') as Promise<R>),
    useDeleteRule: () => useRefreshing(async (id: string) => call(rule('delete'), { id }, 'id: $id', '$id: ID!', '') as Promise<boolean>),
  };
}

export type AutomationRuleMutations<R> = {
  useSetPaused: () => { mutateAsync: (v: { id: string; paused: boolean }) => Promise<R>; isPending: boolean };
  useDeleteRule: () => { mutateAsync: (id: string) => Promise<boolean> };
};
