import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ASSISTANT_SOURCES, type AssistantEvent } from '../../../shared/assistant.js';
import { createTestApp, signedIn } from '../../test/helpers.js';
import { seedWorldOrg } from '../../test/world.js';
import { FAKES_ENV } from '../integrations/integrations.outbound.test-support.js';
import { closedPort } from '../../lib/outbound/outbound.test-support.js';
import { startFakeModel, type FakeModel, type FakeReply } from './assistant.fake-model.test-support.js';
import { ask, parseEvents } from './assistant.test-support.js';

/**
 * The optional model (docs/decisions/0066), driven by a fake OpenAI-compatible endpoint on 127.0.0.1:
 * streamed and not, citations that were not given, a connection cut mid-way, a slow first token, the
 * asker leaving, a key, and an address the operator did not allow.
 */
let app: FastifyInstance;
let fake: FakeModel;
let script: FakeReply = { text: '' };
let admin: Awaited<ReturnType<typeof signedIn>>;
let member: Awaited<ReturnType<typeof signedIn>>;

const settings = (over: Record<string, unknown> = {}) =>
  admin.gql('mutation($i: AssistantSettingsInput!) { updateAssistantSettings(input: $i) { endpoint_url endpoint_model key_hint } }', {
    i: {
      sources: [...ASSISTANT_SOURCES],
      retention_days: 90,
      endpoint_url: fake.url,
      endpoint_model: 'fake-small',
      first_token_seconds: 5,
      total_seconds: 20,
      ...over,
    },
  });

beforeAll(async () => {
  fake = await startFakeModel({ reply: () => script });
  app = await createTestApp({ ...FAKES_ENV });
  const w = await seedWorldOrg(app, 'Acme');
  const insert = app.services.db.$client.prepare(
    "insert into feedback (id, organization_id, giver_id, recipient_id, body, visibility) values (?, ?, ?, ?, ?, 'PUBLIC')",
  );
  insert.run('w1', w.org.id, w.admin.id, w.member.id, 'The walrus release went out on time and the rollback plan was clear.');
  insert.run('w2', w.org.id, w.manager.id, w.member.id, 'Walrus support tickets were answered within a day.');
  admin = await signedIn(app, w.admin.email);
  member = await signedIn(app, w.member.email);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await fake?.close();
});
beforeEach(async () => {
  fake.key = null;
  expect((await settings()).errors).toBeUndefined();
});

const of = <T extends AssistantEvent['type']>(events: AssistantEvent[], type: T) =>
  events.filter((e): e is Extract<AssistantEvent, { type: T }> => e.type === type);
/** Sentence events without `end` (how much raw text each took: checked once, in the first test). */
const sentencesOf = (events: AssistantEvent[]) => of(events, 'sentence').map(({ end: _end, ...rest }) => rest);

