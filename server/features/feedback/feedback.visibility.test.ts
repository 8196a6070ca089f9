import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { topics } from '../../graphql/pubsub.js';
import { listen, openRaw, type Raw } from '../../graphql/subscriptions.test-support.js';
import { codeOf, createTestApp } from '../../test/helpers.js';
import { feedbackPerson, feedbackWorld, insertFeedbackRow, insertRequestRow, type FeedbackCaller, type FeedbackWorld } from './feedback.test-support.js';

/**
 * Who reads each kind of feedback (feedback.visibility.repo.ts), through every read path: myFeedback,
 * praiseWall, feedbackItem, feedbackAbout and the live praise wall (praiseWallChanged). Feedback about `report`, given by `giver` (no other
 * relation to the report); the rows are written directly, the requests too.
 */

let app: FastifyInstance;
let w: FeedbackWorld;
let giver: FeedbackCaller;
const items: Record<string, string> = {};

beforeAll(async () => {
  app = await createTestApp();
  w = await feedbackWorld(app);
  giver = await feedbackPerson(app, w.org.id, { email: 'giver@acme.example', full_name: 'Gail Giver' });
  const row = (visibility: 'PRIVATE' | 'MANAGER' | 'PUBLIC' | 'REQUESTER', body: string, requestId?: string) =>
    insertFeedbackRow(app, {
      organizationId: w.org.id,
      giverId: giver.id,
      recipientId: w.report.id,
      visibility,
      body,
      requestId,
      answers: requestId ? [{ question: 'What went well?', answer: body }] : null,
      createdAt: `2026-06-0${Object.keys(items).length + 1}T09:00:00.000Z`,
    });
  items.PRIVATE = row('PRIVATE', 'private note');
  items.MANAGER = row('MANAGER', 'for the manager too');
  items.PUBLIC = row('PUBLIC', 'public praise');
  items.REQUESTER_UNSHARED = row(
    'REQUESTER',
    'answer to the manager',
    insertRequestRow(app, { organizationId: w.org.id, requesterId: w.manager.id, subjectId: w.report.id }),
  );
  items.REQUESTER_SHARED = row(
    'REQUESTER',
    'answer shared with the report',
    insertRequestRow(app, { organizationId: w.org.id, requesterId: w.manager.id, subjectId: w.report.id, shared: true }),
  );
  items.REQUESTER_SELF = row(
    'REQUESTER',
    'answer to the report who asked',
    insertRequestRow(app, { organizationId: w.org.id, requesterId: w.report.id, subjectId: w.report.id }),
  );
  // Another organization's public praise: nobody of Acme reads it.
  items.GLOBEX_PUBLIC = insertFeedbackRow(app, {
    organizationId: w.otherOrg.id,
    giverId: w.otherAdmin.id,
    recipientId: w.otherMember.id,
    visibility: 'PUBLIC',
    body: 'globex praise',
    createdAt: '2026-06-09T09:00:00.000Z',
  });
});
afterAll(async () => {
  await app.close();
});

type Viewer = 'giver' | 'recipient' | 'manager' | 'teamLead' | 'otherManager' | 'admin' | 'peer' | 'otherAdmin';
const caller = (v: Viewer): FeedbackCaller =>
  ({
    giver,
    recipient: w.report,
    manager: w.manager,
    teamLead: w.teamLead,
    otherManager: w.otherManager,
    admin: w.admin,
    peer: w.peer,
    otherAdmin: w.otherAdmin,
  })[v];

/** Which Acme items about the report each viewer reads. */
const READS: Record<Viewer, string[]> = {
  giver: ['PRIVATE', 'MANAGER', 'PUBLIC', 'REQUESTER_UNSHARED', 'REQUESTER_SHARED', 'REQUESTER_SELF'],
  recipient: ['PRIVATE', 'MANAGER', 'PUBLIC', 'REQUESTER_SHARED', 'REQUESTER_SELF'],
  manager: ['MANAGER', 'PUBLIC', 'REQUESTER_UNSHARED', 'REQUESTER_SHARED'],
  teamLead: ['MANAGER', 'PUBLIC'],
  otherManager: ['PUBLIC'],
  admin: ['PUBLIC'],
  peer: ['PUBLIC'],
  otherAdmin: [],
};
const VIEWERS = Object.keys(READS) as Viewer[];
const KINDS = [...READS.giver];
const namesOf = (ids: string[]) => ids.map((id) => Object.entries(items).find(([, v]) => v === id)?.[0] ?? id).sort();

