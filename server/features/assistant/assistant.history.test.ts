import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_SOURCES } from '../../../shared/assistant.js';
import { codeOf, createTestApp } from '../../test/helpers.js';
import { ask } from './assistant.test-support.js';
import { seedAssistantOrg, type AssistantOrg } from './assistant.world.test-support.js';
import { DAY_MS } from '../../../shared/dates.days.js';

/**
 * History (docs/decisions/0066): a conversation is its asker's alone; a stored answer shows only what
 * the asker may still read (quotes are read again, never kept); conversations past the retention go.
 */
let app: FastifyInstance;
let w: AssistantOrg;
let now = Date.parse('2026-12-01T12:00:00.000Z');

beforeAll(async () => {
  app = await createTestApp();
  app.services.scheduler.useClock(() => now);
  w = await seedAssistantOrg(app, 'Acme');
}, 60_000);
afterAll(async () => app?.close());

const CONVERSATION = `query($id: ID!) { assistantConversation(id: $id) { title messages { question status missing scope { sources } groups { key passages { n text author } } } } }`;

describe('a conversation', () => {
  it('is continued by its asker only, and listed, opened and deleted by them only', async () => {
    const { report, manager, admin } = w.people;
    const first = await ask(app, report.token, { question: 'kettle goals', scope: { sources: ['GOALS'] } });
    const saved = first.events.find((e) => e.type === 'saved');
    if (saved?.type !== 'saved') throw new Error('not saved');
    const second = await ask(app, report.token, { question: 'kettle plan', conversation_id: saved.conversation_id });
    expect(second.events.find((e) => e.type === 'saved')).toMatchObject({ conversation_id: saved.conversation_id });
    for (const other of [manager, admin]) {
      expect((await ask(app, other.token, { question: 'kettle', conversation_id: saved.conversation_id })).status).toBe(404);
      expect(codeOf(await other.gql(CONVERSATION, { id: saved.conversation_id }))).toBe('NOT_FOUND');
      expect(codeOf(await other.gql('mutation($id: ID!) { deleteAssistantConversation(id: $id) }', { id: saved.conversation_id }))).toBe('NOT_FOUND');
      expect(
        (await other.gql('{ assistantConversations { items { id } } }')).data!.assistantConversations.items.map((c: { id: string }) => c.id),
      ).not.toContain(saved.conversation_id);
    }
    const opened = await report.gql(CONVERSATION, { id: saved.conversation_id });
    expect(opened.data!.assistantConversation).toMatchObject({
      title: 'kettle goals',
      messages: [{ question: 'kettle goals', scope: { sources: ['GOALS'] } }, { question: 'kettle plan' }],
    });
    expect((await report.gql('{ assistantConversations(first: 1) { items { id } next_cursor } }')).data!.assistantConversations.items).toEqual([
      { id: saved.conversation_id },
    ]);
    expect((await report.gql('mutation($id: ID!) { deleteAssistantConversation(id: $id) }', { id: saved.conversation_id })).data).toEqual({
      deleteAssistantConversation: true,
    });
    expect(codeOf(await report.gql(CONVERSATION, { id: saved.conversation_id }))).toBe('NOT_FOUND');
  });

  it('shows again only what its asker may still read: a deleted or hidden passage is gone, and counted', async () => {
    const { manager, report } = w.people;
    const sql = app.services.db.$client;
    const asked = await ask(app, manager.token, { question: 'kettle', scope: { sources: ['FEEDBACK'] } });
    const saved = asked.events.find((e) => e.type === 'saved');
    if (saved?.type !== 'saved') throw new Error('not saved');
    const shownBefore = (await manager.gql(CONVERSATION, { id: saved.conversation_id })).data!.assistantConversation.messages[0];
    const texts = JSON.stringify(shownBefore.groups);
    expect(texts).toContain(w.mark('fbprivate'));
    expect(texts).toContain(w.mark('fbrequester'));
    expect(shownBefore.missing).toBe(0);
    // The private feedback is deleted; the manager stops being report's and peer's manager: the REQUESTER answer stays (they asked), MANAGER feedback goes.
    sql.prepare('delete from feedback where body like ?').run(`%${w.mark('fbprivate')}%`);
    sql.prepare('update teams set manager_id = null where id = ?').run(w.coreTeamId);
    sql.prepare('update users set manager_id = null where id = ?').run(report.id);
    try {
      const after = (await manager.gql(CONVERSATION, { id: saved.conversation_id })).data!.assistantConversation.messages[0];
      const again = JSON.stringify(after.groups);
      expect(again).not.toContain(w.mark('fbprivate'));
      expect(again).not.toContain(w.mark('fbmanager'));
      expect(again).toContain(w.mark('fbrequester'));
      expect(after.missing).toBe(2);
    } finally {
      sql.prepare('update teams set manager_id = ? where id = ?').run(manager.id, w.coreTeamId);
      sql.prepare('update users set manager_id = ? where id = ?').run(manager.id, report.id);
    }
  });

  it("goes after its organization's retention, by the daily job", async () => {
    const { admin, peer } = w.people;
    const set = await admin.gql('mutation($i: AssistantSettingsInput!) { updateAssistantSettings(input: $i) { retention_days } }', {
      i: { sources: [...ASSISTANT_SOURCES], retention_days: 7, endpoint_url: null, endpoint_model: null, first_token_seconds: 20, total_seconds: 120 },
    });
    expect(set.data!.updateAssistantSettings.retention_days).toBe(7);
    const kept = (await ask(app, peer.token, { question: 'kettle' })).events.find((e) => e.type === 'saved');
    if (kept?.type !== 'saved') throw new Error('not saved');
    const count = () => app.services.db.$client.prepare('select count(*) from assistant_conversations where id = ?').pluck().get(kept.conversation_id);
    await app.services.scheduler.tick();
    now += 6 * DAY_MS;
    await app.services.scheduler.tick();
    expect(count()).toBe(1);
    now += 2 * DAY_MS;
    await app.services.scheduler.tick();
    expect(count()).toBe(0);
  });
});
