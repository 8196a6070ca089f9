import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../lib/graphql.js';

/**
 * The template lifecycle's changes as the screens send them (server/features/templates): each area
 * passes its own documents (create and update; copy, archive and restore by id) and the query keys
 * its lists are read under. A change refreshes every list of those keys.
 */

/** A mutation that refreshes every query under these keys once it succeeds. */
export function useRefreshing<V, R>(keys: readonly string[], run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all(keys.map((k) => queryClient.invalidateQueries({ queryKey: [k] })));
    },
  });
}

/** The one field of a mutation's answer. */
export const first = <R,>(data: Record<string, R>): R => Object.values(data)[0]!;

/**
 * Creates (id null) or updates a template. `baseVersion`: the version the form was opened on; a save
 * over a newer one is CONFLICT (nothing saved, the form keeps its text; docs/decisions/0059).
 */
export const useSaveTemplate = <T, In>(keys: readonly string[], docs: { create: string; update: string }) =>
  useRefreshing(keys, async ({ id, input, baseVersion }: { id: string | null; input: In; baseVersion: number }) =>
    first(await gql<Record<string, T>>(id ? docs.update : docs.create, id ? { id, input, base_version: baseVersion } : { input })));

/** Copies, archives or restores a template by id (the area's documents for the actions it has). */
export const useTemplateAction = <T, A extends string>(keys: readonly string[], docs: Record<A, string>) =>
  useRefreshing(keys, async ({ action, id }: { action: A; id: string }) => first(await gql<Record<string, T>>(docs[action], { id })));
