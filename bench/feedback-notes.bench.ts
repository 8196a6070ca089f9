import { fileURLToPath } from 'node:url';
import { forkBench } from './child.js';
import { benchPeople, latencyStats, rng, seedUsers, startBenchApp, type LatencyStats } from './fixtures.js';
import { newId } from '../server/lib/tokens.js';
import { addDays, dayOf } from '../shared/dates.js';
import { DAY_MS } from '../shared/dates.days.js';

/**
 * Continuous feedback and notes at size (docs/decisions/0048): 5,000 people in 20 teams,
 * 100,000 pieces of feedback over a year (visibility mixed, a third tagged, 5,000 answered requests)
 * and 50,000 notes (bodies of 60-200 words), against the real app in its own process, one read at a
 * time, p50/p99 over 500 reads after 5 warm-up reads (p99 of 200 reads is the second worst one: on 2 cores, noise):
 * - `myFeedback` RECEIVED, first page of 20 with its total, for people with about 20 and with 2,000
 *   pieces received (target p99 < 50 ms);
 * - `feedbackTeamProgress` of a manager's team (250 people, 90 days) (target p99 < 100 ms), and the
 *   admin's whole organization (5,000 people) for information;
 * - `notes` search for a person with 200 notes: a common word, a rare word, two words, a prefix
 *   (target p99 < 20 ms).
 * Each read is measured idle and again while another client writes (a piece of feedback and a note
 * autosave every 50 ms: every write empties what the response cache held for those tables), with
 * the response cache off (uncached) and on (cached).
 * Run alone with `npx tsx bench/feedback-notes.bench.ts` (prints one JSON line). The same file is
 * the server side when forked with FEEDBACK_NOTES_SERVE=1.
 */
type Stats = LatencyStats;
type Case = { idle: Stats; writes: Stats; writeMs: Stats };
export type FeedbackNotesBench = {
  people: number;
  feedback: number;
  notes: number;
  seedMs: number;
  received: Case;
  receivedHeavy: Case;
  teamProgress: Case;
  orgProgress: Case;
  search: Case;
  searchHits: number;
};

const PEOPLE = 5_000;
const FEEDBACK = 100_000;
const NOTES = 50_000;
const READS = 500;
const WARM_UP = 5;
const VISIBILITIES = ['PUBLIC', 'PUBLIC', 'PRIVATE', 'MANAGER', 'MANAGER'] as const;
const WORDS = (
  'deploy pipeline review design release incident customer roadmap hiring budget planning onboarding mentoring architecture latency ' +
  'database migration frontend backend testing coverage refactor estimate sprint retro goal promotion feedback meeting agenda quarter ' +
  'security performance monitoring alerting oncall rotation documentation handbook interview offer training conference talk'
).split(' ');
const RARE = 'kubernetesupgrade';

