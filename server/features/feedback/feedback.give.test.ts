import { beforeAll, expect, it } from 'vitest';
import { codeOf } from '../../test/helpers.js';
import { useAppWithFakeSlack } from '../notifications/notifications.test-support.js';
import { updateUser } from '../users/users.repo.js';
import { FEEDBACK_FIELDS_TEST, feedbackPerson, feedbackWorld, insertFeedbackRow, type FeedbackWorld } from './feedback.test-support.js';

const t = useAppWithFakeSlack();
let w: FeedbackWorld;
beforeAll(async () => {
  w = await feedbackWorld(t.app);
});

const GIVE = `mutation($input: GiveFeedbackInput!) { giveFeedback(input: $input) { ${FEEDBACK_FIELDS_TEST} } }`;
const MINE = `query($filter: FeedbackFilter!) { myFeedback(filter: $filter) { items { id body giver { full_name } recipient { full_name } tags { name } } total next_cursor } }`;
const REACT =
  'mutation($id: ID!, $reaction: FeedbackReaction!) { toggleFeedbackReaction(id: $id, reaction: $reaction) { id reactions { reaction count mine } } }';
const CREATE_TAG = 'mutation($input: FeedbackTagInput!) { createFeedbackTag(input: $input) { id name } }';

const feedbackCount = () => (t.app.services.db.$client.prepare('SELECT count(*) AS n FROM feedback').get() as { n: number }).n;
const notificationsOf = (userId: string) =>
  t.app.services.db.$client
    .prepare("SELECT kind, title, body, link FROM notifications WHERE user_id = ? AND kind = 'feedback_received' ORDER BY rowid")
    .all(userId) as Array<{ kind: string; title: string; body: string; link: string }>;

it('refuses bad input with a clear error and stores nothing', async () => {
  const tag = (await w.admin.gql(CREATE_TAG, { input: { name: 'Ownership', kind: 'VALUE' } })).data!.createFeedbackTag;
  const archived = (await w.admin.gql(CREATE_TAG, { input: { name: 'Old value', kind: 'VALUE' } })).data!.createFeedbackTag;
  await w.admin.gql('mutation($id: ID!) { archiveFeedbackTag(id: $id) { id } }', { id: archived.id });
  const foreignTag = (await w.otherAdmin.gql(CREATE_TAG, { input: { name: 'Globex way', kind: 'VALUE' } })).data!.createFeedbackTag;
  const gone = await feedbackPerson(t.app, w.org.id, { email: 'gone@acme.example', full_name: 'Dee Activated' });
  updateUser(t.app.services.db, w.org.id, gone.id, { status: 'DEACTIVATED' });
  const before = feedbackCount();
  const ok = { recipient_id: w.report.id, body: 'Thanks for the review.', visibility: 'PRIVATE' };
  const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
    ['another organization', { ...ok, recipient_id: w.otherMember.id }, 'BAD_USER_INPUT', /someone in your organization/],
    ['an unknown person', { ...ok, recipient_id: 'nobody' }, 'BAD_USER_INPUT', /someone in your organization/],
    ['a deactivated person', { ...ok, recipient_id: gone.id }, 'BAD_USER_INPUT', /Dee Activated's account is deactivated/],
    ['oneself', { ...ok, recipient_id: w.peer.id }, 'BAD_USER_INPUT', /cannot give it to yourself/],
    ['an empty body', { ...ok, body: '  \n ' }, 'BAD_USER_INPUT', /cannot be empty/],
    ['a 100,000-character body', { ...ok, body: 'x'.repeat(100_000) }, 'BAD_USER_INPUT', /at most 5000 characters/],
    ['REQUESTER visibility', { ...ok, visibility: 'REQUESTER' }, 'BAD_USER_INPUT', /Choose who can see it/],
    ['a tag of another organization', { ...ok, tag_ids: [foreignTag.id] }, 'BAD_USER_INPUT', /current values and competencies/],
    ['an archived tag', { ...ok, tag_ids: [tag.id, archived.id] }, 'BAD_USER_INPUT', /current values and competencies/],
    ['Slack for private feedback', { ...ok, share_to_slack: true }, 'BAD_USER_INPUT', /Only public praise/],
    ['Slack when it is not connected', { ...ok, visibility: 'PUBLIC', share_to_slack: true }, 'BAD_USER_INPUT', /Slack is not connected/],
  ];
  for (const [what, input, code, message] of cases) {
    const res = await w.peer.gql(GIVE, { input });
    expect(codeOf(res), what).toBe(code);
    expect(res.errors![0]!.message, what).toMatch(message);
  }
  // A visibility that does not exist never reaches the resolver: GraphQL refuses the variable.
  const unknown = await w.peer.gql(GIVE, { input: { ...ok, visibility: 'EVERYONE' } });
  expect(unknown.status).toBe(400);
  expect(unknown.errors![0]!.message).toMatch(/EVERYONE/);
  expect(feedbackCount()).toBe(before);
  expect(notificationsOf(w.report.id)).toEqual([]);

  // The same input, fixed, is taken: trimmed, with its tag, the recipient told.
  const given = await w.peer.gql(GIVE, { input: { ...ok, body: '  Thanks for the review.  ', tag_ids: [tag.id, tag.id] } });
  expect(given.errors).toBeUndefined();
  expect(given.data!.giveFeedback).toMatchObject({
    giver: { full_name: 'Pia Peer' },
    recipient: { full_name: 'Remy Report' },
    body: 'Thanks for the review.',
    visibility: 'PRIVATE',
    tags: [{ name: 'Ownership', kind: 'VALUE', archived: false }],
    answers: null,
    request_id: null,
    reactions: [],
    slack_shared: false,
    can_delete: true,
  });
  // Private feedback: told without its words or its giver (docs/decisions/0055); the list shows both.
  expect(notificationsOf(w.report.id)).toEqual([{ kind: 'feedback_received', title: 'You received feedback', body: null, link: '/continuous-feedback' }]);
  expect(feedbackCount()).toBe(before + 1);
});

