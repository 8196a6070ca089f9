import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codeOf, createTestApp } from '../../test/helpers.js';
import { feedbackWorld, type FeedbackWorld } from './feedback.test-support.js';

let app: FastifyInstance;
let w: FeedbackWorld;
beforeAll(async () => {
  app = await createTestApp();
  w = await feedbackWorld(app);
});
afterAll(async () => {
  await app.close();
});

const TAG = 'id name kind description archived uses';
const LIST = `query($all: Boolean) { feedbackTags(include_archived: $all) { ${TAG} } }`;
const CREATE = `mutation($input: FeedbackTagInput!) { createFeedbackTag(input: $input) { ${TAG} } }`;
const UPDATE = `mutation($id: ID!, $input: FeedbackTagInput!) { updateFeedbackTag(id: $id, input: $input) { ${TAG} } }`;
const ARCHIVE = `mutation($id: ID!) { archiveFeedbackTag(id: $id) { ${TAG} } }`;
const RESTORE = `mutation($id: ID!) { restoreFeedbackTag(id: $id) { ${TAG} } }`;
const GIVE = 'mutation($input: GiveFeedbackInput!) { giveFeedback(input: $input) { id tags { name uses archived } } }';

it('keeps tags to admins; everyone reads the active ones with their uses', async () => {
  const created = await w.admin.gql(CREATE, { input: { name: '  Customer focus ', kind: 'VALUE', description: 'We start from the customer.' } });
  expect(created.errors).toBeUndefined();
  const focus = created.data!.createFeedbackTag;
  expect(focus).toMatchObject({ name: 'Customer focus', kind: 'VALUE', description: 'We start from the customer.', archived: false, uses: 0 });
  const craft = (await w.admin.gql(CREATE, { input: { name: 'Craft', kind: 'COMPETENCY' } })).data!.createFeedbackTag;

  for (const member of [w.manager, w.peer]) {
    expect(codeOf(await member.gql(CREATE, { input: { name: 'Mine', kind: 'VALUE' } }))).toBe('FORBIDDEN');
    expect(codeOf(await member.gql(UPDATE, { id: focus.id, input: { name: 'Renamed', kind: 'VALUE' } }))).toBe('FORBIDDEN');
    expect(codeOf(await member.gql(ARCHIVE, { id: focus.id }))).toBe('FORBIDDEN');
    expect(codeOf(await member.gql(RESTORE, { id: focus.id }))).toBe('FORBIDDEN');
  }
  // Another organization's admin neither sees nor changes them.
  expect((await w.otherAdmin.gql(LIST, { all: true })).data!.feedbackTags).toEqual([]);
  expect(codeOf(await w.otherAdmin.gql(ARCHIVE, { id: focus.id }))).toBe('NOT_FOUND');
  expect(codeOf(await w.otherAdmin.gql(UPDATE, { id: focus.id, input: { name: 'Taken over', kind: 'VALUE' } }))).toBe('NOT_FOUND');

  await w.peer.gql(GIVE, { input: { recipient_id: w.report.id, body: 'Lovely work for the client.', visibility: 'PUBLIC', tag_ids: [focus.id, craft.id] } });
  await w.manager.gql(GIVE, { input: { recipient_id: w.report.id, body: 'Clean code.', visibility: 'PRIVATE', tag_ids: [craft.id] } });
  expect((await w.peer.gql(LIST)).data!.feedbackTags.map((t: { name: string; uses: number }) => [t.name, t.uses])).toEqual([
    ['Craft', 2],
    ['Customer focus', 1],
  ]);
  const wall = await w.owl.gql('{ praiseWall { items { tags { name uses } } } }');
  expect(wall.data!.praiseWall.items[0].tags).toEqual([
    { name: 'Craft', uses: 2 },
    { name: 'Customer focus', uses: 1 },
  ]);

  // Archived: no longer offered nor accepted, still shown on the feedback that carries it; restored: offered again.
  expect((await w.admin.gql(ARCHIVE, { id: craft.id })).data!.archiveFeedbackTag).toMatchObject({ archived: true, uses: 2 });
  expect((await w.peer.gql(LIST)).data!.feedbackTags.map((t: { name: string }) => t.name)).toEqual(['Customer focus']);
  expect((await w.admin.gql(LIST, { all: true })).data!.feedbackTags.map((t: { name: string; archived: boolean }) => [t.name, t.archived])).toEqual([
    ['Craft', true],
    ['Customer focus', false],
  ]);
  expect(codeOf(await w.peer.gql(GIVE, { input: { recipient_id: w.report.id, body: 'More craft.', visibility: 'PUBLIC', tag_ids: [craft.id] } }))).toBe(
    'BAD_USER_INPUT',
  );
  expect((await w.owl.gql('{ praiseWall { items { tags { name archived } } } }')).data!.praiseWall.items[0].tags).toEqual([
    { name: 'Craft', archived: true },
    { name: 'Customer focus', archived: false },
  ]);
  expect((await w.admin.gql(RESTORE, { id: craft.id })).data!.restoreFeedbackTag).toMatchObject({ name: 'Craft', archived: false });
  expect(
    (await w.peer.gql(GIVE, { input: { recipient_id: w.report.id, body: 'More craft.', visibility: 'PUBLIC', tag_ids: [craft.id] } })).errors,
  ).toBeUndefined();

  const renamed = await w.admin.gql(UPDATE, { id: craft.id, input: { name: 'Craftsmanship', kind: 'COMPETENCY', description: 'Quality of the work.' } });
  expect(renamed.data!.updateFeedbackTag).toMatchObject({ name: 'Craftsmanship', description: 'Quality of the work.', uses: 3 });
});