it('feedbackItem answers each readable item and NOT_FOUND for every other', async () => {
  for (const v of VIEWERS) {
    for (const kind of [...KINDS, 'GLOBEX_PUBLIC']) {
      const res = await caller(v).gql('query($id: ID!) { feedbackItem(id: $id) { id body visibility recipient { id } } }', { id: items[kind] });
      const readable = READS[v].includes(kind) || (kind === 'GLOBEX_PUBLIC' && v === 'otherAdmin');
      if (readable) expect(res.data?.feedbackItem?.id, `${v} reads ${kind}`).toBe(items[kind]);
      else {
        expect(codeOf(res), `${v} must not read ${kind}`).toBe('NOT_FOUND');
        expect(res.data, `${v} ${kind}`).toBeNull();
      }
    }
  }
});

it('feedbackAbout lists what each viewer may read about the person, in the period', async () => {
  for (const v of VIEWERS) {
    const res = await caller(v).gql('query($id: ID!) { feedbackAbout(user_id: $id, from: "2026-06-01", to: "2026-06-30") { id body answers { answer } } }', {
      id: w.report.id,
    });
    expect(res.errors, v).toBeUndefined();
    expect(namesOf(res.data!.feedbackAbout.map((f: { id: string }) => f.id)), v).toEqual([...READS[v]].sort());
  }
  // The period counts by day: only June 2nd to 3rd.
  const narrow = await w.manager.gql('query($id: ID!) { feedbackAbout(user_id: $id, from: "2026-06-02", to: "2026-06-03") { id } }', { id: w.report.id });
  expect(namesOf(narrow.data!.feedbackAbout.map((f: { id: string }) => f.id))).toEqual(['MANAGER', 'PUBLIC']);
});

it("myFeedback holds the giver's given and the recipient's readable received items, nobody else's", async () => {
  const box = async (v: Viewer, which: 'RECEIVED' | 'GIVEN') => {
    const res = await caller(v).gql('query($f: FeedbackFilter!) { myFeedback(filter: $f) { items { id } total } }', { f: { box: which } });
    expect(res.errors, `${v} ${which}`).toBeUndefined();
    const page = res.data!.myFeedback as { items: Array<{ id: string }>; total: number };
    expect(page.total, `${v} ${which} total`).toBe(page.items.length);
    return namesOf(page.items.map((i) => i.id));
  };
  expect(await box('giver', 'GIVEN')).toEqual([...READS.giver].sort());
  expect(await box('recipient', 'RECEIVED')).toEqual([...READS.recipient].sort());
  for (const v of VIEWERS.filter((x) => x !== 'giver' && x !== 'recipient' && x !== 'otherAdmin')) {
    expect(await box(v, 'RECEIVED'), v).toEqual([]);
    expect(await box(v, 'GIVEN'), v).toEqual([]);
  }
  expect(await box('otherAdmin', 'GIVEN')).toEqual(['GLOBEX_PUBLIC']);
});

it("the praise wall shows the organization's public praise only", async () => {
  for (const v of VIEWERS) {
    const res = await caller(v).gql('{ praiseWall { items { id visibility } total next_cursor } }');
    expect(res.errors, v).toBeUndefined();
    expect(namesOf(res.data!.praiseWall.items.map((i: { id: string }) => i.id)), v).toEqual(v === 'otherAdmin' ? ['GLOBEX_PUBLIC'] : ['PUBLIC']);
    expect(res.data!.praiseWall.total, v).toBe(1);
  }
});

it("MANAGER feedback reaches the manager of the recipient's team too, and no other manager", async () => {
  const newcomer = await feedbackPerson(app, w.org.id, { email: 'newcomer@acme.example', full_name: 'Nico Newcomer', team_id: w.otherTeam.id });
  const id = insertFeedbackRow(app, { organizationId: w.org.id, giverId: giver.id, recipientId: newcomer.id, visibility: 'MANAGER', body: 'welcome aboard' });
  const about = async (c: FeedbackCaller) =>
    (await c.gql('query($id: ID!) { feedbackAbout(user_id: $id) { id } }', { id: newcomer.id })).data!.feedbackAbout.map((f: { id: string }) => f.id);
  expect(await about(w.otherManager)).toEqual([id]);
  expect(await about(newcomer)).toEqual([id]);
  for (const c of [w.manager, w.teamLead, w.admin, w.owl]) expect(await about(c), c.name).toEqual([]);
});