async function serve(): Promise<void> {
  const t0 = performance.now();
  const { app, url } = await startBenchApp();
  const { db } = app.services;
  const { orgId, adminEmail, userIds } = await seedUsers(app, PEOPLE, 'Feedback Corp', 'feedback.example');
  const sql = db.$client;
  const adminHash = (sql.prepare('select password_hash from users where email = ?').get(adminEmail) as { password_hash: string }).password_hash;
  // People who sign in: a manager of Team 1 (made its manager), a popular person, a typical one, a note writer, a writer.
  const team1 = (sql.prepare("select id from teams where organization_id = ? and name = 'Team 1'").get(orgId) as { id: string }).id;
  const manager = sql.prepare("select id, email from users where team_id = ? and permission_level = 'MANAGER'").get(team1) as { id: string; email: string };
  sql.prepare('update teams set manager_id = ? where id = ?').run(manager.id, team1);
  const members = userIds.filter((id) => id !== manager.id);
  const [popular, typical, noter, writer] = [members[101]!, members[202]!, members[303]!, members[404]!];
  const emailOf = (id: string) => (sql.prepare('select email from users where id = ?').get(id) as { email: string }).email;
  for (const id of [manager.id, popular, typical, noter, writer]) sql.prepare('update users set password_hash = ? where id = ?').run(adminHash, id);

  const rand = rng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const yearMs = 365 * DAY_MS;
  const now = Date.now();
  const tags = Array.from({ length: 8 }, (_, i) => newId() + i);
  db.transaction(() => {
    const tag = sql.prepare("insert into feedback_tags (id, organization_id, name, kind) values (?, ?, ?, 'VALUE')");
    tags.forEach((id, i) => tag.run(id, orgId, `Value ${i + 1}`));
    const give = sql.prepare('insert into feedback (id, organization_id, giver_id, recipient_id, body, visibility, created_at) values (?, ?, ?, ?, ?, ?, ?)');
    const link = sql.prepare('insert into feedback_tag_links (feedback_id, tag_id, organization_id) values (?, ?, ?)');
    const request = sql.prepare(
      'insert into feedback_requests (id, organization_id, requester_id, subject_id, questions, created_at) values (?, ?, ?, ?, \'["How did it go?"]\', ?)',
    );
    const ask = sql.prepare(
      'insert into feedback_request_asks (id, organization_id, request_id, responder_id, status, feedback_id, answered_at, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const answer = sql.prepare(
      "insert into feedback (id, organization_id, giver_id, recipient_id, body, visibility, request_id, answers, created_at) values (?, ?, ?, ?, ?, 'REQUESTER', ?, ?, ?)",
    );
    const sentence = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
    for (let i = 0; i < FEEDBACK - 5_000; i++) {
      const recipient = i < 2_000 ? popular : pick(members);
      let giver = pick(members);
      if (giver === recipient) giver = manager.id;
      const id = newId();
      give.run(id, orgId, giver, recipient, `Thank you for the ${sentence(12)}.`, pick(VISIBILITIES), new Date(now - rand() * yearMs).toISOString());
      if (i % 3 === 0) link.run(id, pick(tags), orgId);
    }
    for (let i = 0; i < 5_000; i++) {
      const subject = pick(members);
      const requestId = newId();
      const at = new Date(now - rand() * yearMs).toISOString();
      request.run(requestId, orgId, subject, subject, at);
      for (let k = 0; k < 2; k++) {
        const responder = members[(members.indexOf(subject) + 1 + k) % members.length]!;
        const feedbackId = k === 0 ? newId() : null;
        if (feedbackId)
          answer.run(
            feedbackId,
            orgId,
            responder,
            subject,
            sentence(20),
            requestId,
            JSON.stringify([{ question: 'How did it go?', answer: sentence(20) }]),
            at,
          );
        ask.run(newId(), orgId, requestId, responder, feedbackId ? 'ANSWERED' : 'PENDING', feedbackId, feedbackId ? at : null, at);
      }
    }
    const note = sql.prepare('insert into notes (id, organization_id, author_id, title, body, tags, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)');
    for (let i = 0; i < NOTES; i++) {
      const author = i < 200 ? noter : pick(members);
      const at = new Date(now - rand() * yearMs).toISOString();
      const words = 60 + Math.floor(rand() * 140);
      const body = `${sentence(words)}${i % 50 === 0 ? ` ${RARE}` : ''}`;
      note.run(newId(), orgId, author, `${pick(WORDS)} ${pick(WORDS)} notes`, body, JSON.stringify([pick(WORDS)]), at, at);
    }
  });
  sql.pragma('optimize');
  const emails = {
    manager: manager.email,
    popular: emailOf(popular),
    typical: emailOf(typical),
    noter: emailOf(noter),
    writer: emailOf(writer),
    admin: adminEmail,
  };
  process.on('message', (msg: { type: string }) => {
    if (msg.type === 'stop') void app.close().then(() => process.exit(0));
  });
  process.send?.({ type: 'ready', url, emails, team1, writeTo: typical, seedMs: Math.round(performance.now() - t0) });
}

const RECEIVED =
  'query($f: FeedbackFilter!) { myFeedback(filter: $f) { total next_cursor items { id body visibility created_at giver { id full_name } recipient { id full_name } tags { id name } reactions { reaction count mine } } } }';
