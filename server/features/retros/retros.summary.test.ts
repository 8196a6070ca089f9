import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchedulerTestApp } from '../../jobs/jobs.test-support.js';
import type { Scheduler } from '../../jobs/jobs.scheduler.js';
import { eq } from 'drizzle-orm';
import { writeNotificationChoices } from '../../../shared/notification-kinds.js';
import { outboxMails } from '../../test/helpers.js';
import { setFeatureAreas } from '../feature-areas/feature-areas.repo.js';
import { users } from '../users/users.tables.js';
import { addGroups, addParticipants, addReflection } from './retros.discuss.test-support.js';
import { newRetro, retroWorld, toPhase, type Caller, type RetroWorld } from './retros.test-support.js';

let app: FastifyInstance;
let scheduler: Scheduler;
let w: RetroWorld;

beforeAll(async () => {
  ({ app, scheduler } = await createSchedulerTestApp());
  w = await retroWorld(app);
});
afterAll(async () => app.close());

const exportCsv = (as: Pick<Caller, 'token'> | null, id: string) =>
  app.inject({ method: 'GET', url: `/api/retros/${id}/export.csv`, headers: as ? { authorization: `Bearer ${as.token}` } : {} });
const summaries = () =>
  app.services.db.$client
    .prepare("select user_id, title, body, link from notifications where kind = 'retros' and title = 'A retro you took part in has ended'")
    .all() as Array<{ user_id: string; title: string; body: string; link: string }>;
const ADD = 'mutation($r: ID!, $i: RetroActionItemInput!) { addRetroActionItem(retro_id: $r, input: $i) { id } }';

/** A retro of Core that Remy and Pia wrote in (Paz joined; Pol did not), with two topics and an action item. */
async function heldRetro(anonymous: boolean, title: string) {
  const [remy, pia, paz] = w.members as [Caller, Caller, Caller];
  const retro = await newRetro(w.manager, w.team.id, { anonymous, title });
  await toPhase(w.manager, retro.id, 'REFLECT');
  const [deploys, tooling] = addGroups(app, retro.id, [
    { title: 'Deploys', votes: 1 },
    { title: 'Tooling', votes: 4 },
  ]);
  addReflection(app, retro.id, { authorId: remy.id, text: '=HYPERLINK("http://evil.example","click")', groupId: tooling });
  addReflection(app, retro.id, { authorId: pia.id, text: 'Friday deploys hurt', groupId: deploys });
  addReflection(app, retro.id, { authorId: pia.id, text: '+1 for the new linter', groupId: tooling });
  addParticipants(app, retro.id, [paz.id]);
  const added = await w.manager.gql(ADD, { r: retro.id, i: { text: '@Ship smaller changes', owner_id: paz.id, due_on: '2027-01-15', group_id: deploys } });
  expect(added.errors).toBeUndefined();
  return retro.id as string;
}

describe('the summary export', () => {
  it('only once the retro ended (409 before); groups by votes with their reflections, then action items; formula-safe; no authors in an anonymous retro', async () => {
    const id = await heldRetro(true, 'Anonymous retro');
    const early = await exportCsv(w.members[0]!, id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/ended/);
    await toPhase(w.manager, id, 'SUMMARY');

    const res = await exportCsv(w.members[3]!, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="teamlens-retro-anonymous-retro-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('"Kind","Topic","Votes","Prompt","Text","Owner","Due on","Status","Minutes discussed"');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual([
      '"Topic","Tooling"',
      '"Reflection","Tooling"',
      '"Reflection","Tooling"',
      '"Topic","Deploys"',
      '"Reflection","Deploys"',
      '"Action item","Deploys"',
    ]);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(res.body).toContain(`"'+1 for the new linter"`);
    expect(res.body).toContain(`"'@Ship smaller changes","Paz Peer","2027-01-15","Open"`);
    expect(res.body).not.toMatch(/^"?=|,"=|,"\+|,"@/m);
    for (const name of ['Remy Report', 'Pia Peer']) expect(res.body).not.toContain(name);
  });

  it("a signed retro names each reflection's author", async () => {
    const id = await heldRetro(false, 'Signed retro');
    await toPhase(w.manager, id, 'SUMMARY');
    const res = await exportCsv(w.admin, id);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('"Kind","Topic","Votes","Prompt","Text","Author","Owner","Due on","Status","Minutes discussed"');
    expect(lines).toContain('"Reflection","Deploys",,"Start","Friday deploys hurt","Pia Peer",,,,');
  });

  it('the same access as the retro: 401 signed out, 404 outside the team or organization, 403 when retros are switched off', async () => {
    const id = await heldRetro(true, 'Access retro');
    await toPhase(w.manager, id, 'SUMMARY');
    expect((await exportCsv(null, id)).statusCode).toBe(401);
    expect((await exportCsv(w.outsider, id)).statusCode).toBe(404);
    expect((await exportCsv(w.otherAdmin, id)).statusCode).toBe(404);
    expect((await exportCsv(w.manager, 'no-such-retro')).statusCode).toBe(404);
    setFeatureAreas(app.services.db, w.org.id, w.admin.id, [{ area: 'SPRINT_RETROS', enabled: false }]);
    try {
      const off = await exportCsv(w.manager, id);
      expect(off.statusCode).toBe(403);
      expect(off.body).not.toContain('Tooling');
    } finally {
      setFeatureAreas(app.services.db, w.org.id, w.admin.id, [{ area: 'SPRINT_RETROS', enabled: true }]);
    }
    expect((await exportCsv(w.manager, id)).statusCode).toBe(200);
  });
});

