import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, codeOf, createTestApp } from '../../test/helpers.js';
import { signInAs } from '../../test/world.js';
import { listen, openRaw, type Raw } from '../../graphql/subscriptions.test-support.js';
import { users } from '../users/users.tables.js';
import { retroHealthAnswers, retroReflections, retros, retroVotes } from './retros.tables.js';
import { newRetro, retroWorld, SET_PHASE, type Caller, type RetroWorld } from './retros.test-support.js';
import { BOARD, BOARD_FIELDS, board, reflect, vote } from './retros.board.test-support.js';

/**
 * Anonymity of reflections (docs/decisions/0047): what each role reads through the retro query and
 * the retroChanged subscription over a whole retro, what the logs hold, and what a reader of the
 * SQLite file alone can learn once the retro ended.
 */

let app: FastifyInstance;
let w: RetroWorld;
let wsUrl: string;
let logs: ReturnType<typeof captureLogs>;
let ownManager: Caller;

beforeAll(async () => {
  app = await createTestApp({ LOG_LEVEL: 'info' });
  logs = captureLogs(app);
  w = await retroWorld(app);
  // The author's own manager, who is not the team's manager: the world's manager of Owls.
  ownManager = await signInAs(app, w.world.acme.otherManager);
  app.services.db.update(users).set({ manager_id: ownManager.id }).where(eq(users.id, w.members[0]!.id)).run();
  wsUrl = await listen(app);
});
afterAll(async () => {
  logs.restore();
  await app.close();
});

const HEALTH = 'mutation($id: ID!, $i: Int!, $s: Int!) { answerRetroHealth(id: $id, index: $i, score: $s) { id } }';

async function move(caller: Caller, id: string, from: string, to: string) {
  const r = await caller.gql(SET_PHASE, { id, from, to });
  if (r.errors) throw new Error(JSON.stringify(r.errors));
}

