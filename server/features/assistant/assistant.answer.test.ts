import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/tokens.js';
import { createTestApp } from '../../test/helpers.js';
import { feedback } from '../feedback/feedback.tables.js';
import { notes } from '../notes/notes.tables.js';
import { parseQuestion, timeOf } from './assistant.question.js';
import { ask, passageTexts } from './assistant.test-support.js';
import { seedAssistantOrg, type AssistantOrg } from './assistant.world.test-support.js';

/**
 * The sources-only answer (docs/decisions/0066): made of the passages themselves, so nothing in it is
 * invented; too little behind a question is said, not answered; an anonymous author is never named;
 * and its order depends on nothing the asker cannot read.
 */
let app: FastifyInstance;
let w: AssistantOrg;
const NOW = Date.parse('2026-12-01T12:00:00.000Z');

beforeAll(async () => {
  app = await createTestApp();
  app.services.scheduler.useClock(() => NOW);
  w = await seedAssistantOrg(app, 'Acme');
}, 60_000);
afterAll(async () => app?.close());

describe('the answer', () => {
  it('praise reads positive, even in words a lexicon finds negative', async () => {
    const { db } = app.services;
    for (const body of ['You stayed late to fix the broken kraken build.', 'The kraken build notes are in the wiki.']) {
      db.insert(feedback)
        .values({
          id: newId(),
          organization_id: w.orgId,
          giver_id: w.people.peer.id,
          recipient_id: w.people.report.id,
          visibility: 'PUBLIC',
          body,
          created_at: '2026-11-25T10:00:00.000Z',
        })
        .run();
    }
    const asked = await ask(app, w.people.report.token, { question: 'kraken build' });
    const praise = asked.answer!.groups.flatMap((g) => g.passages).find((p) => p.text.includes('broken kraken'));
    expect([praise?.label, praise?.tone]).toEqual(['Praise', 'positive']);
  });

  it('a reflection\'s tone is its column\'s when the column says it (a "Stop" reflection is negative, whatever its words)', async () => {
    const asked = await ask(app, w.people.manager.token, { question: 'What came up in our retros lately?' });
    const reflections = asked.answer!.groups.flatMap((g) => g.passages).filter((p) => p.kind === 'retro_reflection');
    expect(reflections.length).toBeGreaterThan(0);
    for (const r of reflections) expect([r.label, r.tone]).toEqual([expect.stringContaining('under “Stop”'), 'negative']);
  });

  it('quotes only: every central sentence is in a passage shown, every theme is counted from passages, tone from feedback and retros', async () => {
    const asked = await ask(app, w.people.manager.token, { question: 'kettle' });
    const answer = asked.answer!;
    expect(answer.status).toBe('ANSWERED');
    const passages = answer.groups.flatMap((g) => g.passages);
    expect(passages.map((p) => p.n)).toEqual(passages.map((_, i) => i + 1));
    for (const c of answer.summary!.central) expect(passages.find((p) => p.n === c.n)!.text).toContain(c.text);
    for (const t of answer.summary!.themes) {
      expect(t.count).toBeGreaterThanOrEqual(2);
      expect(t.by_month.reduce((n, m) => n + m.count, 0)).toBe(t.count);
    }
    expect(answer.summary!.counts.reduce((n, c) => n + c.count, 0)).toBe(answer.considered);
    const tone = answer.summary!.tone!;
    const toned = answer.summary!.counts.filter((c) => ['feedback', 'retro_reflection', 'retro_discussion'].includes(c.kind)).reduce((n, c) => n + c.count, 0);
    expect(tone.positive + tone.negative + tone.neutral).toBe(toned);
    for (const g of answer.groups) expect(g.link).toMatch(/^\/[a-z]/);
  });

  it('says there is not enough instead of answering from one passage or none', async () => {
    const none = await ask(app, w.people.outsider.token, { question: 'What about the zeppelin budget?' });
    expect(none.answer).toMatchObject({ status: 'NOT_ENOUGH', groups: [], summary: null, considered: 0 });
    expect(none.answer!.message).toMatch(/^Not enough behind this question: nothing you may read matches it/);
    const one = await ask(app, w.people.outsider.token, { question: w.mark('planfocus') });
    expect(one.answer).toMatchObject({ status: 'NOT_ENOUGH', groups: [], considered: 1 });
    const vague = await ask(app, w.people.outsider.token, { question: 'hello?' });
    expect(vague.answer!.status).toBe('NOT_ENOUGH');
  });

  it("never names the author of an anonymous retro's reflection, whatever the row holds", async () => {
    const sql = app.services.db.$client;
    sql.prepare('update retro_reflections set author_id = ? where text like ?').run(w.people.report.id, `%${w.mark('reflection')}%`);
    try {
      const asked = await ask(app, w.people.manager.token, { question: 'kettle flaky', scope: { sources: ['RETROS'] } });
      const reflection = asked.answer!.groups.flatMap((g) => g.passages).find((p) => p.kind === 'retro_reflection')!;
      expect(reflection).toMatchObject({ author: null, label: 'Anonymous reflection, under “Stop”' });
      const anonymous = asked.answer!.groups.flatMap((g) => g.passages).filter((p) => p.kind !== 'retro_action');
      expect(JSON.stringify(anonymous)).not.toContain(w.people.report.name);
    } finally {
      sql.prepare('update retro_reflections set author_id = null').run();
    }
  });

  it("ranks over what the asker may read only: others' private notes full of the same words change nothing", async () => {
    const peer = w.people.peer;
    const before = await ask(app, peer.token, { question: 'kettle release roadmap' });
    for (let i = 0; i < 40; i++) {
      app.services.db
        .insert(notes)
        .values({ id: newId(), organization_id: w.orgId, author_id: w.people.manager.id, title: 'Kettle', body: `kettle kettle release ${i}` })
        .run();
    }
    const after = await ask(app, peer.token, { question: 'kettle release roadmap' });
    expect(after.answer).toEqual(before.answer);
    expect(passageTexts(after.answer).length).toBeGreaterThan(1);
  });
});

describe('reading a question', () => {
  it('finds the sources, the time and "me" it names, and leaves the rest as words', () => {
    expect(parseQuestion('What came up in our retros lately?', NOW)).toMatchObject({ sources: ['RETROS'], terms: [], since: '2026-09-02', aboutMe: false });
    expect(parseQuestion('Summarize the feedback I received since March', NOW)).toMatchObject({
      sources: ['FEEDBACK'],
      terms: [],
      since: '2026-03-01',
      aboutMe: true,
    });
    expect(parseQuestion('deploy pipeline incidents last month', NOW)).toMatchObject({
      sources: null,
      terms: ['deploy', 'pipeline', 'incidents'],
      since: '2026-11-01',
      until: '2026-12-01',
    });
    expect(timeOf('goals in the last 2 weeks', NOW)).toMatchObject({ since: '2026-11-17', text: 'the last 2 weeks' });
    expect(timeOf('in October', NOW)).toMatchObject({ since: '2026-10-01', until: '2026-11-01' });
    expect(parseQuestion('Summarize the feedback I received since Sep 7, 2026', NOW)).toMatchObject({
      terms: [],
      since: '2026-09-07',
      timeText: 'since september 7, 2026',
    });
  });
});