describe('a model writes the answer from the sources it is given', () => {
  it('streams: the sources first, then the words as they come, each sentence checked; the exchange is kept with its sentences', async () => {
    script = { text: 'The walrus release was on time [1]. Tickets were answered within a day [2].' };
    const asked = await ask(app, member.token, { question: 'walrus' });
    const types = asked.events.map((e) => e.type);
    expect(types[0]).toBe('answer');
    expect(types.slice(1, 2)).toEqual(['model_start']);
    expect(
      of(asked.events, 'delta')
        .map((d) => d.text)
        .join(''),
    ).toBe(script.text);
    expect(of(asked.events, 'sentence').map((e) => e.end)).toEqual([script.text.indexOf('Tickets'), script.text.length]);
    expect(sentencesOf(asked.events)).toEqual([
      { type: 'sentence', index: 0, text: 'The walrus release was on time [1].', cites: [1], kept: true },
      { type: 'sentence', index: 1, text: 'Tickets were answered within a day [2].', cites: [2], kept: true },
    ]);
    expect(of(asked.events, 'model_done')).toEqual([{ type: 'model_done', fallback: false, message: null }]);
    const sent = fake.requests.at(-1)!;
    expect(sent.body).toMatchObject({ model: 'fake-small', stream: true });
    expect(JSON.stringify(sent.body.messages)).toContain('[1] Praise, by');
    const saved = of(asked.events, 'saved')[0]!;
    const history = await member.gql(
      'query($id: ID!) { assistantConversation(id: $id) { messages { model_sentences { text cites } model_host groups { passages { n } } } } }',
      { id: saved.conversation_id },
    );
    expect(history.data!.assistantConversation.messages[0].model_sentences).toEqual([
      { text: 'The walrus release was on time [1].', cites: [1] },
      { text: 'Tickets were answered within a day [2].', cites: [2] },
    ]);
  });

  it('takes one JSON completion from a server that does not stream', async () => {
    script = { text: 'Both notes praise the walrus work [1][2].', mode: 'json' };
    const asked = await ask(app, member.token, { question: 'walrus' });
    expect(sentencesOf(asked.events)).toEqual([{ type: 'sentence', index: 0, text: 'Both notes praise the walrus work [1][2].', cites: [1, 2], kept: true }]);
    expect(of(asked.events, 'model_done')[0]!.fallback).toBe(false);
  });

  it('drops a citation that was not given and a sentence left without one; with no sentence left, the sources are the answer', async () => {
    script = { text: 'The walrus launch was late [7]. It shipped on time [1][9]. Everyone loved it.' };
    const asked = await ask(app, member.token, { question: 'walrus' });
    expect(of(asked.events, 'sentence').map((s) => [s.text, s.kept])).toEqual([
      ['The walrus launch was late.', false],
      ['It shipped on time [1].', true],
      ['Everyone loved it.', false],
    ]);
    script = { text: 'The walrus team won an award [5]. The CEO said so [6].' };
    const invented = await ask(app, member.token, { question: 'walrus' });
    expect(of(invented.events, 'model_done')[0]).toMatchObject({ fallback: true });
    expect(of(invented.events, 'model_done')[0]!.message).toMatch(/cited none of the sources/);
    const saved = of(invented.events, 'saved')[0]!;
    const history = await member.gql('query($id: ID!) { assistantConversation(id: $id) { messages { model_sentences { text } groups { key } } } }', {
      id: saved.conversation_id,
    });
    const message = history.data!.assistantConversation.messages[0];
    expect(message.model_sentences).toEqual([]);
    expect(message.groups.map((g: { key: string }) => g.key).sort()).toEqual(['feedback:w1', 'feedback:w2']);
  });

  it('a failure mid-way, an endpoint that is down, and a slow first token end in a clear error; the sources stay the answer', async () => {
    script = { text: 'The walrus release was on time [1]. Tickets were answered quickly [2]. More words follow here [1].', mode: 'cut' };
    const cut = await ask(app, member.token, { question: 'walrus' });
    expect(of(cut.events, 'answer')[0]!.answer.status).toBe('ANSWERED');
    expect(of(cut.events, 'error')[0]!.message).toBe('The endpoint stopped answering mid-way.');
    expect(of(cut.events, 'model_done')[0]).toMatchObject({ fallback: true });

    expect((await settings({ endpoint_url: `http://127.0.0.1:${await closedPort()}` })).errors).toBeUndefined();
    const down = await ask(app, member.token, { question: 'walrus' });
    expect(of(down.events, 'error')[0]!.message).toMatch(/^The model endpoint could not be reached: check the base URL and the network/);

    expect((await settings({ first_token_seconds: 1 })).errors).toBeUndefined();
    script = { text: 'Late words [1].', firstDelayMs: 1500 };
    const slow = await ask(app, member.token, { question: 'walrus' });
    expect(of(slow.events, 'error')[0]!.message).toBe('The endpoint sent nothing within 1 seconds.');
    expect(of(slow.events, 'delta')).toEqual([]);
  });

  it('cancels the model call when the asker leaves', async () => {
    script = { text: 'One walrus word after another [1]. '.repeat(40), pieceDelayMs: 20 };
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const abortedBefore = fake.aborted;
    await new Promise<void>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/assistant/ask',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => {
            body += c.toString('utf8');
            if (parseEvents(body).some((e) => e.type === 'delta')) {
              req.destroy();
              resolve();
            }
          });
          res.on('error', () => undefined);
        },
      );
      req.on('error', () => undefined);
      req.on('close', () => resolve());
      req.end(JSON.stringify({ question: 'walrus' }));
      setTimeout(() => reject(new Error('no words arrived')), 10_000).unref();
    });
    for (let i = 0; i < 200 && fake.aborted === abortedBefore; i++) await new Promise((r) => setTimeout(r, 25));
    expect(fake.aborted).toBe(abortedBefore + 1);
  });
});

describe('the endpoint setting', () => {
  it('seals the key, shows a hint, sends it as a Bearer token, and the test button says what happened in plain words', async () => {
    fake.key = 'sk-walrus-0123456789';
    const saved = await settings({ api_key: 'sk-walrus-0123456789' });
    expect(saved.data!.updateAssistantSettings).toEqual({ endpoint_url: fake.url, endpoint_model: 'fake-small', key_hint: '••••6789' });
    const row = JSON.stringify(app.services.db.$client.prepare('select * from assistant_settings').all());
    expect(row).not.toContain('sk-walrus');
    expect(JSON.stringify(app.services.db.$client.prepare("select details from audit_events where action = 'ASSISTANT_SETTINGS_CHANGED'").all())).not.toContain(
      'sk-walrus',
    );
    const test = (base: string, key?: string) =>
      admin.gql('mutation($b: String!, $k: String) { testAssistantEndpoint(base_url: $b, api_key: $k) { ok message models } }', { b: base, k: key ?? null });
    expect((await test(fake.url)).data!.testAssistantEndpoint).toEqual({
      ok: true,
      message: 'Connected: the endpoint offers 2 models.',
      models: ['fake-small', 'fake-large'],
    });
    expect((await test(`${fake.url}/v1`, 'wrong-key')).data!.testAssistantEndpoint).toMatchObject({
      ok: false,
      message: 'The endpoint refused the key (HTTP 401).',
    });
    script = { text: 'Walrus release on time [1].' };
    await ask(app, member.token, { question: 'walrus' });
    expect(fake.requests.at(-1)!.authorization).toBe('Bearer sk-walrus-0123456789');
    // A new address without a new key: the old key is not sent there.
    expect((await settings({ endpoint_url: `http://127.0.0.1:${await closedPort()}` })).data!.updateAssistantSettings.key_hint).toBeNull();
    expect((await member.gql('{ assistantSettings { key_hint } }')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('the address guard', () => {
  it('refuses an address the operator did not allow, before any connection', async () => {
    const strict = await createTestApp();
    try {
      const w = await seedWorldOrg(strict, 'Acme');
      const a = await signedIn(strict, w.admin.email);
      const connections = fake.requests.length;
      const test = await a.gql('mutation($b: String!) { testAssistantEndpoint(base_url: $b) { ok message } }', { b: fake.url });
      expect(test.data!.testAssistantEndpoint.ok).toBe(false);
      expect(test.data!.testAssistantEndpoint.message).toMatch(/could not be reached.*allowed by the server’s operator/);
      expect(fake.requests.length).toBe(connections);
    } finally {
      await strict.close();
    }
  });
});