describe('the summary notification', () => {
  it('goes to every participant once the retro ended, after the commit, linking to the summary; not to others; never naming anonymous authors', async () => {
    const [remy, pia, paz, pol] = w.members as [Caller, Caller, Caller, Caller];
    await scheduler.runDueJobs();
    const before = summaries().length;
    const id = await heldRetro(true, 'Notified retro');
    await scheduler.runDueJobs();
    expect(summaries()).toHaveLength(before);
    await toPhase(w.manager, id, 'SUMMARY');
    await scheduler.runDueJobs();
    const sent = summaries().slice(before);
    expect(sent.map((n) => n.user_id).sort()).toEqual([remy.id, pia.id, paz.id].sort());
    expect(sent.map((n) => n.user_id)).not.toContain(pol.id);
    expect(sent.map((n) => n.user_id)).not.toContain(w.outsider.id);
    for (const n of sent) {
      expect(n.title).toBe('A retro you took part in has ended');
      expect(n.body).toMatch(/^Notified retro\n/);
      expect(n.link).toBe(`/professional-development/sprint-retro/review/${id}`);
      expect(n.body).toContain('Tooling');
      expect(n.body).toContain('@Ship smaller changes');
      expect(n.body).toContain('Paz Peer');
      for (const author of ['Remy Report', 'Pia Peer']) expect(n.body).not.toContain(author);
    }
    // Exactly once.
    await scheduler.runDueJobs();
    expect(summaries()).toHaveLength(before + 3);
  });

  it("follows each person's choices: kind off, email only", async () => {
    const [remy, pia, paz] = w.members as [Caller, Caller, Caller];
    const { db } = app.services;
    const choose = (id: string, channels: string[], kinds: string[]) =>
      db
        .update(users)
        .set({ notifications: writeNotificationChoices({ channels, kinds }) })
        .where(eq(users.id, id))
        .run();
    choose(pia.id, ['in_app', 'email'], ['review_requests']);
    choose(paz.id, ['email'], ['retros']);
    try {
      await scheduler.runDueJobs();
      const before = summaries().length;
      const mails = { pia: outboxMails(app, pia.email).length, paz: outboxMails(app, paz.email).length };
      const id = await heldRetro(true, 'Chosen retro');
      await toPhase(w.manager, id, 'SUMMARY');
      await scheduler.runDueJobs();
      expect(
        summaries()
          .slice(before)
          .map((n) => n.user_id),
      ).toEqual([remy.id]);
      expect(
        outboxMails(app, pia.email)
          .slice(mails.pia)
          .filter((m) => m.subject === 'A retro you took part in has ended'),
      ).toEqual([]);
      const pazMail = outboxMails(app, paz.email)
        .slice(mails.paz)
        .filter((m) => m.subject === 'A retro you took part in has ended' && m.text.includes('Chosen retro'));
      expect(pazMail).toHaveLength(1);
      expect(pazMail[0]!.text).toContain(`/professional-development/sprint-retro/review/${id}`);
      for (const author of ['Remy Report', 'Pia Peer']) expect(pazMail[0]!.text).not.toContain(author);
    } finally {
      choose(pia.id, ['in_app', 'email'], ['retros']);
      choose(paz.id, ['in_app', 'email'], ['retros']);
    }
  });
});