it('refuses a duplicate name whatever its case, and bad tag input', async () => {
  const first = (await w.admin.gql(CREATE, { input: { name: 'Courage', kind: 'VALUE' } })).data!.createFeedbackTag;
  await w.admin.gql(ARCHIVE, { id: first.id });
  const dup = await w.admin.gql(CREATE, { input: { name: ' COURAGE ', kind: 'COMPETENCY' } });
  expect(codeOf(dup)).toBe('BAD_USER_INPUT');
  expect(dup.errors![0]!.message).toBe('A tag named "COURAGE" already exists (archived tags count too).');
  const other = (await w.admin.gql(CREATE, { input: { name: 'Candour', kind: 'VALUE' } })).data!.createFeedbackTag;
  expect(codeOf(await w.admin.gql(UPDATE, { id: other.id, input: { name: 'courage', kind: 'VALUE' } }))).toBe('BAD_USER_INPUT');
  // Changing a tag's own case is fine; another organization may use the same name.
  expect((await w.admin.gql(UPDATE, { id: other.id, input: { name: 'CANDOUR', kind: 'VALUE' } })).data!.updateFeedbackTag.name).toBe('CANDOUR');
  expect((await w.otherAdmin.gql(CREATE, { input: { name: 'Courage', kind: 'VALUE' } })).errors).toBeUndefined();

  for (const input of [
    { name: '   ', kind: 'VALUE' },
    { name: 'x'.repeat(61), kind: 'VALUE' },
    { name: 'Fine', kind: 'VALUE', description: 'd'.repeat(301) },
  ]) {
    expect(codeOf(await w.admin.gql(CREATE, { input })), JSON.stringify(input).slice(0, 40)).toBe('BAD_USER_INPUT');
  }
  expect((await w.admin.gql(CREATE, { input: { name: 'Fine', kind: 'SKILL' } })).status).toBe(400);
  expect((await w.admin.gql(LIST, { all: true })).data!.feedbackTags.map((t: { name: string }) => t.name)).toEqual([
    'CANDOUR',
    'Courage',
    'Craftsmanship',
    'Customer focus',
  ]);
});
