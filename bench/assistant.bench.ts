import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import { forkBench } from './child.js';
import { benchPeople, latencyStats, rng, seedUsers, startBenchApp, type LatencyStats } from './fixtures.js';
import { newId } from '../server/lib/tokens.js';
import { ensureIndex } from '../server/features/assistant/assistant.index.repo.js';
import { ASSISTANT_KINDS } from '../server/features/assistant/assistant.kinds.js';
import { indexSize } from '../server/features/assistant/assistant.search.repo.js';
import { startFakeModel } from '../server/features/assistant/assistant.fake-model.test-support.js';
import { ASSISTANT_SOURCES, type AssistantEvent } from '../shared/assistant.js';
import { addDays } from '../shared/dates.js';
import { DAY_MS } from '../shared/dates.days.js';

/**
 * The assistant at size (docs/decisions/0066): 5,000 people in 20 teams and 150,000 searchable items
 * (50,000 pieces of feedback; 1,000 ended retros with 35,000 reflections, 3,000 discussion notes and
 * 2,000 action items; 10,000 goals and 15,000 check-ins; 15,000 notes and 5,000 talking points;
 * 15,000 review answers of a closed 360), against the real app in its own process:
 * - the index built from nothing for that organization (time, documents, bytes);
 * - sources-only answers through POST /api/assistant/ask, read to the end, one at a time, for a member,
 *   a manager of 250 people and an admin, search and browse questions (p50/p99 of 500 after 5 warm-up),
 *   idle and while another person gives a piece of feedback every 50 ms (uncached: answers are never cached);
 * - with a fake OpenAI-compatible endpoint in this process: how long after it writes its first piece
 *   the first `delta` event reaches the client (50 questions).
 * Run alone: `npx tsx bench/assistant.bench.ts` (prints one JSON line).
 */
export type AssistantBench = {
  people: number;
  items: number;
  seedMs: number;
  build: { ms: number; docs: number; bytes: number };
  idle: LatencyStats;
  writes: LatencyStats;
  byQuestion: Array<{ question: string; p50: number; p99: number }>;
  firstWords: LatencyStats;
  load: string;
};

const PEOPLE = 5_000;
const READS = 500;
const WARM_UP = 5;
const WORDS = (
  'deploy pipeline review design release incident customer roadmap hiring budget planning onboarding mentoring architecture latency ' +
  'database migration frontend backend testing coverage refactor estimate sprint goal promotion meeting agenda quarter security performance ' +
  'monitoring alerting oncall rotation documentation handbook interview offer training conference talk runbook outage rollback billing'
).split(' ');
const FILLERS = 'the team was very good at this and we should keep it but next time it could be better for everyone when we plan it early'.split(' ');
const RARE = 'kubernetesupgrade';

async function serve(): Promise<void> {
  const t0 = performance.now();
  const { app, url } = await startBenchApp();
  const seeded = await seedAssistantBench(app);
  const seedMs = Math.round(performance.now() - t0);
  const { db } = app.services;
  const sql = db.$client;
  sql.prepare('delete from assistant_index_state').run();
  const b0 = performance.now();
  ensureIndex(
    db,
    ASSISTANT_KINDS.map((k) => k.index),
  );
  const buildMs = Math.round(performance.now() - b0);
  sql.pragma('optimize');
  const size = indexSize(db);
  process.on('message', (msg: { type: string }) => {
    if (msg.type === 'stop') void app.close().then(() => process.exit(0));
  });
  process.send?.({ type: 'ready', url, ...seeded, seedMs, build: { ms: buildMs, docs: size.docs, bytes: size.bytes } });
}

