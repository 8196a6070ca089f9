import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Perspective, QuestionKind, ReviewTemplateInput, ReviewTemplateType } from '../../../shared/review-template.schemas.js';
import { gql } from '../../lib/graphql.js';

export type ReviewQuestion = {
  id: string; kind: QuestionKind; prompt: string; self_prompt: string | null; help_text: string | null; options: string[];
  competency: string | null; perspectives: Perspective[]; required: boolean; private: boolean;
  competency_id?: string | null; show_goals?: boolean;
};
export type ReviewTemplateSection = { id: string; title: string; description: string | null; questions: ReviewQuestion[] };
export type ReviewTemplateSummary = {
  id: string; name: string; description: string | null; review_type: ReviewTemplateType; built_in: boolean; archived_at: string | null;
  created_by: { id: string; full_name: string } | null; updated_at: string; section_count: number; question_count: number;
  can_edit: boolean; can_archive: boolean;
  /** Pass back as base_version when saving (docs/decisions/0059). */
  version: number;
};
export type ReviewTemplate = ReviewTemplateSummary & { sections: ReviewTemplateSection[] };

const SUMMARY = 'id name description review_type built_in archived_at created_by { id full_name } updated_at section_count question_count can_edit can_archive version';
const FULL = `${SUMMARY} sections { id title description questions { id kind prompt self_prompt help_text options competency competency_id show_goals perspectives required private } }`;

const LIST = /* GraphQL */ `
  query ReviewTemplates($includeArchived: Boolean) { reviewTemplates(includeArchived: $includeArchived) { ${SUMMARY} } }
`;
const ONE = /* GraphQL */ `
  query ReviewTemplate($id: ID!) { reviewTemplate(id: $id) { ${FULL} } }
`;

export const reviewTemplatesQueryOptions = (includeArchived: boolean) => queryOptions({
  queryKey: ['reviewTemplates', 'list', { includeArchived }],
  queryFn: async () => (await gql<{ reviewTemplates: ReviewTemplateSummary[] }>(LIST, { includeArchived })).reviewTemplates,
});

export const reviewTemplateQueryOptions = (id: string) => queryOptions({
  queryKey: ['reviewTemplates', 'one', id],
  queryFn: async () => (await gql<{ reviewTemplate: ReviewTemplate }>(ONE, { id })).reviewTemplate,
});

const CREATE = /* GraphQL */ `
  mutation CreateReviewTemplate($input: ReviewTemplateInput!) { createReviewTemplate(input: $input) { ${FULL} } }
`;
const UPDATE = /* GraphQL */ `
  mutation UpdateReviewTemplate($id: ID!, $input: ReviewTemplateInput!, $base_version: Int!) { updateReviewTemplate(id: $id, input: $input, base_version: $base_version) { ${FULL} } }
`;
const COPY = /* GraphQL */ `
  mutation CopyReviewTemplate($id: ID!, $name: String!) { copyReviewTemplate(id: $id, name: $name) { ${FULL} } }
`;
const ARCHIVE = /* GraphQL */ `
  mutation ArchiveReviewTemplate($id: ID!) { archiveReviewTemplate(id: $id) { ${SUMMARY} } }
`;
const RESTORE = /* GraphQL */ `
  mutation RestoreReviewTemplate($id: ID!) { restoreReviewTemplate(id: $id) { ${SUMMARY} } }
`;

/** Every template change refreshes the whole key family (lists and the open template). */
function useTemplateMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reviewTemplates'] }),
  });
}

export const useCreateReviewTemplate = () =>
  useTemplateMutation(async (input: ReviewTemplateInput) => (await gql<{ createReviewTemplate: ReviewTemplate }>(CREATE, { input })).createReviewTemplate);

/** `baseVersion`: the version the editor was opened on; a save over a newer one is CONFLICT (nothing saved, the editor keeps its text). */
export const useUpdateReviewTemplate = () =>
  useTemplateMutation(async ({ id, input, baseVersion }: { id: string; input: ReviewTemplateInput; baseVersion: number }) =>
    (await gql<{ updateReviewTemplate: ReviewTemplate }>(UPDATE, { id, input, base_version: baseVersion })).updateReviewTemplate);

export const useCopyReviewTemplate = () =>
  useTemplateMutation(async ({ id, name }: { id: string; name: string }) => (await gql<{ copyReviewTemplate: ReviewTemplate }>(COPY, { id, name })).copyReviewTemplate);

export const useSetReviewTemplateArchived = () =>
  useTemplateMutation(async ({ id, archived }: { id: string; archived: boolean }) =>
    archived
      ? (await gql<{ archiveReviewTemplate: ReviewTemplateSummary }>(ARCHIVE, { id })).archiveReviewTemplate
      : (await gql<{ restoreReviewTemplate: ReviewTemplateSummary }>(RESTORE, { id })).restoreReviewTemplate);
