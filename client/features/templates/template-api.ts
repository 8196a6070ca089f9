import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gqlField, type Document } from '../../lib/graphql.js';

/**
 * The template lifecycle's changes as the screens send them (server/features/templates): each area
 * passes its own typed documents (create and update; copy, archive and restore by id; their answers
 * and variables come from the schema, docs/decisions/0072) and the query keys its lists are read
 * under. A change refreshes every list of those keys.
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

/** An area's create and update documents: each answers the template (its one field). */
export type TemplateSaveDocuments<T, In> = {
  create: Document<Record<string, T>, { input: In }>;
  update: Document<Record<string, T>, { id: string; input: In; base_version: number }>;
};

/**
 * Creates (id null) or updates a template. `baseVersion`: the version the form was opened on; a save
 * over a newer one is CONFLICT (nothing saved, the form keeps its text; docs/decisions/0059).
 */
export const useSaveTemplate = <T, In>(keys: readonly string[], docs: TemplateSaveDocuments<T, In>) =>
  useRefreshing(keys, async ({ id, input, baseVersion }: { id: string | null; input: In; baseVersion: number }) =>
    id ? gqlField(docs.update, { id, input, base_version: baseVersion }) : gqlField(docs.create, { input }),
  );

/** Copies, archives or restores a template by id (the area's documents for the actions it has). */
export const useTemplateAction = <T, A extends string>(keys: readonly string[], docs: Record<A, Document<Record<string, T>, { id: string }>>) =>
  useRefreshing(keys, async ({ action, id }: { action: A; id: string }) => gqlField(docs[action], { id }));