/** The organization and its 150,000 items, written without the index's triggers (the index is built after, and timed). */
export async function seedAssistantBench(app: FastifyInstance) {
  const { db } = app.services;
  const sql = db.$client;
  // Seed without the index's triggers, then build the index from nothing: that is the figure.
  for (const name of sql
    .prepare("select name from sqlite_master where type = 'trigger' and name like 'assistant\\_\\_%' escape '\\'")
    .pluck()
    .all() as string[])
    sql.exec(`drop trigger "${name}"`);
  const { orgId, adminEmail, userIds } = await seedUsers(app, PEOPLE, 'Assist Corp', 'assist.example');
  const teams = sql.prepare('select id from teams where organization_id = ? order by name').pluck().all(orgId) as string[];
  const team1 = sql.prepare("select id from teams where organization_id = ? and name = 'Team 1'").pluck().get(orgId) as string;
  const members = userIds.slice(1);
  const manager = sql.prepare("select id, email from users where team_id = ? and permission_level = 'MANAGER'").get(team1) as { id: string; email: string };
  sql.prepare('update teams set manager_id = ? where id = ?').run(manager.id, team1);
  const teamOf = new Map(
    (sql.prepare('select id, team_id from users where organization_id = ?').all(orgId) as Array<{ id: string; team_id: string }>).map((u) => [u.id, u.team_id]),
  );
  const team1People = members.filter((m) => teamOf.get(m) === team1 && m !== manager.id);
  const typical = team1People[10]!;
  const writer = team1People[20]!;
  const adminHash = sql.prepare('select password_hash from users where email = ?').pluck().get(adminEmail) as string;
  for (const id of [manager.id, typical, writer]) sql.prepare('update users set password_hash = ? where id = ?').run(adminHash, id);

  const rand = rng(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const text = (n: number) =>
    Array.from({ length: n }, (_, i) => (i % 3 === 2 ? pick(WORDS) : pick(FILLERS))).join(' ') + (rand() < 0.002 ? ` ${RARE}` : '') + '.';
  const yearMs = 365 * DAY_MS;
  const now = Date.now();
  const when = () => new Date(now - rand() * yearMs).toISOString();
  db.transaction(() => {
    const fb = sql.prepare('insert into feedback (id, organization_id, giver_id, recipient_id, body, visibility, created_at) values (?, ?, ?, ?, ?, ?, ?)');
    for (let i = 0; i < 50_000; i++) {
      const recipient = i < 300 ? typical : pick(members);
      fb.run(newId(), orgId, pick(members), recipient, text(12 + Math.floor(rand() * 18)), pick(['PUBLIC', 'PUBLIC', 'PRIVATE', 'MANAGER', 'MANAGER']), when());
    }
    const retro = sql.prepare(
      "insert into retros (id, organization_id, team_id, title, template_id, template_name, prompts, anonymous, phase, scheduled_at, started_at, ended_at) values (?, ?, ?, ?, 'builtin', 'Start stop continue', ?, 1, 'SUMMARY', ?, ?, ?)",
    );
    const group = sql.prepare('insert into retro_groups (id, organization_id, retro_id, title, notes) values (?, ?, ?, ?, ?)');
    const reflection = sql.prepare('insert into retro_reflections (id, organization_id, retro_id, prompt_id, text, group_id) values (?, ?, ?, ?, ?, ?)');
    const action = sql.prepare('insert into retro_action_items (id, organization_id, retro_id, team_id, text, owner_id) values (?, ?, ?, ?, ?, ?)');
    const prompts = JSON.stringify([
      { id: 'start', title: 'Start', description: '', colour: 'green' },
      { id: 'stop', title: 'Stop', description: '', colour: 'red' },
    ]);
    for (let r = 0; r < 1_000; r++) {
      const id = newId();
      const teamId = teams[r % teams.length]!;
      const ended = new Date(now - (r / 1_000) * yearMs).toISOString();
      retro.run(id, orgId, teamId, `Retro ${r}`, prompts, ended, ended, ended);
      const groups = [newId(), newId(), newId()];
      for (const g of groups) group.run(g, orgId, id, pick(WORDS), text(25));
      for (let k = 0; k < 35; k++) reflection.run(newId(), orgId, id, k % 2 ? 'start' : 'stop', text(8 + Math.floor(rand() * 10)), pick(groups));
      for (let k = 0; k < 2; k++) action.run(newId(), orgId, id, teamId, text(8), pick(members));
    }
    const goal = sql.prepare(
      "insert into goals (id, organization_id, title, description, owner_kind, owner_user_id, visibility, created_at, updated_at) values (?, ?, ?, ?, 'PERSON', ?, ?, ?, ?)",
    );
    const checkIn = sql.prepare(
      "insert into goal_check_ins (id, organization_id, goal_id, author_id, comment, status, progress, created_at) values (?, ?, ?, ?, ?, 'ON_TRACK', 50, ?)",
    );
    const goalIds: Array<[string, string]> = [];
    for (let i = 0; i < 10_000; i++) {
      const id = newId();
      const owner = pick(members);
      const at = when();
      goal.run(
        id,
        orgId,
        `${pick(WORDS)} ${pick(WORDS)}`,
        text(15),
        owner,
        pick(['EVERYONE', 'EVERYONE', 'MANAGER_CHAIN', 'MANAGER_CHAIN', 'PRIVATE']),
        at,
        at,
      );
      goalIds.push([id, owner]);
    }
    for (let i = 0; i < 15_000; i++) {
      const [goalId, owner] = pick(goalIds);
      checkIn.run(newId(), orgId, goalId, owner, text(12), when());
    }
    const note = sql.prepare(
      'insert into notes (id, organization_id, author_id, title, body, about_user_id, shared_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const agenda = sql.prepare('insert into note_agenda_items (id, organization_id, note_id, text, created_by) values (?, ?, ?, ?, ?)');
    const oneOnOnes: Array<[string, string]> = [];
    for (let i = 0; i < 15_000; i++) {
      const id = newId();
      const author = pick(members);
      const about = rand() < 0.3 ? pick(members) : null;
      const at = when();
      note.run(id, orgId, author, `${pick(WORDS)} notes`, text(40 + Math.floor(rand() * 60)), about, about && rand() < 0.3 ? at : null, at, at);
      if (about) oneOnOnes.push([id, author]);
    }
    for (let i = 0; i < 5_000; i++) {
      const [noteId, author] = pick(oneOnOnes);
      agenda.run(newId(), orgId, noteId, text(8), author);
    }
    const cycleId = newId();
    sql
      .prepare(
        "insert into review_cycles (id, organization_id, name, type, status, review_end, perspectives, min_peers, max_peers, anonymity_threshold, closed_at) values (?, ?, 'Annual 360', '360', 'CLOSED', ?, '[\"SELF\",\"MANAGER\",\"PEER\"]', 0, 5, 3, ?)",
      )
      .run(cycleId, orgId, addDays(now, -30).toISOString(), addDays(now, -20).toISOString());
    const questions = [0, 1, 2].map((position) => {
      const id = newId();
      sql
        .prepare(
          "insert into review_cycle_questions (id, organization_id, cycle_id, section_position, section_title, position, kind, prompt, options, perspectives, required, private) values (?, ?, ?, 0, 'Impact', ?, 'TEXT', ?, '[]', '[\"SELF\",\"MANAGER\",\"PEER\"]', 0, 0)",
        )
        .run(id, orgId, cycleId, position, `Question ${position + 1}`);
      return id;
    });
    const participant = sql.prepare(
      'insert into review_participants (id, organization_id, cycle_id, reviewee_id, manager_id, results_released_at) values (?, ?, ?, ?, ?, ?)',
    );
    const request = sql.prepare(
      "insert into review_requests (id, organization_id, cycle_id, participant_id, reviewee_id, reviewer_id, perspective, status, due_at, submitted_at) values (?, ?, ?, ?, ?, ?, ?, 'SUBMITTED', ?, ?)",
    );
    const answer = sql.prepare('insert into review_answers (id, organization_id, request_id, question_id, text) values (?, ?, ?, ?, ?)');
    for (let p = 0; p < 1_000; p++) {
      const reviewee = members[p * 4]!;
      const pid = newId();
      participant.run(pid, orgId, cycleId, reviewee, manager.id, addDays(now, -10).toISOString());
      const reviewers: Array<[string, string]> = [
        [reviewee, 'SELF'],
        [manager.id, 'MANAGER'],
        [members[p * 4 + 1]!, 'PEER'],
        [members[p * 4 + 2]!, 'PEER'],
        [members[p * 4 + 3]!, 'PEER'],
      ];
      for (const [reviewer, perspective] of reviewers) {
        const rid = newId();
        request.run(rid, orgId, cycleId, pid, reviewee, reviewer, perspective, addDays(now, -30).toISOString(), addDays(now, -31).toISOString());
        for (const q of questions) answer.run(newId(), orgId, rid, q, text(20));
      }
    }
  });
  const emailOf = (id: string) => sql.prepare('select email from users where id = ?').pluck().get(id) as string;
  const names = { typical: sql.prepare('select full_name from users where id = ?').pluck().get(typical) as string };
  return {
    orgId,
    emails: { admin: adminEmail, manager: manager.email, typical: emailOf(typical), writer: emailOf(writer) },
    team1,
    typical,
    names,
    managerId: manager.id,
  };
}

/** One question through the route, read to the end; the time to the first `delta` event too. */
async function askOnce(url: string, token: string, body: unknown): Promise<{ events: AssistantEvent[]; firstDeltaAt: number | null }> {
  const res = await fetch(`${url}/api/assistant/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok || !res.body) throw new Error(`ask: ${res.status} ${await res.text()}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  let firstDeltaAt: number | null = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += value;
    if (firstDeltaAt === null && text.includes('event: delta')) firstDeltaAt = performance.timeOrigin + performance.now();
  }
  const events = text
    .split('\n\n')
    .map((f) => f.split('\n').find((l) => l.startsWith('data: ')))
    .filter((l): l is string => !!l)
    .map((l) => JSON.parse(l.slice(6)) as AssistantEvent);
  return { events, firstDeltaAt };
}

export async function benchAssistant(): Promise<AssistantBench> {
  const server = forkBench('assistant.bench.ts', { ASSISTANT_SERVE: '1', RESPONSE_CACHE: 'off' });
  const fake = await startFakeModel({
    reply: () => ({ text: 'The team keeps mentioning the deploy pipeline [1]. Onboarding came up too [2]. '.repeat(3), pieceDelayMs: 5 }),
  });
  try {
    const ready = await server.next<{
      url: string;
      emails: Record<string, string>;
      team1: string;
      typical: string;
      names: { typical: string };
      seedMs: number;
      build: AssistantBench['build'];
    }>('ready');
    const { url } = ready;
    const { signIn, gql } = benchPeople(url, ready.emails);
    // Access tokens live a few minutes: signed in again after 90 s.
    const tokens = new Map<string, { token: string; at: number }>();
    const tokenOf = async (who: string) => {
      const known = tokens.get(who);
      if (known && Date.now() - known.at < 90_000) return known.token;
      const fresh = { token: await signIn(who), at: Date.now() };
      tokens.set(who, fresh);
      return fresh.token;
    };
    const QUESTIONS: Array<{ who: string; label: string; body: unknown }> = [
      {
        who: 'typical',
        label: 'member: retros of their team lately (browse)',
        body: { question: 'What came up in our retros lately?', scope: { team_id: ready.team1, sources: ['RETROS'] } },
      },
      {
        who: 'typical',
        label: 'member: the feedback they received lately (browse)',
        body: { question: 'Summarize the feedback I received lately', scope: { person_id: ready.typical, sources: ['FEEDBACK'] } },
      },
      { who: 'typical', label: 'member: two common words, everything', body: { question: 'deploy pipeline incidents' } },
      { who: 'manager', label: 'manager of 250: three words, everything', body: { question: 'What do people say about onboarding and mentoring?' } },
      { who: 'manager', label: 'manager of 250: a person by name', body: { question: `What do goals and feedback say about ${ready.names.typical}?` } },
      { who: 'admin', label: 'admin: four words, everything', body: { question: 'security review of the database migration' } },
      { who: 'admin', label: 'admin: a rare word', body: { question: RARE } },
    ];
    const times = new Map<string, number[]>(QUESTIONS.map((q) => [q.label, []]));
    const run = async (): Promise<number[]> => {
      const all: number[] = [];
      for (let i = 0; i < WARM_UP + READS; i++) {
        const q = QUESTIONS[i % QUESTIONS.length]!;
        const token = await tokenOf(q.who);
        const t = performance.now();
        await askOnce(url, token, q.body);
        const ms = performance.now() - t;
        if (i >= WARM_UP) {
          all.push(ms);
          times.get(q.label)!.push(ms);
        }
      }
      return all;
    };
    const idle = await run();
    let writing = true;
    const writer = (async () => {
      let n = 0;
      while (writing) {
        const t = performance.now();
        await gql('writer', 'mutation($i: GiveFeedbackInput!) { giveFeedback(input: $i) { id } }', {
          i: { recipient_id: ready.typical, body: `Thanks for the deploy pipeline work (${n++})`, visibility: 'PUBLIC' },
        });
        await new Promise((r) => setTimeout(r, Math.max(0, 50 - (performance.now() - t))));
      }
    })();
    const writes = await run();
    writing = false;
    await writer;
    // The fake endpoint: the first words' way from it through the server to this client.
    await gql('admin', 'mutation($i: AssistantSettingsInput!) { updateAssistantSettings(input: $i) { endpoint_url } }', {
      i: {
        sources: [...ASSISTANT_SOURCES],
        retention_days: 90,
        endpoint_url: fake.url,
        endpoint_model: 'fake-small',
        first_token_seconds: 20,
        total_seconds: 120,
      },
    });
    const firstWords: number[] = [];
    for (let i = 0; i < 55; i++) {
      const before = fake.firstPieceAt.length;
      const { firstDeltaAt } = await askOnce(url, await tokenOf('typical'), { question: 'deploy pipeline onboarding' });
      const sentAt = fake.firstPieceAt[before];
      if (i >= 5 && firstDeltaAt !== null && sentAt !== undefined) firstWords.push(firstDeltaAt - sentAt);
    }
    return {
      people: PEOPLE,
      items: 150_000,
      seedMs: ready.seedMs,
      build: ready.build,
      idle: latencyStats(idle),
      writes: latencyStats(writes),
      firstWords: latencyStats(firstWords),
      byQuestion: QUESTIONS.map((q) => {
        const s = latencyStats(times.get(q.label)!);
        return { question: q.label, p50: s.p50, p99: s.p99 };
      }),
      load: os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
    };
  } finally {
    await fake.close();
    await server.stop();
  }
}

if (process.env.ASSISTANT_SERVE === '1') {
  await serve();
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(JSON.stringify({ loadBefore: load, ...(await benchAssistant()) }));
}