const PROGRESS =
  'query($team: ID, $from: String) { feedbackTeamProgress(team_id: $team, from: $from) { team { id name } given received asked answered quiet completion { percent band } people { user { id full_name } given received asked answered quiet last_received_at completion { percent band } } } }';
const SEARCH = 'query($f: NoteFilter) { notes(filter: $f) { total items { note { id title updated_at tags } title_match snippet } } }';

export async function benchFeedbackNotes(cache: boolean): Promise<FeedbackNotesBench> {
  const server = forkBench('feedback-notes.bench.ts', { FEEDBACK_NOTES_SERVE: '1', RESPONSE_CACHE: cache ? 'on' : 'off' });
  try {
    const { url, emails, team1, writeTo, seedMs } = await server.next<{
      url: string;
      emails: Record<string, string>;
      team1: string;
      writeTo: string;
      seedMs: number;
    }>('ready');
    const { signIn, gql } = benchPeople(url, emails);
    const from = dayOf(addDays(Date.now(), -90));
    const run = async (read: (i: number) => Promise<unknown>): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < WARM_UP + READS; i++) {
        const t = performance.now();
        await read(i);
        if (i >= WARM_UP) times.push(performance.now() - t);
      }
      return times;
    };
    // The writer: a piece of feedback and a note autosave every 50 ms while `on`.
    let writing = false;
    const { createNote } = await gql('writer', 'mutation { createNote(input: { title: "Draft" }) { id version } }', {});
    let version = createNote.version as number;
    let writeTimes: number[] = [];
    const writer = async () => {
      let n = 0;
      while (writing) {
        const t = performance.now();
        await gql('writer', 'mutation($i: GiveFeedbackInput!) { giveFeedback(input: $i) { id } }', {
          i: { recipient_id: writeTo, body: `Thanks again (${n})`, visibility: 'PUBLIC' },
        });
        version = (
          await gql('writer', 'mutation($id: ID!, $b: String!, $v: Int!) { updateNote(id: $id, input: { body: $b }, base_version: $v) { version } }', {
            id: createNote.id,
            b: `autosave ${n++} ${WORDS.join(' ')}`,
            v: version,
          })
        ).updateNote.version;
        writeTimes.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, Math.max(0, 50 - (performance.now() - t))));
      }
    };
    const measure = async (who: string, read: (i: number) => Promise<unknown>): Promise<Case> => {
      await signIn(who);
      const idle = await run(read);
      await Promise.all([signIn(who), signIn('writer')]);
      writeTimes = [];
      writing = true;
      const w = writer();
      const writes = await run(read);
      writing = false;
      await w;
      return { idle: latencyStats(idle), writes: latencyStats(writes), writeMs: latencyStats(writeTimes) };
    };
    const searches = ['deploy', RARE, 'design review', 'arch'];
    let searchHits = 0;
    const result: FeedbackNotesBench = {
      people: PEOPLE,
      feedback: FEEDBACK,
      notes: NOTES,
      seedMs,
      received: await measure('typical', () => gql('typical', RECEIVED, { f: { box: 'RECEIVED', first: 20 } })),
      receivedHeavy: await measure('popular', () => gql('popular', RECEIVED, { f: { box: 'RECEIVED', first: 20 } })),
      teamProgress: await measure('manager', () => gql('manager', PROGRESS, { team: team1, from })),
      orgProgress: await measure('admin', () => gql('admin', PROGRESS, { from })),
      search: await measure('noter', async (i) => {
        const d = await gql('noter', SEARCH, { f: { query: searches[i % searches.length], first: 20 } });
        searchHits = Math.max(searchHits, d.notes.total as number);
      }),
      searchHits,
    };
    return result;
  } finally {
    await server.stop();
  }
}

if (process.env.FEEDBACK_NOTES_SERVE === '1') {
  await serve();
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const off = await benchFeedbackNotes(false);
  console.log(JSON.stringify({ uncached: off, cached: await benchFeedbackNotes(true) }));
}
