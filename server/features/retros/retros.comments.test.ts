/** Comments on the topics of DISCUSS (docs/decisions/0059): each person's own, nothing anyone types is lost. */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../graphql/subscriptions.test-support.js';
import { codeOf, createTestApp } from '../../test/helpers.js';
import { addGroups } from './retros.discuss.test-support.js';
import { retroComments } from './retros.tables.js';
import { liveClient, newRetro, retroWorld, toPhase, type LiveClient, type RetroWorld } from './retros.test-support.js';

let app: FastifyInstance;
let url: string;
let w: RetroWorld;
const open: LiveClient[] = [];

beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
  w = await retroWorld(app);
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.dispose()));
  await app.close();
});

const COMMENT = 'id group_id text mine author { id full_name } from_notes edited';
const ADD = `mutation($g: ID!, $t: String!) { addRetroComment(group_id: $g, text: $t) { ${COMMENT} } }`;
const EDIT = `mutation($id: ID!, $t: String!) { updateRetroComment(id: $id, text: $t) { ${COMMENT} } }`;
const DELETE = 'mutation($id: ID!) { deleteRetroComment(id: $id) }';
const TOPICS = `query($id: ID!) { retro(id: $id) { groups { id comments { ${COMMENT} } } } }`;
const LIVE_FIELDS = `id version phase groups { id comments { ${COMMENT} } }`;

/** A retro moved to DISCUSS with two topics; signed unless `anonymous`. */
async function discussing(anonymous: boolean) {
  const retro = await newRetro(w.manager, w.team.id, { anonymous });
  await toPhase(w.manager, retro.id, 'VOTE');
  const [a, b] = addGroups(app, retro.id, [
    { title: 'Release train', votes: 3 },
    { title: 'Pairing', votes: 1 },
  ]);
  await toPhase(w.manager, retro.id, 'DISCUSS');
  return { id: retro.id as string, a: a!, b: b! };
}
const topic = async (caller: RetroWorld['members'][number], retroId: string, groupId: string) =>
  ((await caller.gql(TOPICS, { id: retroId })).data!.retro.groups as Array<{ id: string; comments: any[] }>).find((g) => g.id === groupId)!.comments;