it('shares public praise to Slack with the text escaped; a failed post keeps the praise', async () => {
  await w.admin.gql('mutation($url: String!) { setSlackWebhook(url: $url) { webhook_hint } }', { url: t.slack.hookUrl('/services/TF/BF/praiseSecret01') });
  const body = 'Great demo <!channel> & <https://evil.example|click> > all';
  const res = await w.manager.gql(GIVE, { input: { recipient_id: w.report.id, body, visibility: 'PUBLIC', share_to_slack: true } });
  expect(res.errors).toBeUndefined();
  expect(res.data!.giveFeedback).toMatchObject({ body, visibility: 'PUBLIC', slack_shared: true });
  expect(t.slack.received).toHaveLength(1);
  const post = t.slack.received[0]!;
  expect(post.path).toBe('/services/TF/BF/praiseSecret01');
  expect(post.body.text).toBe(':tada: Mona Manager praised Remy Report: Great demo &lt;!channel&gt; &amp; &lt;https://evil.example|click&gt; &gt; all');
  expect(JSON.stringify(post.body)).not.toContain('<!channel>');
  expect(notificationsOf(w.report.id).at(-1)!.title).toBe('Mona Manager praised you');

  t.slack.answer.status = 404;
  t.slack.answer.text = 'no_service';
  const failed = await w.manager.gql(GIVE, { input: { recipient_id: w.peer.id, body: 'Still praised.', visibility: 'PUBLIC', share_to_slack: true } });
  expect(failed.errors).toBeUndefined();
  expect(failed.data!.giveFeedback).toMatchObject({ body: 'Still praised.', slack_shared: false });
  const wall = await w.owl.gql('{ praiseWall { items { body slack_shared } } }');
  expect(wall.data!.praiseWall.items.slice(0, 2)).toEqual([
    { body: 'Still praised.', slack_shared: false },
    { body, slack_shared: true },
  ]);
  expect((await w.admin.gql('{ slackWebhook { last_error } }')).data!.slackWebhook.last_error).toBe('Slack answered 404: no_service.');
});