describe('an anonymous retro, start to end', () => {
  it('never names an author to anyone (query and subscription, every role, every phase), keeps no author in the logs, and leaves nothing linking a reflection or vote to a person in the database file', async () => {
    const [author, other, facilitator] = w.members as [Caller, Caller, Caller];
    const retro = await newRetro(facilitator, w.team.id, { health_check_id: 'builtin:quick-pulse' });
    const id = retro.id as string;
    const roles: Record<string, Caller> = { author, other, facilitator, teamManager: w.manager, admin: w.admin };
    const refused: Record<string, Caller> = { ownManager, otherOrgAdmin: w.otherAdmin };

    // Everyone who may opens the live meeting; the others are refused like an unknown id.
    const live: Record<string, Raw> = {};
    for (const [name, caller] of Object.entries({ ...roles, ...refused })) {
      const raw = await openRaw(wsUrl);
      await raw.init(caller.token);
      raw.subscribe('r', `subscription($id: ID!) { retroChanged(id: $id) { ${BOARD_FIELDS} } }`, { variables: { id } });
      live[name] = raw;
    }
    for (const name of Object.keys(refused)) {
      const msg = await live[name]!.waitFor((m) => m.type === 'error' || m.type === 'next');
      expect(msg.type).toBe('error');
      expect(msg.payload[0].extensions.code).toBe('NOT_FOUND');
      expect(codeOf(await refused[name]!.gql(BOARD, { id }))).toBe('NOT_FOUND');
    }

    const phases: string[] = retro.phases;
    let phase = 'SCHEDULED';
    const next = async () => {
      const to = phases[phases.indexOf(phase) + 1]!;
      await move(facilitator, id, phase, to);
      phase = to;
    };
    while (phase !== 'HEALTH') await next();
    for (const [i, caller] of [author, other, facilitator].entries()) await caller.gql(HEALTH, { id, i: 0, s: i + 3 });
    await next();
    expect(phase).toBe('REFLECT');

    const secret1 = 'Our releases scare me';
    const secret2 = 'Nobody reviews my pull requests';
    const r1 = await reflect(author, id, 'stop', secret1);
    const r2 = await reflect(author, id, 'start', secret2);
    const r3 = await reflect(other, id, 'continue', 'Keep the Friday demos');
    const reflectionIds = [r1, r2, r3];

    // REFLECT: only the author reads their texts; the others see counts.
    for (const [name, caller] of Object.entries(roles)) {
      const b = await board(caller, id);
      const texts = b.reflections.map((x: any) => x.text);
      if (name === 'author') expect(texts.filter(Boolean).sort()).toEqual([secret2, secret1].sort());
      else expect(texts).not.toContain(secret1);
      expect(b.writing).toMatchObject({ people: 2, reflections: 3 });
    }

    const tokensBefore = app.services.db
      .select({ t: retroReflections.author_token })
      .from(retroReflections)
      .where(eq(retroReflections.retro_id, id))
      .all()
      .map((x) => x.t!);
    const healthTokens = app.services.db
      .select({ t: retroHealthAnswers.voter_token })
      .from(retroHealthAnswers)
      .where(eq(retroHealthAnswers.retro_id, id))
      .all()
      .map((x) => x.t!);
    const key = app.services.db.select({ k: retros.author_key }).from(retros).where(eq(retros.id, id)).get()!.k!;
    expect(new Set(tokensBefore).size).toBe(2);

    await next(); // GROUP
    for (const caller of Object.values(roles)) {
      const b = await board(caller, id);
      expect(b.reflections.map((x: any) => x.text).sort()).toEqual([secret2, 'Keep the Friday demos', secret1].sort());
      expect(b.reflections.every((x: any) => x.author === null)).toBe(true);
      expect(b.reflections.filter((x: any) => x.mine).length).toBe(caller === author ? 2 : caller === other ? 1 : 0);
    }
    await next(); // VOTE
    const groups = (await board(author, id)).groups;
    await vote(author, groups[0].id);
    await vote(author, groups[0].id);
    await vote(other, groups[1].id);
    const voteTokens = app.services.db
      .select({ t: retroVotes.voter_token })
      .from(retroVotes)
      .where(eq(retroVotes.retro_id, id))
      .all()
      .map((x) => x.t);
    await next(); // DISCUSS
    await move(facilitator, id, 'DISCUSS', 'SUMMARY');
    phase = 'SUMMARY';

    // After the end: texts and tallies stay, nothing is anyone's.
    const version = app.services.db.select({ v: retros.version }).from(retros).where(eq(retros.id, id)).get()!.v;
    for (const caller of Object.values(roles)) {
      const b = await board(caller, id);
      expect(b.reflections).toHaveLength(3);
      expect(b.reflections.every((x: any) => x.author === null && x.mine === false)).toBe(true);
      expect(b.groups.reduce((s: number, g: any) => s + g.votes, 0)).toBe(3);
      expect(b.groups.every((g: any) => g.my_votes === 0)).toBe(true);
    }

    // Every subscription event of the whole meeting, per role.
    for (const [name, caller] of Object.entries(roles)) {
      const raw = live[name]!;
      await raw.waitFor((m) => m.type === 'next' && m.payload.data.retroChanged.version >= version, 10_000);
      const events = raw.messages.filter((m) => m.type === 'next').map((m) => m.payload.data.retroChanged);
      expect(events.length).toBeGreaterThan(5);
      for (const e of events) {
        expect(e.reflections.every((x: any) => x.author === null)).toBe(true);
        if (caller !== author && caller !== other) expect(e.reflections.some((x: any) => x.mine)).toBe(false);
        if (caller !== author && ['SCHEDULED', 'CHECK_IN', 'REVIEW_ACTIONS', 'HEALTH', 'REFLECT'].includes(e.phase)) {
          expect(JSON.stringify(e)).not.toContain(secret1);
          expect(JSON.stringify(e)).not.toContain(secret2);
          for (const rid of [r1, r2]) expect(JSON.stringify(e)).not.toContain(rid);
        }
        if (e.phase === 'SUMMARY') expect(e.reflections.every((x: any) => !x.mine)).toBe(true);
      }
      raw.close();
    }
    for (const name of Object.keys(refused)) live[name]!.close();

    // Logs of the whole flow: no reflection id, no token, and no text of a reflection.
    const text = logs.text();
    expect(logs.lines.length).toBeGreaterThan(10);
    for (const line of logs.lines) {
      for (const rid of reflectionIds) expect(line).not.toContain(rid);
      expect(line).not.toContain(secret1);
    }
    for (const t of [...tokensBefore, ...voteTokens, key]) expect(text).not.toContain(t);

    // A reader of the database file alone.
    // The checkpoint after the end was queued with setImmediate as the retro ended: one queued now runs after it.
    await new Promise((resolve) => setImmediate(resolve));
    const file = app.services.db.$client.name;
    const reader = new Database(file, { readonly: true });
    try {
      const rows = reader.prepare('SELECT rowid, * FROM retro_reflections WHERE retro_id = ?').all(id) as Array<Record<string, any>>;
      const ended = reader.prepare('SELECT ended_at, author_key FROM retros WHERE id = ?').get(id) as { ended_at: string; author_key: string | null };
      expect(ended.author_key).toBeNull();
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row.author_id).toBeNull();
        expect(row.author_token).toBeNull();
        expect(row.created_at).toBe(ended.ended_at);
        expect(row.updated_at).toBe(ended.ended_at);
      }
      // The table's own order is the ids' (random) order, not the order of writing.
      expect(rows.sort((a, b) => a.rowid - b.rowid).map((r) => r.id)).toEqual([...reflectionIds].sort());
      expect(reader.prepare('SELECT count(*) AS n FROM retro_votes WHERE retro_id = ?').get(id)).toEqual({ n: 0 });
      expect(reader.prepare('SELECT count(*) AS n FROM retro_health_answers WHERE retro_id = ? AND voter_token IS NOT NULL').get(id)).toEqual({ n: 0 });
      expect(reader.prepare('SELECT count(*) AS n FROM retro_health_answers WHERE retro_id = ?').get(id)).toEqual({ n: 3 });
      const groupTimes = reader.prepare('SELECT DISTINCT created_at FROM retro_groups WHERE retro_id = ?').all(id);
      expect(groupTimes).toEqual([{ created_at: ended.ended_at }]);

      // No row of any table (notifications and the audit log included) holds a reflection id, a token or the key, but the reflections themselves.
      const tables = (reader.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string }>).map(
        (t) => t.name,
      );
      expect(tables).toEqual(expect.arrayContaining(['notifications', 'audit_events', 'retro_participants']));
      const secrets = [...tokensBefore, ...voteTokens, ...healthTokens, key];
      for (const table of tables) {
        for (const row of reader.prepare(`SELECT * FROM "${table}"`).all()) {
          const s = JSON.stringify(row);
          for (const secret of secrets) expect(s, table).not.toContain(secret);
          if (table !== 'retro_reflections') for (const rid of reflectionIds) expect(s, table).not.toContain(rid);
        }
      }
    } finally {
      reader.close();
    }
    // Not even in the file's free space or its write-ahead log: deleted content is zeroed and the log truncated.
    const bytes = Buffer.concat([fs.readFileSync(file), ...(fs.existsSync(`${file}-wal`) ? [fs.readFileSync(`${file}-wal`)] : [])]);
    for (const secret of [...tokensBefore, ...voteTokens, ...healthTokens, key]) expect(bytes.includes(Buffer.from(secret))).toBe(false);
  });

  it('a retro ended straight from REFLECT: every reflection still gets a group, loses its token, and is no one’s; a signed retro keeps its authors', async () => {
    const [author, other, facilitator] = w.members as [Caller, Caller, Caller];
    for (const anonymous of [true, false]) {
      const retro = await newRetro(facilitator, w.team.id, { anonymous });
      let phase = 'SCHEDULED';
      while (phase !== 'REFLECT') {
        const to = retro.phases[retro.phases.indexOf(phase) + 1];
        await move(facilitator, retro.id, phase, to);
        phase = to;
      }
      const mine = await reflect(author, retro.id, 'start', 'Short sprint');
      await reflect(other, retro.id, 'stop', 'Long meetings');
      await move(facilitator, retro.id, 'REFLECT', 'SUMMARY');
      const b = await board(author, retro.id);
      expect(b.groups).toHaveLength(2);
      expect(b.reflections.every((x: any) => x.text && x.group_id && !x.mine)).toBe(true);
      expect(b.reflections.find((x: any) => x.id === mine).author).toEqual(anonymous ? null : { id: author.id, full_name: 'Remy Report', email: author.email });
      expect(b.writing).toMatchObject({ people: 0, reflections: 2 });
      expect(b.my_votes_left).toBe(0);
      const rows = app.services.db.select().from(retroReflections).where(eq(retroReflections.retro_id, retro.id)).all();
      expect(rows.every((r) => r.author_token === null)).toBe(true);
      expect(rows.map((r) => r.author_id).filter(Boolean)).toEqual(anonymous ? [] : expect.arrayContaining([author.id, other.id]));
      const edit = await author.gql('mutation($id: ID!) { deleteRetroReflection(id: $id) }', { id: mine });
      expect(codeOf(edit)).toBe('NOT_FOUND');
    }
  });
});
