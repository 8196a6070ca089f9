import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.js';
import { ensureIndex, kindToken } from './assistant.index.repo.js';
import { ASSISTANT_KINDS } from './assistant.kinds.js';
import { ask, passageTexts } from './assistant.test-support.js';
import { seedAssistantOrg, type AssistantOrg } from './assistant.world.test-support.js';

/**
 * The index is kept by the areas' own writes (docs/decisions/0066): a write is found by the next
 * question, a deletion or a visibility change is out at once, and the documents always equal what
 * each kind's declaration says of the rows (also after the triggers went missing or changed).
 */
let app: FastifyInstance;
let w: AssistantOrg;

beforeAll(async () => {
  app = await createTestApp();
  app.services.scheduler.useClock(() => Date.parse('2026-12-01T12:00:00.000Z'));
  w = await seedAssistantOrg(app, 'Acme');
}, 60_000);
afterAll(async () => app?.close());

/** Every kind's documents, rows and FTS rows, equal what its view says now. */
function expectIndexExact(): void {
  const sql = app.services.db.$client;
  for (const kind of ASSISTANT_KINDS) {
    const docs = sql.prepare('select rid from assistant_docs where kind = ? order by rid').pluck().all(kind.kind);
    const view = sql.prepare(`select rid from assistant_src_${kind.kind} order by rid`).pluck().all();
    const fts = sql
      .prepare('select rowid from assistant_fts where assistant_fts match ? order by rowid')
      .pluck()
      .all(`tags : ${kindToken(kind.index.code)}`);
    expect({ kind: kind.kind, docs }).toEqual({ kind: kind.kind, docs: view });
    expect({ kind: kind.kind, fts }).toEqual({ kind: kind.kind, fts: view });
  }
  sql.prepare("insert into assistant_fts(assistant_fts) values ('integrity-check')").run();
}

const texts = async (token: string, question: string) => passageTexts((await ask(app, token, { question })).answer).join('\n');

describe("kept by the areas' writes", () => {
  it('feedback given through GraphQL is found by the next question, and gone once deleted', async () => {
    const { manager, report } = w.people;
    const given = await manager.gql('mutation($i: GiveFeedbackInput!) { giveFeedback(input: $i) { id } }', {
      i: { recipient_id: report.id, body: 'The quokka migration was careful work.', visibility: 'PRIVATE' },
    });
    expect(given.errors).toBeUndefined();
    await manager.gql('mutation($i: GiveFeedbackInput!) { giveFeedback(input: $i) { id } }', {
      i: { recipient_id: report.id, body: 'Another quokka moment, well handled.', visibility: 'PRIVATE' },
    });
    expect(await texts(report.token, 'quokka')).toContain('The quokka migration was careful work.');
    expectIndexExact();
    const removed = await manager.gql('mutation($id: ID!) { deleteFeedback(id: $id) }', { id: given.data!.giveFeedback.id });
    expect(removed.errors).toBeUndefined();
    expect(await texts(report.token, 'quokka')).not.toContain('careful work');
    expectIndexExact();
  });

  it('a goal made private is out at once for everyone but its owner', async () => {
    const { report, outsider } = w.people;
    const created = await report.gql('mutation($i: GoalInput!) { createGoal(input: $i) { id } }', {
      i: { title: 'Narwhal onboarding', description: 'Write the narwhal guide.', owner_kind: 'PERSON', owner_user_id: report.id, visibility: 'EVERYONE' },
    });
    expect(created.errors).toBeUndefined();
    await report.gql('mutation($i: GoalInput!) { createGoal(input: $i) { id } }', {
      i: { title: 'Narwhal docs', description: 'A second narwhal page.', owner_kind: 'PERSON', owner_user_id: report.id, visibility: 'EVERYONE' },
    });
    expect(await texts(outsider.token, 'narwhal')).toContain('Narwhal onboarding');
    const hidden = await report.gql('mutation($id: ID!) { updateGoal(id: $id, input: { visibility: PRIVATE }) { id } }', { id: created.data!.createGoal.id });
    expect(hidden.errors).toBeUndefined();
    expect(await texts(outsider.token, 'narwhal')).not.toContain('Narwhal onboarding');
    expect(await texts(report.token, 'narwhal')).toContain('Narwhal onboarding');
    expectIndexExact();
  });

  it('a 1:1 unshared takes its talking points away from the other person at once', async () => {
    const { manager, report } = w.people;
    await manager.gql('mutation($n: ID!, $t: String!) { addNoteAgendaItem(note_id: $n, text: $t) { id } }', {
      n: w.sharedNoteId,
      t: 'Axolotl budget for the offsite',
    });
    await manager.gql('mutation($n: ID!, $t: String!) { addNoteAgendaItem(note_id: $n, text: $t) { id } }', { n: w.sharedNoteId, t: 'Axolotl team naming' });
    expect(await texts(report.token, 'axolotl')).toContain('Axolotl budget');
    const unshared = await manager.gql('mutation($id: ID!) { shareNote(id: $id, shared: false) { id } }', { id: w.sharedNoteId });
    expect(unshared.errors).toBeUndefined();
    expect(await texts(report.token, 'axolotl')).toBe('');
    expect(await texts(manager.token, 'axolotl')).toContain('Axolotl budget');
    await manager.gql('mutation($id: ID!) { shareNote(id: $id, shared: true) { id } }', { id: w.sharedNoteId });
    expectIndexExact();
  });

  it("a retro's passages are indexed when it ends, not before; its removal takes them out", async () => {
    const sql = app.services.db.$client;
    const retro = sql.prepare('select id from retros where organization_id = ? and ended_at is null').pluck().get(w.orgId) as string;
    const running = sql
      .prepare(
        "select count(*) from assistant_docs d where d.kind = 'retro_reflection' and d.rid in (select rowid * 32 + 2 from retro_reflections where retro_id = ?)",
      )
      .pluck();
    expect(running.get(retro)).toBe(0);
    sql.prepare("update retros set phase = 'SUMMARY', ended_at = '2026-11-25T10:00:00.000Z', author_key = null where id = ?").run(retro);
    expect(running.get(retro)).toBe(1);
    expect(await texts(w.people.peer.token, 'kettle retros')).toContain(w.mark('running'));
    sql.prepare('delete from retros where id = ?').run(retro);
    expect(await texts(w.people.peer.token, 'kettle retros')).not.toContain(w.mark('running'));
    expectIndexExact();
  });

  it('a person removed from the team no longer reads its retros (checked on the rows, whatever the index holds)', async () => {
    const { peer } = w.people;
    const sql = app.services.db.$client;
    expect(await texts(peer.token, 'kettle flaky')).toContain(w.mark('reflection'));
    sql.prepare('update users set team_id = null where id = ?').run(peer.id);
    try {
      expect(await texts(peer.token, 'kettle flaky')).not.toContain(w.mark('reflection'));
    } finally {
      sql.prepare('update users set team_id = ? where id = ?').run(w.coreTeamId, peer.id);
    }
  });
});

