import { queryOptions } from '@tanstack/react-query';
import type { FeedbackTagKind } from '../../../shared/feedback.js';
import { gql, gqlField, graphql } from '../../lib/graphql.js';
import { useRefreshing, useSaveTemplate, useTemplateAction } from '../templates/template-api.js';
import { FEEDBACK_TAG_FIELDS, FEEDBACK_TEMPLATE_FIELDS, type FeedbackTag, type FeedbackTemplate } from './feedback.types.js';

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
  update: graphql(
    `mutation UpdateFeedbackTemplate($id: ID!, $input: FeedbackTemplateInput!, $base_version: Int!) { updateFeedbackTemplate(id: $id, input: $input, base_version: $base_version) { ${FEEDBACK_TEMPLATE_FIELDS} } }`,
  ),
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
export const useSaveFeedbackTemplate = () => useSaveTemplate<FeedbackTemplate, FeedbackTemplateDraftInput>(['feedbackTemplates'], T);

export const useFeedbackTemplateAction = () => useTemplateAction<FeedbackTemplate, 'copy' | 'archive' | 'restore'>(['feedbackTemplates'], T);

export const useSaveFeedbackTag = () =>
  useRefreshing(['feedbackTags'], async ({ id, input }: { id: string | null; input: FeedbackTagDraftInput }) =>
    id ? gqlField(G.update, { id, input }) : gqlField(G.create, { input }),
  );

export const useFeedbackTagAction = () => useTemplateAction<FeedbackTag, 'archive' | 'restore'>(['feedbackTags'], G);
