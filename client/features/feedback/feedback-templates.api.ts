import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackTagKind } from '../../../shared/feedback.js';
import { gql, gqlField, graphql } from '../../lib/graphql.js';
import { FEEDBACK_TAG_FIELDS, FEEDBACK_TEMPLATE_FIELDS } from './feedback.types.js';

/**
 * Request templates and the organization's values and competencies, as the templates screen and the
 * request dialog read them (archived ones included: the screens hide them behind a toggle).
 */

export const TEMPLATES = graphql(`query FeedbackTemplates { feedbackTemplates(include_archived: true) { ${FEEDBACK_TEMPLATE_FIELDS} } }`);
export const TAGS = graphql(`query FeedbackTagsAdmin { feedbackTags(include_archived: true) { ${FEEDBACK_TAG_FIELDS} } }`);

export const feedbackTemplatesQueryOptions = queryOptions({
  queryKey: ['feedbackTemplates', 'all'],
  queryFn: async () => (await gql(TEMPLATES)).feedbackTemplates,
});

export const feedbackTagsAdminQueryOptions = queryOptions({
  queryKey: ['feedbackTags', 'all'],
  queryFn: async () => (await gql(TAGS)).feedbackTags,
});

export type FeedbackTemplateDraftInput = { name: string; description: string; questions: string[] };
export type FeedbackTagDraftInput = { name: string; kind: FeedbackTagKind; description: string };

export const T = {
  create: graphql(`mutation CreateFeedbackTemplate($input: FeedbackTemplateInput!) { createFeedbackTemplate(input: $input) { ${FEEDBACK_TEMPLATE_FIELDS} } }`),
  update: graphql(`mutation UpdateFeedbackTemplate($id: ID!, $input: FeedbackTemplateInput!, $base_version: Int!) { updateFeedbackTemplate(id: $id, input: $input, base_version: $base_version) { ${FEEDBACK_TEMPLATE_FIELDS} } }`),
  copy: graphql(`mutation CopyFeedbackTemplate($id: ID!) { copyFeedbackTemplate(id: $id) { ${FEEDBACK_TEMPLATE_FIELDS} } }`),
  archive: graphql(`mutation ArchiveFeedbackTemplate($id: ID!) { archiveFeedbackTemplate(id: $id) { ${FEEDBACK_TEMPLATE_FIELDS} } }`),
  restore: graphql(`mutation RestoreFeedbackTemplate($id: ID!) { restoreFeedbackTemplate(id: $id) { ${FEEDBACK_TEMPLATE_FIELDS} } }`),
};
export const G = {
  create: graphql(`mutation CreateFeedbackTag($input: FeedbackTagInput!) { createFeedbackTag(input: $input) { ${FEEDBACK_TAG_FIELDS} } }`),
  update: graphql(`mutation UpdateFeedbackTag($id: ID!, $input: FeedbackTagInput!) { updateFeedbackTag(id: $id, input: $input) { ${FEEDBACK_TAG_FIELDS} } }`),
  archive: graphql(`mutation ArchiveFeedbackTag($id: ID!) { archiveFeedbackTag(id: $id) { ${FEEDBACK_TAG_FIELDS} } }`),
  restore: graphql(`mutation RestoreFeedbackTag($id: ID!) { restoreFeedbackTag(id: $id) { ${FEEDBACK_TAG_FIELDS} } }`),
};

/** A change refreshes every list of its kind (the request dialog and the give form read the same families). */
function useChange<V, R>(key: string, run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: [key] }) });
}

/** `baseVersion`: the version the form was opened on; a save over a newer one is CONFLICT (nothing saved, the form keeps its text). */
export const useSaveFeedbackTemplate = () => useChange('feedbackTemplates', async ({ id, input, baseVersion }: { id: string | null; input: FeedbackTemplateDraftInput; baseVersion: number }) =>
  (id ? gqlField(T.update, { id, input, base_version: baseVersion }) : gqlField(T.create, { input })));

export const useFeedbackTemplateAction = () => useChange('feedbackTemplates', async ({ action, id }: { action: 'copy' | 'archive' | 'restore'; id: string }) =>
  gqlField(T[action], { id }));

export const useSaveFeedbackTag = () => useChange('feedbackTags', async ({ id, input }: { id: string | null; input: FeedbackTagDraftInput }) =>
  (id ? gqlField(G.update, { id, input }) : gqlField(G.create, { input })));

export const useFeedbackTagAction = () => useChange('feedbackTags', async ({ action, id }: { action: 'archive' | 'restore'; id: string }) =>
  gqlField(G[action], { id }));
