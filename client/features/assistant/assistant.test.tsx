// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { AssistantAnswer, AssistantEvent, AssistantSource } from '../../../shared/assistant.js';
import { jsonResponse, meAs, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import { eventsOf } from './assistant-stream.js';

cleanUpBetweenTests();

const ANSWER: AssistantAnswer = {
  status: 'ANSWERED',
  message: null,
  question: 'What about the pipeline?',
  scope_text: 'Everything you may read, matching “pipeline”',
  considered: 2,
  groups: [
    {
      key: 'feedback:f1',
      source: 'FEEDBACK',
      title: 'Praise from Grace Hopper to Ada Lovelace, Mar 3, 2027',
      link: '/continuous-feedback?tab=praise',
      passages: [
        {
          n: 1,
          kind: 'feedback',
          text: 'The pipeline is twice as fast.',
          at: '2027-03-03T10:00:00.000Z',
          author: 'Grace Hopper',
          label: 'Praise',
          tone: 'positive',
        },
      ],
    },
    {
      key: 'retro:r1',
      source: 'RETROS',
      title: 'Sprint 9 retro, ended Mar 1, 2027',
      link: '/professional-development/sprint-retro/review/r1',
      passages: [
        {
          n: 2,
          kind: 'retro_reflection',
          text: 'The pipeline broke twice.',
          at: '2027-03-01T10:00:00.000Z',
          author: null,
          label: 'Anonymous reflection, under “Stop”',
          tone: 'negative',
        },
      ],
    },
  ],
  summary: {
    central: [{ text: 'The pipeline is twice as fast.', n: 1 }],
    themes: [{ term: 'pipeline', count: 2, by_month: [{ month: '2027-03', count: 2 }] }],
    counts: [
      { kind: 'feedback', label: 'pieces of feedback', count: 1 },
      { kind: 'retro_reflection', label: 'retro reflections', count: 1 },
    ],
    tone: { positive: 1, negative: 1, neutral: 0 },
  },
};

/** A text/event-stream answer, its frames cut in odd places as a network would. */
function sse(events: AssistantEvent[]): Response {
  const text = events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 37) controller.enqueue(bytes.slice(i, i + 37));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

function stubAssistant(ask: (body: any) => Response, conversations: Array<{ id: string; title: string }> = []) {
  return stubGraphql(
    {
      AssistantStatus: () => ({ data: { assistantStatus: { sources: ['RETROS', 'FEEDBACK'], model: true } } }),
      AssistantConversations: () => ({
        data: {
          assistantConversations: {
            items: conversations.map((c) => ({ ...c, created_at: '2027-03-04T10:00:00.000Z', updated_at: '2027-03-04T10:00:00.000Z' })),
          },
        },
      }),
      FeatureAreas: () => ({ data: { featureAreas: [] } }),
    },
    { me: meAs('ADMIN'), rest: (url, body) => (url.endsWith('/api/assistant/ask') ? ask(body) : jsonResponse({}, 404)) },
  );
}

it('reads server-sent events split anywhere, one event per frame', () => {
  const frame = (e: AssistantEvent) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`;
  const text = frame({ type: 'delta', text: 'Hello' }) + frame({ type: 'done' });
  const { events, rest } = eventsOf(text.slice(0, 30));
  expect(events).toEqual([]);
  expect(eventsOf(rest + text.slice(30)).events).toEqual([{ type: 'delta', text: 'Hello' }, { type: 'done' }]);
});

it("asks on the admin page: the sources with their links, the summaries, and the model's checked sentences citing them", async () => {
  const { restCalls } = stubAssistant(() =>
    sse([
      { type: 'answer', answer: ANSWER },
      { type: 'model_start', host: 'llm.example:8080', model: 'fake' },
      { type: 'delta', text: 'Deploys got faster [1]. ' },
      { type: 'sentence', index: 0, text: 'Deploys got faster [1].', cites: [1], kept: true, end: 24 },
      { type: 'delta', text: 'The CEO loved it [7].' },
      { type: 'sentence', index: 1, text: 'The CEO loved it.', cites: [], kept: false, end: 45 },
      { type: 'model_done', fallback: false, message: null },
      { type: 'saved', conversation_id: 'c1', message_id: 'm1' },
      { type: 'done' },
    ]),
  );
  await renderSignedIn('/admin/ai-assistant');
  const box = await screen.findByRole('textbox', { name: 'Question' });
  fireEvent.change(box, { target: { value: 'What about the pipeline?' } });
  fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
  const sources = await screen.findByRole('list', { name: 'Sources' });
  expect(restCalls.find((c) => c.url.endsWith('/api/assistant/ask'))!.body).toEqual({ question: 'What about the pipeline?' });
  const praise = within(sources).getByRole('link', { name: 'Praise from Grace Hopper to Ada Lovelace, Mar 3, 2027' });
  expect(praise.getAttribute('href')).toBe('/continuous-feedback?tab=praise');
  expect(within(sources).getByText('The pipeline broke twice.')).toBeTruthy();
  expect(within(sources).getByText('Anonymous reflection, under “Stop”')).toBeTruthy();
  const summary = screen.getByRole('region', { name: 'Summary written by a model' });
  await waitFor(() => expect(summary.textContent).toContain('Deploys got faster'));
  expect(summary.textContent).not.toContain('CEO');
  expect(within(summary).getByRole('link', { name: 'Source 1' }).getAttribute('href')).toMatch(/-passage-1$/);
  expect(screen.getByRole('region', { name: 'Recurring themes' }).textContent).toContain('pipeline in 2 passages');
  expect(screen.getByRole('region', { name: 'Tone' }).textContent).toContain('1 positive, 1 negative, 0 neutral of 2 pieces of feedback and retro notes');
});

it("says when there is not enough behind a question, and shows a refusal in the server's words", async () => {
  let refuse = false;
  stubAssistant(() =>
    refuse
      ? jsonResponse({ error: 'FORBIDDEN', message: 'AI assistant is switched off for your organization.' }, 403)
      : sse([
          {
            type: 'answer',
            answer: {
              ...ANSWER,
              status: 'NOT_ENOUGH',
              message: 'Not enough behind this question: nothing you may read matches it.',
              groups: [],
              summary: null,
              considered: 0,
            },
          },
          { type: 'done' },
        ]),
  );
  await renderSignedIn('/admin/ai-assistant');
  fireEvent.change(await screen.findByRole('textbox', { name: 'Question' }), { target: { value: 'zeppelins?' } });
  fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
  expect(await screen.findByRole('heading', { name: 'Not enough behind this question' })).toBeTruthy();
  expect(screen.getByText('Not enough behind this question: nothing you may read matches it.')).toBeTruthy();
  expect(screen.queryByRole('list', { name: 'Sources' })).toBeNull();
  refuse = true;
  fireEvent.click(screen.getByRole('button', { name: 'Ask again' }));
  expect((await screen.findByRole('alert')).textContent).toContain('switched off for your organization');
});

it("lists the asker's conversations", async () => {
  stubAssistant(() => sse([{ type: 'done' }]), [{ id: 'c1', title: 'What came up in our retros lately?' }]);
  await renderSignedIn('/admin/ai-assistant');
  const history = await screen.findByRole('navigation', { name: 'Your conversations' });
  expect(await within(history).findByRole('button', { name: /What came up in our retros lately\?/ })).toBeTruthy();
});

it("settings: the connection test offers the endpoint's models; saving never sends a key that was not typed", async () => {
  const settings = {
    sources: ['RETROS', 'FEEDBACK', 'NOTES', 'GOALS', 'REVIEWS', 'ASSESSMENTS', 'DEVELOPMENT_PLANS'] as AssistantSource[],
    retention_days: 90,
    endpoint_url: null,
    endpoint_model: null,
    key_hint: null,
    first_token_seconds: 20,
    total_seconds: 120,
    updated_at: null,
  };
  const { calls } = stubGraphql(
    {
      AssistantSettings: () => ({ data: { assistantSettings: settings } }),
      FeatureAreas: () => ({ data: { featureAreas: [{ area: 'AI_ASSISTANT', label: 'AI assistant', built: true, enabled: true, updated_at: null }] } }),
      TestAssistantEndpoint: (v) => ({
        data: {
          testAssistantEndpoint:
            v.base === 'http://10.0.0.5:11434/v1'
              ? { ok: true, message: 'Connected: the endpoint offers 2 models.', models: ['llama3', 'qwen'] }
              : { ok: false, message: 'The model endpoint could not be reached.', models: [] },
        },
      }),
      UpdateAssistantSettings: (v) => ({
        data: { updateAssistantSettings: { ...settings, ...v.input, key_hint: null, updated_at: '2027-03-04T10:00:00.000Z' } },
      }),
    },
    { me: meAs('ADMIN') },
  );
  await renderSignedIn('/admin/ai-assistant/settings');
  fireEvent.change(await screen.findByRole('textbox', { name: 'Base URL' }), { target: { value: 'http://10.0.0.5:11434/v1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Test the connection' }));
  expect((await screen.findByText('Connected: the endpoint offers 2 models.')).getAttribute('role')).toBe('status');
  expect((screen.getByRole('combobox', { name: 'Model' }) as HTMLSelectElement).value).toBe('llama3');
  fireEvent.click(screen.getByRole('checkbox', { name: /^Notes and 1:1s/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(calls.some((c) => c.operationName === 'UpdateAssistantSettings')).toBe(true));
  const input = calls.find((c) => c.operationName === 'UpdateAssistantSettings')!.variables.input;
  expect(input).toEqual({
    sources: ['RETROS', 'FEEDBACK', 'GOALS', 'REVIEWS', 'ASSESSMENTS', 'DEVELOPMENT_PLANS'],
    retention_days: 90,
    endpoint_url: 'http://10.0.0.5:11434/v1',
    endpoint_model: 'llama3',
    first_token_seconds: 20,
    total_seconds: 120,
  });
});