it('toggles reactions on public praise only', async () => {
  const praise = (await w.peer.gql(GIVE, { input: { recipient_id: w.owl.id, body: 'Nice talk!', visibility: 'PUBLIC' } })).data!.giveFeedback.id;
  expect((await w.report.gql(REACT, { id: praise, reaction: 'CLAP' })).data!.toggleFeedbackReaction.reactions).toEqual([
    { reaction: 'CLAP', count: 1, mine: true },
  ]);
  await w.otherManager.gql(REACT, { id: praise, reaction: 'CLAP' });
  expect((await w.otherManager.gql(REACT, { id: praise, reaction: 'HEART' })).data!.toggleFeedbackReaction.reactions).toEqual([
    { reaction: 'CLAP', count: 2, mine: true },
    { reaction: 'HEART', count: 1, mine: true },
  ]);
  // Taken back by a second toggle; the others' stay.
  expect((await w.report.gql(REACT, { id: praise, reaction: 'CLAP' })).data!.toggleFeedbackReaction.reactions).toEqual([
    { reaction: 'CLAP', count: 1, mine: false },
    { reaction: 'HEART', count: 1, mine: false },
  ]);
  const wall = (await w.admin.gql('{ praiseWall(first: 1) { items { id reactions { reaction count mine } } } }')).data!.praiseWall.items[0];
  expect(wall).toEqual({
    id: praise,
    reactions: [
      { reaction: 'CLAP', count: 1, mine: false },
      { reaction: 'HEART', count: 1, mine: false },
    ],
  });

  const privateOne = (await w.peer.gql(GIVE, { input: { recipient_id: w.owl.id, body: 'Between us.', visibility: 'PRIVATE' } })).data!.giveFeedback.id;
  const refused = await w.owl.gql(REACT, { id: privateOne, reaction: 'CLAP' });
  expect(codeOf(refused)).toBe('BAD_USER_INPUT');
  expect(refused.errors![0]!.message).toBe('Reactions are for public praise only.');
  expect(codeOf(await w.report.gql(REACT, { id: privateOne, reaction: 'CLAP' }))).toBe('NOT_FOUND');
  expect(codeOf(await w.otherAdmin.gql(REACT, { id: praise, reaction: 'CLAP' }))).toBe('NOT_FOUND');
  expect((t.app.services.db.$client.prepare('SELECT count(*) AS n FROM feedback_reactions WHERE feedback_id = ?').get(privateOne) as { n: number }).n).toBe(0);
});

it('lets the giver delete within 24 hours only', async () => {
  const DELETE = 'mutation($id: ID!) { deleteFeedback(id: $id) }';
  const fresh = (await w.teamLead.gql(GIVE, { input: { recipient_id: w.peer.id, body: 'Oops, wrong person.', visibility: 'PUBLIC' } })).data!.giveFeedback.id;
  expect(codeOf(await w.peer.gql(DELETE, { id: fresh }))).toBe('FORBIDDEN');
  expect(codeOf(await w.admin.gql(DELETE, { id: fresh }))).toBe('FORBIDDEN');
  expect(codeOf(await w.otherAdmin.gql(DELETE, { id: fresh }))).toBe('NOT_FOUND');
  expect((await w.teamLead.gql(DELETE, { id: fresh })).data).toEqual({ deleteFeedback: true });
  expect(codeOf(await w.peer.gql('query($id: ID!) { feedbackItem(id: $id) { id } }', { id: fresh }))).toBe('NOT_FOUND');

  const old = insertFeedbackRow(t.app, {
    organizationId: w.org.id,
    giverId: w.teamLead.id,
    recipientId: w.peer.id,
    visibility: 'PRIVATE',
    createdAt: new Date(Date.now() - 25 * 3600_000).toISOString(),
  });
  expect((await w.teamLead.gql('query($id: ID!) { feedbackItem(id: $id) { can_delete } }', { id: old })).data!.feedbackItem.can_delete).toBe(false);
  const late = await w.teamLead.gql(DELETE, { id: old });
  expect(codeOf(late)).toBe('CONFLICT');
  expect(late.errors![0]!.message).toBe('Feedback can be deleted only within 24 hours of giving it.');
  expect((await w.peer.gql('query($id: ID!) { feedbackItem(id: $id) { id } }', { id: old })).data!.feedbackItem.id).toBe(old);
});

