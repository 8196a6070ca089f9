import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewTemplateInput, ReviewTemplateType } from '../../../shared/review-template.schemas.js';
import { gql, graphql, type Narrowed, type ResultOf } from '../../lib/graphql.js';

const SUMMARY =
  'id name description review_type built_in archived_at created_by { id full_name } updated_at section_count question_count can_edit can_archive version';
const FULL = `${SUMMARY} sections { id title description questions { id kind prompt self_prompt help_text options competency competency_id show_goals perspectives required private } }`;

export const LIST = graphql(`
  query ReviewTemplates($includeArchived: Boolean) { reviewTemplates(includeArchived: $includeArchived) { ${SUMMARY} } }
`);
export const ONE = graphql(`
  query ReviewTemplate($id: ID!) { reviewTemplate(id: $id) { ${FULL} } }
`);

type FullAnswer = ResultOf<typeof ONE>['reviewTemplate'];
export type ReviewQuestion = FullAnswer['sections'][number]['questions'][number];
export type ReviewTemplateSection = FullAnswer['sections'][number];
/** A template as the screens show it: its review_type is a ReviewTemplateType (the schema says String). */
export type ReviewTemplateSummary = Narrowed<ResultOf<typeof LIST>['reviewTemplates'][number], { review_type: ReviewTemplateType }>;
export type ReviewTemplate = Narrowed<FullAnswer, { review_type: ReviewTemplateType }>;

export const reviewTemplatesQueryOptions = (includeArchived: boolean) =>
  queryOptions({
    queryKey: ['reviewTemplates', 'list', { includeArchived }],
    queryFn: async () => (await gql(LIST, { includeArchived })).reviewTemplates as ReviewTemplateSummary[],
  });

export const reviewTemplateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['reviewTemplates', 'one', id],
    queryFn: async () => (await gql(ONE, { id })).reviewTemplate as ReviewTemplate,
  });

export const CREATE = graphql(`
  mutation CreateReviewTemplate($input: ReviewTemplateInput!) { createReviewTemplate(input: $input) { ${FULL} } }
`);
export const UPDATE = graphql(`
  mutation UpdateReviewTemplate($id: ID!, $input: ReviewTemplateInput!, $base_version: Int!) { updateReviewTemplate(id: $id, input: $input, base_version: $base_version) { ${FULL} } }
`);
export const COPY = graphql(`
  mutation CopyReviewTemplate($id: ID!, $name: String!) { copyReviewTemplate(id: $id, name: $name) { ${FULL} } }
`);
export const ARCHIVE = graphql(`
  mutation ArchiveReviewTemplate($id: ID!) { archiveReviewTemplate(id: $id) { ${SUMMARY} } }
`);
export const RESTORE = graphql(`
  mutation RestoreReviewTemplate($id: ID!) { restoreReviewTemplate(id: $id) { ${SUMMARY} } }
`);

/** Every template change refreshes the whole key family (lists and the open template). */
function useTemplateMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reviewTemplates'] }),
  });
}

export const useCreateReviewTemplate = () =>
  useTemplateMutation(async (input: ReviewTemplateInput) => (await gql(CREATE, { input })).createReviewTemplate as ReviewTemplate);

/** `baseVersion`: the version the editor was opened on; a save over a newer one is CONFLICT (nothing saved, the editor keeps its text). */
export const useUpdateReviewTemplate = () =>
  useTemplateMutation(
    async ({ id, input, baseVersion }: { id: string; input: ReviewTemplateInput; baseVersion: number }) =>
      (await gql(UPDATE, { id, input, base_version: baseVersion })).updateReviewTemplate as ReviewTemplate,
  );

export const useCopyReviewTemplate = () =>
  useTemplateMutation(async ({ id, name }: { id: string; name: string }) => (await gql(COPY, { id, name })).copyReviewTemplate as ReviewTemplate);

export const useSetReviewTemplateArchived = () =>
  useTemplateMutation(async ({ id, archived }: { id: string; archived: boolean }) =>
    archived
      ? ((await gql(ARCHIVE, { id })).archiveReviewTemplate as ReviewTemplateSummary)
      : ((await gql(RESTORE, { id })).restoreReviewTemplate as ReviewTemplateSummary),
  );