describe('built from the declarations', () => {
  it('a missing trigger or a changed declaration makes the kind again from its rows; an unchanged one is left alone', () => {
    const { db } = app.services;
    const declarations = ASSISTANT_KINDS.map((k) => k.index);
    expect(ensureIndex(db, declarations).every((r) => !r.rebuilt)).toBe(true);
    db.$client.exec('DROP TRIGGER assistant__feedback__ai');
    db.$client
      .prepare(
        "insert into feedback (id, organization_id, giver_id, recipient_id, body, visibility) values ('written-without-trigger', ?, ?, ?, 'Pangolin', 'PUBLIC')",
      )
      .run(w.orgId, w.people.admin.id, w.people.peer.id);
    const again = ensureIndex(db, declarations);
    expect(again.filter((r) => r.rebuilt).map((r) => r.kind)).toEqual(['feedback']);
    expectIndexExact();
    const changed = declarations.map((d) => (d.kind === 'goal' ? { ...d, tags: [...d.tags, "'zextrax'"] } : d));
    expect(
      ensureIndex(db, changed)
        .filter((r) => r.rebuilt)
        .map((r) => r.kind),
    ).toEqual(['goal']);
    expect(db.$client.prepare("select count(*) from assistant_fts where assistant_fts match 'tags : zextrax'").pluck().get()).toBeGreaterThan(0);
    expect(
      ensureIndex(db, declarations)
        .filter((r) => r.rebuilt)
        .map((r) => r.kind),
    ).toEqual(['goal']);
    expectIndexExact();
  });

  it('holds no id of a reflection, and the text of none before its retro ended', () => {
    const sql = app.services.db.$client;
    const ids = sql.prepare('select id from retro_reflections').pluck().all() as string[];
    for (const table of ['assistant_docs', 'assistant_index_state', 'assistant_messages', 'assistant_conversations']) {
      const dump = JSON.stringify(sql.prepare(`select * from ${table}`).all());
      for (const id of ids) expect(dump).not.toContain(id);
    }
  });
});

describe('the triggers that keep the index', () => {
  it('find the rows a change concerns through an index, never by reading a whole table', () => {
    const db = app.services.db.$client;
    const triggers = db.prepare("select name, sql from sqlite_master where type = 'trigger' and name like 'assistant%'").all() as Array<{
      name: string;
      sql: string;
    }>;
    expect(triggers.length).toBeGreaterThan(30);
    const scans: string[] = [];
    for (const t of triggers) {
      // Each "FROM <table> s WHERE <condition>" of a trigger, with the changed row's columns as parameters.
      for (const [, from, where] of t.sql.matchAll(/FROM (\w+) s WHERE (.+?)\)(?= OR | BEGIN|;)/g)) {
        const query = `SELECT 1 FROM ${from} s WHERE ${where!.replace(/\b(?:new|old)\.\w+/g, '?')}`;
        const plan = (db.prepare(`EXPLAIN QUERY PLAN ${query}`).all(...Array(query.split('?').length - 1).fill('x')) as Array<{ detail: string }>).map(
          (r) => r.detail,
        );
        if (plan.some((d) => /^SCAN s\b/.test(d))) scans.push(`${t.name}: ${query} => ${plan.join(' / ')}`);
      }
    }
    expect(scans).toEqual([]);
  });
});