describe('comments on a topic', () => {
  it('two people writing at once on the same topic both keep what they wrote: every reader and every live subscriber gets both', async () => {
    const r = await discussing(false);
    const [remy, pia] = w.members;
    const live = [
      await liveClient(url, remy!, r.id, LIVE_FIELDS),
      await liveClient(url, pia!, r.id, LIVE_FIELDS),
      await liveClient(url, w.manager, r.id, LIVE_FIELDS),
    ];
    open.push(...live);
    for (const c of live) await c.waitFor((x) => x.phase === 'DISCUSS');

    const [one, two] = await Promise.all([remy!.gql(ADD, { g: r.a, t: 'Ship on Tuesdays.' }), pia!.gql(ADD, { g: r.a, t: 'Ask ops before a release.' })]);
    expect([one.errors, two.errors]).toEqual([undefined, undefined]);
    expect(one.data!.addRetroComment).toMatchObject({
      group_id: r.a,
      text: 'Ship on Tuesdays.',
      mine: true,
      author: { id: remy!.id },
      from_notes: false,
      edited: false,
    });

    const both = ['Ask ops before a release.', 'Ship on Tuesdays.'];
    for (const reader of [remy!, pia!, w.members[2]!]) {
      expect((await topic(reader, r.id, r.a)).map((c) => c.text).sort()).toEqual(both);
    }
    for (const c of live) {
      const seen = await c.waitFor((x) => x.groups.find((g: any) => g.id === r.a).comments.length === 2);
      const comments = seen.groups.find((g: any) => g.id === r.a).comments;
      expect(comments.map((x: any) => x.text).sort()).toEqual(both);
      // Signed retro: each comment names its author; `mine` is the subscriber's own only.
      expect(comments.map((x: any) => x.author.full_name).sort()).toEqual([pia!.name, remy!.name].sort());
    }
    expect(
      live[0]!
        .latest()!
        .groups.find((g: any) => g.id === r.a)
        .comments.filter((x: any) => x.mine)
        .map((x: any) => x.text),
    ).toEqual(['Ship on Tuesdays.']);
    // The other topic has none.
    expect(await topic(remy!, r.id, r.b)).toEqual([]);
  });

  it("anonymous retro: nobody sees an author; only the author edits or deletes (someone else's comment is NOT_FOUND); the end erases the link", async () => {
    const r = await discussing(true);
    const [remy, pia] = w.members;
    const mine = (await remy!.gql(ADD, { g: r.a, t: 'Freeze on Fridays.' })).data!.addRetroComment;
    expect(mine).toMatchObject({ mine: true, author: null });
    const seenByPia = await topic(pia!, r.id, r.a);
    expect(seenByPia).toEqual([expect.objectContaining({ id: mine.id, text: 'Freeze on Fridays.', mine: false, author: null })]);
    for (const admin of [w.admin, w.manager]) expect((await topic(admin, r.id, r.a))[0].author).toBeNull();
    expect(app.services.db.select().from(retroComments).where(eq(retroComments.id, mine.id)).get()!.author_id).toBeNull();

    expect(codeOf(await pia!.gql(EDIT, { id: mine.id, t: 'Taken over' }))).toBe('NOT_FOUND');
    expect(codeOf(await pia!.gql(DELETE, { id: mine.id }))).toBe('NOT_FOUND');
    expect(codeOf(await w.admin.gql(DELETE, { id: mine.id }))).toBe('NOT_FOUND');
    const edited = (await remy!.gql(EDIT, { id: mine.id, t: 'Freeze deploys on Fridays.' })).data!.updateRetroComment;
    expect(edited).toMatchObject({ text: 'Freeze deploys on Fridays.', edited: true });
    const gone = (await remy!.gql(ADD, { g: r.a, t: 'Typo' })).data!.addRetroComment;
    expect((await remy!.gql(DELETE, { id: gone.id })).data!.deleteRetroComment).toBe(true);
    expect((await topic(pia!, r.id, r.a)).map((c) => c.text)).toEqual(['Freeze deploys on Fridays.']);

    await toPhase(w.manager, r.id, 'SUMMARY');
    expect(await topic(remy!, r.id, r.a)).toEqual([expect.objectContaining({ text: 'Freeze deploys on Fridays.', mine: false, author: null })]);
    const row = app.services.db.select().from(retroComments).where(eq(retroComments.id, mine.id)).get()!;
    expect([row.author_token, row.author_id, row.created_at === row.updated_at]).toEqual([null, null, true]);
    expect(codeOf(await remy!.gql(EDIT, { id: mine.id, t: 'After the end' }))).toBe('NOT_FOUND');
  });

  it('only while the team discusses, within 2,000 characters, by people who take part; a refused comment changes nothing', async () => {
    const r = await discussing(false);
    const before = await topic(w.members[0]!, r.id, r.a);
    expect(codeOf(await w.members[0]!.gql(ADD, { g: r.a, t: '   ' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await w.members[0]!.gql(ADD, { g: r.a, t: 'x'.repeat(2_001) }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await w.outsider.gql(ADD, { g: r.a, t: 'Hello' }))).toBe('NOT_FOUND');
    expect(codeOf(await w.otherOrgMember.gql(ADD, { g: r.a, t: 'Hello' }))).toBe('NOT_FOUND');
    expect(codeOf(await w.members[0]!.gql(ADD, { g: 'no-such-group', t: 'Hello' }))).toBe('NOT_FOUND');
    expect((await w.members[0]!.gql(ADD, { g: r.a, t: 'y'.repeat(2_000) })).errors).toBeUndefined();
    await toPhase(w.manager, r.id, 'SUMMARY');
    expect(codeOf(await w.members[0]!.gql(ADD, { g: r.a, t: 'After the end' }))).toBe('CONFLICT');
    expect((await topic(w.members[0]!, r.id, r.a)).length).toBe(before.length + 1);

    const early = await newRetro(w.manager, w.team.id);
    await toPhase(w.manager, early.id, 'VOTE');
    const [g] = addGroups(app, early.id, [{ title: 'Too early' }]);
    expect(codeOf(await w.members[0]!.gql(ADD, { g, t: 'Hello' }))).toBe('CONFLICT');
  });
});