it('filters my feedback by box, person, tag and period, page by page', async () => {
  const p = await feedbackPerson(t.app, w.org.id, { email: 'pager@acme.example', full_name: 'Paige Pager' });
  const tag = (await w.admin.gql(CREATE_TAG, { input: { name: 'Craft', kind: 'COMPETENCY' } })).data!.createFeedbackTag;
  const at = (day: string, i: number) => `${day}T10:00:0${i}.000Z`;
  const ids: string[] = [];
  for (let i = 0; i < 5; i++)
    ids.push(
      insertFeedbackRow(t.app, {
        organizationId: w.org.id,
        giverId: i < 3 ? w.peer.id : w.owl.id,
        recipientId: p.id,
        visibility: 'PRIVATE',
        body: `item ${i}`,
        createdAt: at(`2026-03-0${i + 1}`, i),
      }),
    );
  t.app.services.db.$client.prepare('INSERT INTO feedback_tag_links (feedback_id, tag_id, organization_id) VALUES (?, ?, ?)').run(ids[1], tag.id, w.org.id);
  // Pages of two, newest first, with an opaque cursor.
  const seen: string[] = [];
  let after: string | null = null;
  for (let n = 0; n < 3; n++) {
    const res: any = (await p.gql(MINE, { filter: { box: 'RECEIVED', first: 2, after } })).data!.myFeedback;
    expect(res.total).toBe(5);
    seen.push(...res.items.map((i: { body: string }) => i.body));
    after = res.next_cursor;
    if (n < 2) expect(after).toEqual(expect.any(String));
  }
  expect(after).toBeNull();
  expect(seen).toEqual(['item 4', 'item 3', 'item 2', 'item 1', 'item 0']);

  const bodies = async (filter: Record<string, unknown>, who = p) => {
    const res = await who.gql(MINE, { filter });
    expect(res.errors, JSON.stringify(filter)).toBeUndefined();
    return { total: res.data!.myFeedback.total, bodies: res.data!.myFeedback.items.map((i: { body: string }) => i.body) };
  };
  expect(await bodies({ box: 'RECEIVED', person_id: w.owl.id })).toEqual({ total: 2, bodies: ['item 4', 'item 3'] });
  expect(await bodies({ box: 'RECEIVED', tag_id: tag.id })).toEqual({ total: 1, bodies: ['item 1'] });
  expect(await bodies({ box: 'RECEIVED', from: '2026-03-02', to: '2026-03-04' })).toEqual({ total: 3, bodies: ['item 3', 'item 2', 'item 1'] });
  expect(await bodies({ box: 'GIVEN', person_id: p.id }, w.peer)).toEqual({ total: 3, bodies: ['item 2', 'item 1', 'item 0'] });
  expect(await bodies({ box: 'GIVEN' })).toEqual({ total: 0, bodies: [] });

  for (const filter of [
    { box: 'RECEIVED', first: 101 },
    { box: 'RECEIVED', first: 0 },
    { box: 'RECEIVED', after: 'not-a-cursor' },
    { box: 'RECEIVED', from: '2026-03-05', to: '2026-03-01' },
    { box: 'RECEIVED', from: '2026-02-30' },
  ]) {
    expect(codeOf(await p.gql(MINE, { filter })), JSON.stringify(filter)).toBe('BAD_USER_INPUT');
  }
});
