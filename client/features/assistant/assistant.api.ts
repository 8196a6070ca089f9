import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssistantAnswerStatus, AssistantScope, AssistantSourceGroup, AssistantEvent } from '../../../shared/assistant.js';
import { auth } from '../../lib/auth.js';
import { gql, graphql, type Narrowed, type ResultOf } from '../../lib/graphql.js';
import { readEvents } from './assistant-stream.js';

/**
 * The assistant's client API (docs/decisions/0066): one question is one POST /api/assistant/ask read
 * as server-sent events (askAssistant), whatever screen asks it; settings and history are GraphQL.
 */

const SETTINGS_FIELDS = 'sources retention_days endpoint_url endpoint_model key_hint first_token_seconds total_seconds updated_at';

export const ASSISTANT_STATUS = graphql('query AssistantStatus { assistantStatus { sources model } }');
export type AssistantStatus = ResultOf<typeof ASSISTANT_STATUS>['assistantStatus'];

export const assistantStatusQueryOptions = queryOptions({
  queryKey: ['assistant', 'status'],
  queryFn: async () => (await gql(ASSISTANT_STATUS)).assistantStatus,
  staleTime: 60_000,
});

export const ASSISTANT_SETTINGS = graphql(`query AssistantSettings { assistantSettings { ${SETTINGS_FIELDS} } }`);
export type AssistantSettings = ResultOf<typeof ASSISTANT_SETTINGS>['assistantSettings'];

export const assistantSettingsQueryOptions = queryOptions({
  queryKey: ['assistant', 'settings'],
  queryFn: async () => (await gql(ASSISTANT_SETTINGS)).assistantSettings,
});

export type SettingsInput = Omit<AssistantSettings, 'key_hint' | 'updated_at'> & { api_key?: string };

export const UPDATE_ASSISTANT_SETTINGS = graphql(
  `mutation UpdateAssistantSettings($input: AssistantSettingsInput!) { updateAssistantSettings(input: $input) { ${SETTINGS_FIELDS} } }`,
);

export function useUpdateAssistantSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SettingsInput) => (await gql(UPDATE_ASSISTANT_SETTINGS, { input })).updateAssistantSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(assistantSettingsQueryOptions.queryKey, settings);
      void queryClient.invalidateQueries({ queryKey: assistantStatusQueryOptions.queryKey });
    },
  });
}

export const TEST_ASSISTANT_ENDPOINT = graphql(
  'mutation TestAssistantEndpoint($base: String!, $key: String) { testAssistantEndpoint(base_url: $base, api_key: $key) { ok message models } }',
);
export type EndpointTest = ResultOf<typeof TEST_ASSISTANT_ENDPOINT>['testAssistantEndpoint'];

export async function testEndpoint(baseUrl: string, apiKey: string | null): Promise<EndpointTest> {
  return (await gql(TEST_ASSISTANT_ENDPOINT, { base: baseUrl, key: apiKey })).testAssistantEndpoint;
}

export const ASSISTANT_CONVERSATIONS = graphql(
  'query AssistantConversations { assistantConversations(first: 50) { items { id title created_at updated_at } } }',
);
export type ConversationSummary = ResultOf<typeof ASSISTANT_CONVERSATIONS>['assistantConversations']['items'][number];

export const conversationsQueryOptions = queryOptions({
  queryKey: ['assistant', 'conversations'],
  queryFn: async () => (await gql(ASSISTANT_CONVERSATIONS)).assistantConversations.items,
});

const PASSAGE = 'n kind text at author label tone';
export const ASSISTANT_CONVERSATION =
  graphql(`query AssistantConversation($id: ID!) { assistantConversation(id: $id) { id title created_at updated_at messages {
      id question created_at status missing model_host model_sentences { text cites }
      scope { sources person_id team_id since until note_id review_request_id }
      groups { key source title link passages { ${PASSAGE} } } } } }`);
type ConversationAnswer = ResultOf<typeof ASSISTANT_CONVERSATION>['assistantConversation'];
/**
 * A stored question and what it showed. Its status and its groups' source kinds are the shared
 * unions (the schema says String: shared/assistant.ts writes them).
 */
export type StoredMessage = Narrowed<ConversationAnswer['messages'][number], { status: AssistantAnswerStatus; groups: AssistantSourceGroup[] }>;

export const conversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['assistant', 'conversation', id],
    queryFn: async () => (await gql(ASSISTANT_CONVERSATION, { id })).assistantConversation as Narrowed<ConversationAnswer, { messages: StoredMessage[] }>,
  });

export const DELETE_ASSISTANT_CONVERSATION = graphql('mutation DeleteAssistantConversation($id: ID!) { deleteAssistantConversation(id: $id) }');

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => await gql(DELETE_ASSISTANT_CONVERSATION, { id }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: conversationsQueryOptions.queryKey }),
  });
}

export type AskBody = { question: string; scope?: AssistantScope; conversation_id?: string };

/** Refused before any answer (signed out, switched off, bad input): the server's own words. */
export class AskRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AskRefused';
  }
}

/**
 * Asks one question and hands each event to `onEvent` as it arrives. Aborting `signal` (the person
 * leaves the screen or asks again) closes the connection, and the server stops the model.
 */
export async function askAssistant(body: AskBody, onEvent: (event: AssistantEvent) => void, signal: AbortSignal): Promise<void> {
  const token = await auth.getAccessToken();
  let res: Response;
  try {
    res = await fetch('/api/assistant/ask', {
      method: 'POST',
      signal,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new AskRefused('The server could not be reached. Check your connection and try again.', 0);
  }
  if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const refusal = (await res.json().catch(() => null)) as { message?: string; fields?: Record<string, string> } | null;
    throw new AskRefused(refusal?.message ?? `The question could not be asked (HTTP ${res.status}).`, res.status, refusal?.fields ?? {});
  }
  await readEvents(res.body, onEvent);
}
