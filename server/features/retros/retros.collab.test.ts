/**
 * What tells the facilitator when to move on (docs/decisions/0059): who is writing now (throttled
 * signals that expire, never text, only a count in anonymous retros), who has voted and who has
 * votes left; and participation recorded when the retro ends.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchedulerTestApp, type FakeClock } from '../../jobs/jobs.test-support.js';
import { listen } from '../../graphql/subscriptions.test-support.js';
import { addUser } from '../../test/helpers.js';
import { RETRO_TYPING } from '../../../shared/retros.js';
import { addGroups, retroRow } from './retros.discuss.test-support.js';
import { VOTE, reflect } from './retros.board.test-support.js';
import { liveClient, newRetro, retroWorld, toPhase, type Caller, type LiveClient, type RetroWorld } from './retros.test-support.js';

let app: FastifyInstance;
let clock: FakeClock;
let url: string;
let w: RetroWorld;
const open: LiveClient[] = [];

beforeAll(async () => {
  ({ app, clock } = await createSchedulerTestApp());
  url = await listen(app);
  w = await retroWorld(app);
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.dispose()));
  await app.close();
});

const TYPING = 'mutation($r: ID!, $g: ID, $on: Boolean!) { setRetroTyping(retro_id: $r, group_id: $g, writing: $on) }';
const typing = (as: Caller, r: string, on = true, g: string | null = null) => as.gql(TYPING, { r, g, on });
const READ = `query($id: ID!) { retro(id: $id) {
  version typing { count people { full_name } per_group { group_id count people { full_name } } }
  voting { voted done waiting people { user { full_name } used left } }
  participation { participants team_size people { full_name } } } }`;
const read = async (as: Caller, id: string) => {
  const r = await as.gql(READ, { id });
  if (!r.data?.retro) throw new Error(JSON.stringify(r.errors));
  return r.data.retro;
};

async function present(callers: Caller[], retroId: string) {
  for (const c of callers) {
    const live = await liveClient(url, c, retroId, 'id version presence { id }');
    open.push(live);
    await live.waitFor((x) => x.presence.some((p: { id: string }) => p.id === c.id));
  }
}

describe('who is writing', () => {
  it('anonymous retro: a count only; a repeated signal changes nothing; sending the reflection or a pause of a few seconds ends it', async () => {
    const retro = await newRetro(w.manager, w.team.id);
    await toPhase(w.manager, retro.id, 'REFLECT');
    const [remy, pia] = w.members as [Caller, Caller];
    expect((await read(w.manager, retro.id)).typing).toEqual({ count: 0, people: [], per_group: [] });

    expect((await typing(remy, retro.id)).data!.setRetroTyping).toBe(true);
    await typing(pia, retro.id);
    const seen = await read(w.manager, retro.id);
    expect(seen.typing).toEqual({ count: 2, people: [], per_group: [] });
    // A signal that only extends Remy's time tells no one.
    await typing(remy, retro.id);
    expect(retroRow(app, retro.id).version).toBe(seen.version);

    // Remy sends their reflection: they are no longer writing. Pia stops typing: a few seconds later nobody is.
    await reflect(remy, retro.id, 'start', 'Pair on the release');
    expect((await read(w.manager, retro.id)).typing.count).toBe(1);
    clock.advance(RETRO_TYPING.expiresAfterMs + 1);
    expect((await read(w.manager, retro.id)).typing.count).toBe(0);
  });

  it('signed retro: names, never text; in DISCUSS per topic; a signal outside REFLECT and DISCUSS does nothing', async () => {
    const retro = await newRetro(w.manager, w.team.id, { anonymous: false });
    await toPhase(w.manager, retro.id, 'REFLECT');
    const [remy, pia] = w.members as [Caller, Caller];
    await typing(remy, retro.id);
    expect((await read(pia, retro.id)).typing).toEqual({ count: 1, people: [{ full_name: remy.name }], per_group: [] });
    await toPhase(w.manager, retro.id, 'GROUP');
    expect((await typing(remy, retro.id)).data!.setRetroTyping).toBe(false);
    expect((await read(pia, retro.id)).typing.count).toBe(0);
    await toPhase(w.manager, retro.id, 'VOTE');
    const [a] = addGroups(app, retro.id, [{ title: 'Release train', votes: 2 }]);
    await toPhase(w.manager, retro.id, 'DISCUSS');
    await typing(pia, retro.id, true, a!);
    expect((await read(remy, retro.id)).typing).toEqual({
      count: 1,
      people: [{ full_name: pia.name }],
      per_group: [{ group_id: a, count: 1, people: [{ full_name: pia.name }] }],
    });
    await typing(pia, retro.id, false);
    expect((await read(remy, retro.id)).typing.count).toBe(0);
  });
});

describe('who has voted', () => {
  it('anonymous retro: counts of people who voted, who are done and who are here without a vote; never names', async () => {
    const retro = await newRetro(w.manager, w.team.id, { max_votes: 3 });
    await toPhase(w.manager, retro.id, 'REFLECT');
    const [remy, pia, paz] = w.members as [Caller, Caller, Caller];
    await reflect(remy, retro.id, 'start', 'Pair on the release');
    await reflect(pia, retro.id, 'stop', 'Friday deploys');
    await toPhase(w.manager, retro.id, 'VOTE');
    await present([remy, pia, paz], retro.id);
    const groups = (await remy.gql('query($id: ID!) { retro(id: $id) { groups { id } } }', { id: retro.id })).data!.retro.groups;
    for (let i = 0; i < 3; i++) await remy.gql(VOTE, { g: groups[i % 2].id });
    await pia.gql(VOTE, { g: groups[0].id });
    expect((await read(w.manager, retro.id)).voting).toEqual({ voted: 2, done: 1, waiting: 1, people: [] });
  });

  it('signed retro: each person here or who voted, with the votes used and left', async () => {
    const retro = await newRetro(w.manager, w.team.id, { anonymous: false, max_votes: 3 });
    await toPhase(w.manager, retro.id, 'REFLECT');
    const [remy, pia] = w.members as [Caller, Caller];
    await reflect(remy, retro.id, 'start', 'Pair on the release');
    await toPhase(w.manager, retro.id, 'VOTE');
    await present([remy, pia], retro.id);
    const [group] = (await remy.gql('query($id: ID!) { retro(id: $id) { groups { id } } }', { id: retro.id })).data!.retro.groups;
    await remy.gql(VOTE, { g: group.id });
    const { voting } = await read(w.manager, retro.id);
    expect(voting).toMatchObject({ voted: 1, done: 0, waiting: 1 });
    expect(voting.people).toEqual(
      expect.arrayContaining([
        { user: { full_name: remy.name }, used: 1, left: 2 },
        { user: { full_name: pia.name }, used: 0, left: 3 },
      ]),
    );
    expect(voting.people).toHaveLength(2);
  });
});

describe('participation', () => {
  it('is recorded when the retro ends: people who join the team later do not change the figure', async () => {
    const retro = await newRetro(w.manager, w.team.id);
    await toPhase(w.manager, retro.id, 'REFLECT');
    await reflect(w.members[0]!, retro.id, 'start', 'Pair on the release');
    await reflect(w.members[1]!, retro.id, 'stop', 'Friday deploys');
    const running = await read(w.manager, retro.id);
    expect(running.participation).toMatchObject({ participants: 2, team_size: 4 });
    await toPhase(w.manager, retro.id, 'SUMMARY');
    const ended = (await read(w.manager, retro.id)).participation;
    expect(ended).toMatchObject({ participants: 2, team_size: 4 });
    expect(ended.people.map((p: { full_name: string }) => p.full_name).sort()).toEqual([w.members[0]!.name, w.members[1]!.name].sort());

    for (const name of ['New One', 'New Two']) await addUser(app, w.org.id, { full_name: name, team_id: w.team.id });
    expect((await read(w.manager, retro.id)).participation).toMatchObject({ participants: 2, team_size: 4 });
    const detail = (
      await w.manager.gql('query($t: ID!) { retroTeamProgressDetail(team_id: $t) { sprints { retro_id participants team_size } } }', { t: w.team.id })
    ).data!.retroTeamProgressDetail;
    expect(detail.sprints.find((s: { retro_id: string }) => s.retro_id === retro.id)).toMatchObject({ participants: 2, team_size: 4 });
    // A retro still running counts the team as it is now.
    const next = await newRetro(w.manager, w.team.id);
    expect((await read(w.manager, next.id)).participation.team_size).toBe(6);
  });
});
