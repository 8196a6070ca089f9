import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ASSISTANT_SOURCES } from '../../../shared/assistant.js';
import { createTestApp } from '../../test/helpers.js';
import { startListener } from '../../lib/outbound/outbound.test-support.js';
import { setFeatureAreas } from '../feature-areas/feature-areas.repo.js';
import { answerText, ask } from './assistant.test-support.js';
import { markersIn, seedAssistantOrg, type AssistantOrg } from './assistant.world.test-support.js';

/**
 * The default needs no model and no network (docs/decisions/0066); what an admin switches off is not
 * read at all: the assistant's area, a source, a source's own area.
 */
let app: FastifyInstance;
let w: AssistantOrg;

beforeAll(async () => {
  app = await createTestApp();
  app.services.scheduler.useClock(() => Date.parse('2026-12-01T12:00:00.000Z'));
  w = await seedAssistantOrg(app, 'Acme');
}, 60_000);
afterAll(async () => app?.close());

const QUESTIONS = ['kettle', 'what came up in our retros lately', 'summarize the feedback I received lately', 'What do goals say about Remy Report?'];

describe('with no endpoint configured', () => {
  it('answers every kind of question without a single outbound connection', async () => {
    const sockets = vi.spyOn(net.Socket.prototype, 'connect');
    const clients = vi.spyOn(app.services.outbound, 'client');
    try {
      let answered = 0;
      for (const person of Object.values(w.people)) {
        for (const question of QUESTIONS) {
          const asked = await ask(app, person.token, { question });
          expect(asked.status).toBe(200);
          expect(asked.events.map((e) => e.type)).not.toContain('model_start');
          if (asked.answer?.status === 'ANSWERED') answered += 1;
        }
      }
      expect(answered).toBeGreaterThan(10);
      expect(sockets).not.toHaveBeenCalled();
      expect(clients).not.toHaveBeenCalled();
      // The spy sees a connection when there is one (a fetch to a listener here).
      const listener = await startListener();
      await fetch(listener.url);
      await listener.close();
      expect(sockets).toHaveBeenCalled();
    } finally {
      sockets.mockRestore();
      clients.mockRestore();
    }
  });
});

describe('reading a question', () => {
  it('a team named with a possessive is the scope, and neither its name nor "team" is searched for', async () => {
    const asked = await ask(app, w.people.manager.token, { question: "What came up in the Core team's retros lately?" });
    expect(asked.status).toBe(200);
    expect(asked.answer!.scope_text).toBe('Retros about the team Core since Sep 2, 2026');
  });
});

describe('what is switched off is not read', () => {
  it("the assistant's area off closes the route and its GraphQL; on again, everything is back", async () => {
    const { admin, report } = w.people;
    setFeatureAreas(app.services.db, w.orgId, admin.id, [{ area: 'AI_ASSISTANT', enabled: false }]);
    try {
      const refused = await ask(app, report.token, { question: 'kettle' });
      expect(refused).toMatchObject({ status: 403, json: { error: 'FORBIDDEN' } });
      expect(String(refused.json!.message)).toBe('AI assistant is switched off for your organization. An admin can switch it on under Settings, Pages.');
      const status = await report.gql('{ assistantStatus { sources } }');
      expect(status.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    } finally {
      setFeatureAreas(app.services.db, w.orgId, admin.id, [{ area: 'AI_ASSISTANT', enabled: true }]);
    }
    expect((await ask(app, report.token, { question: 'kettle' })).answer?.status).toBe('ANSWERED');
  });

  it('a source an admin leaves out, or whose own area is off, is never read', async () => {
    const { admin, report } = w.people;
    const sources = ASSISTANT_SOURCES.filter((s) => s !== 'FEEDBACK');
    const set = await admin.gql('mutation($i: AssistantSettingsInput!) { updateAssistantSettings(input: $i) { sources } }', {
      i: { sources, retention_days: 90, endpoint_url: null, endpoint_model: null, first_token_seconds: 20, total_seconds: 120 },
    });
    expect(set.data!.updateAssistantSettings.sources).toEqual(sources);
    setFeatureAreas(app.services.db, w.orgId, admin.id, [{ area: 'NOTES', enabled: false }]);
    try {
      const asked = await ask(app, report.token, { question: 'kettle' });
      const markers = markersIn(answerText(asked));
      expect(markers.length).toBeGreaterThan(0);
      expect(markers.filter((m) => /^azfb|^aznote|^azagenda|^azreportpart/.test(m))).toEqual([]);
      expect((await report.gql('{ assistantStatus { sources } }')).data!.assistantStatus.sources).not.toContain('NOTES');
      const feedbackOnly = await ask(app, report.token, { question: 'kettle', scope: { sources: ['FEEDBACK'] } });
      expect(feedbackOnly.answer).toMatchObject({ status: 'NOT_ENOUGH', groups: [] });
      expect(feedbackOnly.answer!.message).toMatch(/may read none of the sources/);
    } finally {
      setFeatureAreas(app.services.db, w.orgId, admin.id, [{ area: 'NOTES', enabled: true }]);
      await admin.gql('mutation($i: AssistantSettingsInput!) { updateAssistantSettings(input: $i) { sources } }', {
        i: { sources: [...ASSISTANT_SOURCES], retention_days: 90, endpoint_url: null, endpoint_model: null, first_token_seconds: 20, total_seconds: 120 },
      });
    }
  });

  it('refuses bad input as the forms expect it, before any answer', async () => {
    const { report } = w.people;
    expect(await ask(app, report.token, { question: '' })).toMatchObject({ status: 400, json: { error: 'BAD_USER_INPUT' } });
    expect(await ask(app, report.token, { question: 'x'.repeat(501) })).toMatchObject({ status: 400 });
    expect(await ask(app, report.token, { question: 'kettle', scope: { person_id: 'nobody' } })).toMatchObject({
      status: 400,
      json: { fields: { person_id: 'No such person in this organization.' } },
    });
    expect(await ask(app, report.token, { question: 'kettle', conversation_id: 'not-mine' })).toMatchObject({ status: 404 });
    expect(await ask(app, null, { question: 'kettle' })).toMatchObject({ status: 401 });
  });
});
