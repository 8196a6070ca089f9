import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetroPrompt } from '../../../shared/retros.js';
import { gql } from '../../lib/graphql.js';

/** Retro templates and health check sets as the templates screen reads them (include_archived: the screen hides them behind a toggle). */
export type RetroTemplate = {
  id: string; name: string; description: string; prompts: RetroPrompt[]; built_in: boolean; archived: boolean;
  created_by: { id: string; full_name: string } | null; updated_at: string | null; can_manage: boolean;
};
export type RetroHealthCheck = {
  id: string; name: string; statements: string[]; built_in: boolean; archived: boolean;
  created_by: { id: string; full_name: string } | null; updated_at: string | null; can_manage: boolean;
};
export type RetroTemplateDraftInput = { name: string; description: string; prompts: Array<{ id?: string; title: string; description: string; colour: string }> };
export type RetroHealthCheckDraftInput = { name: string; statements: string[] };

const TEMPLATE = 'id name description prompts { id title description colour } built_in archived created_by { id full_name } updated_at can_manage';
const HEALTH = 'id name statements built_in archived created_by { id full_name } updated_at can_manage';

const TEMPLATES = /* GraphQL */ `query RetroTemplates { retroTemplates(include_archived: true) { ${TEMPLATE} } }`;
const HEALTH_CHECKS = /* GraphQL */ `query RetroHealthChecks { retroHealthChecks(include_archived: true) { ${HEALTH} } }`;

export const retroTemplatesQueryOptions = queryOptions({
  queryKey: ['retroTemplates', 'list'],
  queryFn: async () => (await gql<{ retroTemplates: RetroTemplate[] }>(TEMPLATES)).retroTemplates,
});

export const retroHealthChecksQueryOptions = queryOptions({
  queryKey: ['retroHealthChecks', 'list'],
  queryFn: async () => (await gql<{ retroHealthChecks: RetroHealthCheck[] }>(HEALTH_CHECKS)).retroHealthChecks,
});

const T = {
  create: `mutation CreateRetroTemplate($input: RetroTemplateInput!) { createRetroTemplate(input: $input) { ${TEMPLATE} } }`,
  update: `mutation UpdateRetroTemplate($id: ID!, $input: RetroTemplateInput!) { updateRetroTemplate(id: $id, input: $input) { ${TEMPLATE} } }`,
  copy: `mutation CopyRetroTemplate($id: ID!) { copyRetroTemplate(id: $id) { ${TEMPLATE} } }`,
  archive: `mutation ArchiveRetroTemplate($id: ID!) { archiveRetroTemplate(id: $id) { ${TEMPLATE} } }`,
  restore: `mutation RestoreRetroTemplate($id: ID!) { restoreRetroTemplate(id: $id) { ${TEMPLATE} } }`,
};
const H = {
  create: `mutation CreateRetroHealthCheck($input: RetroHealthCheckInput!) { createRetroHealthCheck(input: $input) { ${HEALTH} } }`,
  update: `mutation UpdateRetroHealthCheck($id: ID!, $input: RetroHealthCheckInput!) { updateRetroHealthCheck(id: $id, input: $input) { ${HEALTH} } }`,
  copy: `mutation CopyRetroHealthCheck($id: ID!) { copyRetroHealthCheck(id: $id) { ${HEALTH} } }`,
  archive: `mutation ArchiveRetroHealthCheck($id: ID!) { archiveRetroHealthCheck(id: $id) { ${HEALTH} } }`,
  restore: `mutation RestoreRetroHealthCheck($id: ID!) { restoreRetroHealthCheck(id: $id) { ${HEALTH} } }`,
};

/** A change refreshes the lists of its kind (the retro forms read the same keys). */
function useChange<V, R>(key: string, run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: [key] }) });
}

const first = <R,>(data: Record<string, R>): R => Object.values(data)[0]!;

export const useSaveRetroTemplate = () => useChange('retroTemplates', async ({ id, input }: { id: string | null; input: RetroTemplateDraftInput }) =>
  first(await gql<Record<string, RetroTemplate>>(id ? T.update : T.create, id ? { id, input } : { input })));

export const useRetroTemplateAction = () => useChange('retroTemplates', async ({ action, id }: { action: 'copy' | 'archive' | 'restore'; id: string }) =>
  first(await gql<Record<string, RetroTemplate>>(T[action], { id })));

export const useSaveRetroHealthCheck = () => useChange('retroHealthChecks', async ({ id, input }: { id: string | null; input: RetroHealthCheckDraftInput }) =>
  first(await gql<Record<string, RetroHealthCheck>>(id ? H.update : H.create, id ? { id, input } : { input })));

export const useRetroHealthCheckAction = () => useChange('retroHealthChecks', async ({ action, id }: { action: 'copy' | 'archive' | 'restore'; id: string }) =>
  first(await gql<Record<string, RetroHealthCheck>>(H[action], { id })));
