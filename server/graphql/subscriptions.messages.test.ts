/** graphql-transport-ws: the messages of an acknowledged socket, and running subscription operations over it. */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signedIn } from '../test/helpers.js';
import { topics } from './pubsub.js';
import { MAX_SUBSCRIPTIONS_PER_SOCKET } from './subscriptions-server.js';
import { USER_UPDATED, listening, openRaw, useSocketApp } from './subscriptions.test-support.js';

const t = useSocketApp();

describe('messages', () => {
  it('answers ping with pong, echoing the payload', async () => {
    const me = await signedIn(t.app, t.org.member.email);
    const raw = await openRaw(t.url);
    raw.send({ type: 'ping', payload: { n: 1 } }); // allowed before init too
    expect(await raw.waitFor((m) => m.type === 'pong')).toEqual({ type: 'pong', payload: { n: 1 } });
    await raw.init(me.token);
    raw.send({ type: 'ping' });
    await raw.waitFor((m) => m.type === 'pong' && m.payload === undefined);
    raw.send({ type: 'pong', payload: { heartbeat: true } }); // unsolicited pong is fine
    await raw.roundTrip(); // answered after the unsolicited pong was read
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
    raw.close();
  });

  it('closes 4400 on malformed messages and never sends an error with a null id', async () => {
    const me = await signedIn(t.app, t.org.member.email);
    const bad: unknown[] = [
      '{not json',
      '"a string"',
      { type: 'hello' },
      { payload: {} },
      { type: 'subscribe', id: 1, payload: { query: USER_UPDATED } },
      { type: 'subscribe', id: '', payload: { query: USER_UPDATED } },
      { type: 'subscribe', id: '1', payload: {} },
      { type: 'subscribe', id: '1' },
      { type: 'subscribe', id: '1', payload: { query: USER_UPDATED, variables: [] } },
      { type: 'next', id: '1', payload: {} },
      { type: 'error', id: '1', payload: [{ message: 'x' }] },
      { type: 'connection_ack' },
      { type: 'complete' },
    ];
    for (const msg of bad) {
      const raw = await openRaw(t.url);
      await raw.init(me.token);
      raw.send(msg);
      expect(await raw.closedWithin(), JSON.stringify(msg)).toEqual({ code: 4400, reason: 'Invalid message received' });
      expect(raw.messages.filter((m) => m.type !== 'connection_ack')).toEqual([]);
    }
  });

  it('closes 4409 when an active id is reused', async () => {
    const me = await signedIn(t.app, t.org.member.email);
    const raw = await openRaw(t.url);
    await raw.init(me.token);
    raw.subscribe('a', USER_UPDATED);
    await listening(t.app, topics.userUpdated(t.org.member.id));
    raw.subscribe('a', USER_UPDATED);
    expect(await raw.closedWithin()).toEqual({ code: 4409, reason: 'Subscriber for a already exists' });
  });

  it('lets an id be reused after complete', async () => {
    const me = await signedIn(t.app, t.org.member.email);
    const raw = await openRaw(t.url);
    await raw.init(me.token);
    const topic = topics.userUpdated(t.org.member.id);
    raw.subscribe('a', USER_UPDATED);
    await listening(t.app, topic);
    raw.send({ type: 'complete', id: 'a' });
    await listening(t.app, topic, 0);
    raw.subscribe('a', USER_UPDATED);
    await listening(t.app, topic);
    t.app.services.pubsub.publish(topics.userUpdated(t.org.member.id), { userId: t.org.member.id });
    expect((await raw.waitFor((m) => m.type === 'next')).id).toBe('a');
    raw.close();
  });
});