const LIVE = 'subscription { praiseWallChanged { id feedback { id body visibility reactions { reaction count mine } } } }';
const REACT = 'mutation($id: ID!, $reaction: FeedbackReaction!) { toggleFeedbackReaction(id: $id, reaction: $reaction) { id } }';
const GIVE = 'mutation($input: GiveFeedbackInput!) { giveFeedback(input: $input) { id } }';

it('the live praise wall tells each subscriber what the praise wall shows them, and nothing else', async () => {
  const url = await listen(app);
  const live = async (c: FeedbackCaller): Promise<Raw> => {
    const raw = await openRaw(url);
    await raw.init(c.token);
    raw.subscribe('wall', LIVE);
    return raw;
  };
  const [peer, recipient, globex] = [await live(w.peer), await live(w.report), await live(w.otherAdmin)];
  // The server does not acknowledge a subscribe: wait until the three listen.
  for (const [org, n] of [
    [w.org.id, 2],
    [w.otherOrg.id, 1],
  ] as const) {
    for (let i = 0; app.services.pubsub.listenerCount(topics.praiseWallChanged(org)) < n; i += 1) {
      if (i > 200) throw new Error('the subscriptions did not start');
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  const events = (raw: Raw) => raw.messages.filter((m) => m.id === 'wall' && m.type === 'next').map((m) => m.payload.data.praiseWallChanged);
  const nth = async (raw: Raw, n: number) => {
    await raw.waitFor(() => events(raw).length >= n);
    return events(raw)[n - 1];
  };

  // A reaction: both Acme subscribers get the praise as the wall shows it, each with their own `mine`.
  expect((await w.peer.gql(REACT, { id: items.PUBLIC, reaction: 'CLAP' })).errors).toBeUndefined();
  expect(await nth(peer, 1)).toEqual({
    id: items.PUBLIC,
    feedback: { id: items.PUBLIC, body: 'public praise', visibility: 'PUBLIC', reactions: [{ reaction: 'CLAP', count: 1, mine: true }] },
  });
  expect((await nth(recipient, 1)).feedback.reactions).toEqual([{ reaction: 'CLAP', count: 1, mine: false }]);

  // Private feedback tells nobody; the public praise after it is the next event.
  const given = (visibility: string, body: string) => giver.gql(GIVE, { input: { recipient_id: w.peer.id, body, visibility } });
  expect((await given('PRIVATE', 'a private word')).errors).toBeUndefined();
  const praise = (await given('PUBLIC', 'new public praise')).data!.giveFeedback.id;
  expect((await nth(peer, 2)).feedback).toMatchObject({ id: praise, body: 'new public praise' });
  expect((await nth(recipient, 2)).feedback).toMatchObject({ id: praise, body: 'new public praise' });

  // An id that is not public praise never carries the item, even to someone who may read it elsewhere.
  app.services.pubsub.publish(topics.praiseWallChanged(w.org.id), items.PRIVATE);
  expect(await nth(recipient, 3)).toEqual({ id: items.PRIVATE, feedback: null });

  // Deleted praise leaves the wall.
  expect((await giver.gql('mutation($id: ID!) { deleteFeedback(id: $id) }', { id: praise })).errors).toBeUndefined();
  expect(await nth(peer, 4)).toEqual({ id: praise, feedback: null });

  // Globex heard none of Acme's: its first event is its own praise.
  expect((await w.otherAdmin.gql(REACT, { id: items.GLOBEX_PUBLIC, reaction: 'HEART' })).errors).toBeUndefined();
  expect((await nth(globex, 1)).feedback).toMatchObject({ id: items.GLOBEX_PUBLIC, body: 'globex praise' });
  expect(events(globex)).toHaveLength(1);
  for (const raw of [peer, recipient, globex]) raw.close();
});
