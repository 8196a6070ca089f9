import { queryOptions } from '@tanstack/react-query';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';
import { useSaveTemplate, useTemplateAction } from '../templates/template-api.js';

export type RetroTemplateDraftInput = {
  name: string;
  description: string;
  prompts: Array<{ id?: string; title: string; description: string; colour: string }>;
};
export type RetroHealthCheckDraftInput = { name: string; statements: string[] };

const TEMPLATE = 'id name description prompts { id title description colour } built_in archived created_by { id full_name } updated_at can_manage version';
const HEALTH = 'id name statements built_in archived created_by { id full_name } updated_at can_manage version';

export const TEMPLATES = graphql(`query RetroTemplates { retroTemplates(include_archived: true) { ${TEMPLATE} } }`);
export const HEALTH_CHECKS = graphql(`query RetroHealthChecks { retroHealthChecks(include_archived: true) { ${HEALTH} } }`);

/**
 * Retro templates and health check sets as the templates screen reads them (include_archived: the
 * screen hides them behind a toggle); `version` goes back as base_version when saving (docs/decisions/0059).
 */
export type RetroTemplate = ResultOf<typeof TEMPLATES>['retroTemplates'][number];
export type RetroHealthCheck = ResultOf<typeof HEALTH_CHECKS>['retroHealthChecks'][number];

export const retroTemplatesQueryOptions = queryOptions({
  queryKey: ['retroTemplates', 'list'],
  queryFn: async () => (await gql(TEMPLATES)).retroTemplates,
});

export const retroHealthChecksQueryOptions = queryOptions({
  queryKey: ['retroHealthChecks', 'list'],
  queryFn: async () => (await gql(HEALTH_CHECKS)).retroHealthChecks,
});

export const T = {
  create: graphql(`mutation CreateRetroTemplate($input: RetroTemplateInput!) { createRetroTemplate(input: $input) { ${TEMPLATE} } }`),
  update: graphql(
    `mutation UpdateRetroTemplate($id: ID!, $input: RetroTemplateInput!, $base_version: Int!) { updateRetroTemplate(id: $id, input: $input, base_version: $base_version) { ${TEMPLATE} } }`,
  ),
  copy: graphql(`mutation CopyRetroTemplate($id: ID!) { copyRetroTemplate(id: $id) { ${TEMPLATE} } }`),
  archive: graphql(`mutation ArchiveRetroTemplate($id: ID!) { archiveRetroTemplate(id: $id) { ${TEMPLATE} } }`),
  restore: graphql(`mutation RestoreRetroTemplate($id: ID!) { restoreRetroTemplate(id: $id) { ${TEMPLATE} } }`),
};
export const H = {
  create: graphql(`mutation CreateRetroHealthCheck($input: RetroHealthCheckInput!) { createRetroHealthCheck(input: $input) { ${HEALTH} } }`),
  update: graphql(
    `mutation UpdateRetroHealthCheck($id: ID!, $input: RetroHealthCheckInput!, $base_version: Int!) { updateRetroHealthCheck(id: $id, input: $input, base_version: $base_version) { ${HEALTH} } }`,
  ),
  copy: graphql(`mutation CopyRetroHealthCheck($id: ID!) { copyRetroHealthCheck(id: $id) { ${HEALTH} } }`),
  archive: graphql(`mutation ArchiveRetroHealthCheck($id: ID!) { archiveRetroHealthCheck(id: $id) { ${HEALTH} } }`),
  restore: graphql(`mutation RestoreRetroHealthCheck($id: ID!) { restoreRetroHealthCheck(id: $id) { ${HEALTH} } }`),
};

/** A change refreshes the lists of its kind (the retro forms read the same keys). */
export const useSaveRetroTemplate = () => useSaveTemplate<RetroTemplate, RetroTemplateDraftInput>(['retroTemplates'], T);

export const useRetroTemplateAction = () => useTemplateAction<RetroTemplate, 'copy' | 'archive' | 'restore'>(['retroTemplates'], T);

export const useSaveRetroHealthCheck = () => useSaveTemplate<RetroHealthCheck, RetroHealthCheckDraftInput>(['retroHealthChecks'], H);

export const useRetroHealthCheckAction = () => useTemplateAction<RetroHealthCheck, 'copy' | 'archive' | 'restore'>(['retroHealthChecks'], H);