describe('operations', () => {
  it('validates subscriptions like HTTP operations and keeps the socket open', async () => {
    const me = await signedIn(t.app, t.org.member.email);
    const raw = await openRaw(t.url);
    await raw.init(me.token);
    const deep = `subscription { userUpdated { ...F1 } }
      fragment F1 on User { manager { ...F2 } }
      fragment F2 on User { manager { ...F3 } }
      fragment F3 on User { manager { ...F4 } }
      fragment F4 on User { manager { ...F5 } }
      fragment F5 on User { manager { ...F6 } }
      fragment F6 on User { manager { ...F7 } }
      fragment F7 on User { manager { ...F8 } }
      fragment F8 on User { manager { id } }`;
    const cases: Array<[string, string, RegExp]> = [
      ['missing', 'subscription { userUpdated { id nonexistent } }', /Cannot query field "nonexistent"/],
      ['deep', deep, /nested \d+ levels deep/],
      ['syntax', 'subscription {', /Syntax Error/],
      ['query', '{ findOneUser { id } }', /Use POST for queries and mutations/],
      ['mutation', 'mutation { _ping }', /Use POST for queries and mutations/],
      ['two', 'subscription A { userUpdated { id } } subscription B { userUpdated { id } }', /operation name/],
      ['var', 'subscription($x: Int!) { userUpdated { id } }', /Variable "\$x"/],
    ];
    for (const [id, query] of cases) raw.subscribe(id, query);
    for (const [id, , message] of cases) {
      const msg = await raw.waitFor((m) => m.id === id);
      expect(msg.type, id).toBe('error');
      expect(Array.isArray(msg.payload) && msg.payload.length > 0, id).toBe(true);
      const messages = (msg.payload as Array<{ message: string }>).map((e) => e.message);
      expect(
        messages.some((m) => message.test(m)),
        `${id}: ${messages.join(' | ')}`,
      ).toBe(true);
      expect(messages.join(' '), id).not.toMatch(/Did you mean/);
    }
    expect(raw.messages.some((m) => m.type === 'next' || m.type === 'complete')).toBe(false);
    // Still usable.
    raw.subscribe('ok', USER_UPDATED);
    await listening(t.app, topics.userUpdated(t.org.member.id));
    t.app.services.pubsub.publish(topics.userUpdated(t.org.member.id), { userId: t.org.member.id });
    expect((await raw.waitFor((m) => m.id === 'ok')).type).toBe('next');
    raw.close();
  });

  it('masks an internal error while starting a subscription', async () => {
    const me = await signedIn(t.app, t.org.member.email);
    const raw = await openRaw(t.url);
    await raw.init(me.token);
    const pubsub = t.app.services.pubsub as { subscribe: unknown };
    const real = pubsub.subscribe;
    pubsub.subscribe = () => {
      throw new Error('SECRET connect ECONNREFUSED 10.0.0.5:5432');
    };
    try {
      raw.subscribe('1', USER_UPDATED);
      const msg = await raw.waitFor((m) => m.id === '1');
      expect(msg.type).toBe('error');
      expect(msg.payload[0]).toMatchObject({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      expect(JSON.stringify(raw.messages)).not.toContain('SECRET');
    } finally {
      pubsub.subscribe = real;
    }
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
    raw.close();
  });

  it('delivers userUpdated when the user changes (updateMe over HTTP), with loader-backed fields', async () => {
    const me = await signedIn(t.app, t.org.report.email);
    const raw = await openRaw(t.url);
    await raw.init(me.token);
    raw.subscribe('u', 'subscription { userUpdated { id full_name team { name } manager { email } } }');
    await listening(t.app, topics.userUpdated(t.org.report.id));
    const res = await me.gql('mutation($input: UpdateMeInput!) { updateMe(input: $input) { user { id } } }', { input: { full_name: 'Renamed Report' } });
    expect(res.errors).toBeUndefined();
    const msg = await raw.waitFor((m) => m.type === 'next');
    expect(msg).toEqual({
      id: 'u',
      type: 'next',
      payload: { data: { userUpdated: { id: t.org.report.id, full_name: 'Renamed Report', team: { name: 'Core' }, manager: { email: t.org.manager.email } } } },
    });
    // Each event gets fresh loaders: a later event sees rows changed in between.
    t.app.services.db.$client.prepare('update teams set name = ? where id = ?').run('Renamed Core', t.org.team.id);
    t.app.services.pubsub.publish(topics.userUpdated(t.org.report.id), { userId: t.org.report.id });
    const second = await raw.waitFor((m) => m.type === 'next' && m !== msg);
    expect(second.payload.data.userUpdated.team).toEqual({ name: 'Renamed Core' });
    t.app.services.db.$client.prepare('update teams set name = ? where id = ?').run('Core', t.org.team.id);
    raw.close();
  });

  it('sends A nothing for B, and nothing after A completes', async () => {
    const a = await signedIn(t.app, t.org.member.email);
    const raw = await openRaw(t.url);
    await raw.init(a.token);
    raw.subscribe('1', USER_UPDATED);
    raw.subscribe('2', 'subscription { notificationAdded { id title } }');
    const mine = { updated: topics.userUpdated(t.org.member.id), notified: topics.notificationAdded(t.org.member.id) };
    await listening(t.app, mine.updated);
    await listening(t.app, mine.notified);
    const { pubsub } = t.app.services;
    const nexts = () => raw.messages.filter((m) => m.type === 'next').map((m) => ({ id: m.id, data: m.payload.data }));
    pubsub.publish(topics.userUpdated(t.org.admin.id), { userId: t.org.admin.id });
    pubsub.publish(topics.notificationAdded(t.org.admin.id), { id: 'n-b', kind: 'x', title: 'for B', created_at: new Date().toISOString() });
    // A's own events after B's: each subscription sends its events in order, so one of B's would come first.
    pubsub.publish(mine.updated, { userId: t.org.member.id });
    pubsub.publish(mine.notified, { id: 'n-a', kind: 'x', title: 'for A', created_at: new Date().toISOString() });
    await raw.waitFor((m) => m.type === 'next' && m.id === '1');
    await raw.waitFor((m) => m.type === 'next' && m.id === '2');
    expect(nexts()).toEqual(
      expect.arrayContaining([
        { id: '1', data: { userUpdated: { id: t.org.member.id, full_name: expect.any(String) } } },
        { id: '2', data: { notificationAdded: { id: 'n-a', title: 'for A' } } },
      ]),
    );
    expect(nexts()).toHaveLength(2);

    raw.send({ type: 'complete', id: '1' });
    await listening(t.app, mine.updated, 0);
    const before = raw.messages.length;
    pubsub.publish(mine.updated, { userId: t.org.member.id });
    // The socket's other subscription hears the next event: the one before it went nowhere.
    pubsub.publish(mine.notified, { id: 'n-a2', kind: 'x', title: 'for A again', created_at: new Date().toISOString() });
    await raw.waitFor((m) => m.type === 'next' && m.payload.data?.notificationAdded?.id === 'n-a2');
    expect(raw.messages.slice(before)).toEqual([{ id: '2', type: 'next', payload: { data: { notificationAdded: { id: 'n-a2', title: 'for A again' } } } }]);
    raw.close();
    await raw.closed;
    await listening(t.app, mine.notified, 0);
  });

  it(`caps active subscriptions at ${MAX_SUBSCRIPTIONS_PER_SOCKET} per socket with an error for the extra id`, async () => {
    const me = await signedIn(t.app, t.org.member.email);
    const raw = await openRaw(t.url);
    await raw.init(me.token);
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_SOCKET + 5; i++) raw.subscribe(`s${i}`, USER_UPDATED);
    const extra = await raw.waitFor((m) => m.id === `s${MAX_SUBSCRIPTIONS_PER_SOCKET}`);
    expect(extra.type).toBe('error');
    expect(extra.payload[0].message).toMatch(/Too many active subscriptions/);
    await raw.waitFor((m) => m.id === `s${MAX_SUBSCRIPTIONS_PER_SOCKET + 4}`);
    expect(raw.messages.filter((m) => m.type === 'error')).toHaveLength(5);
    expect(t.app.services.pubsub.listenerCount(topics.userUpdated(t.org.member.id))).toBe(MAX_SUBSCRIPTIONS_PER_SOCKET);
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
    raw.close();
  });
});
