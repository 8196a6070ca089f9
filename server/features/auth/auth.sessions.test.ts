import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { codeOf, createTestApp, gql, seedOrg, signedIn } from '../../test/helpers.js';
import { openRaw, type Raw } from '../../graphql/subscriptions.test-support.js';

let app: FastifyInstance;
let wsUrl: string;
beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/graphql`;
});
afterAll(async () => {
  await app.close();
});

const SIGN_OUT_EVERYWHERE = 'mutation { signOutEverywhere }';
const WHO = '{ findOneUser { id } }';

/** A graphql-transport-ws connection that has been acknowledged. */
async function openSocket(token: string): Promise<Raw> {
  const raw = await openRaw(wsUrl);
  await raw.init(token);
  return raw;
}

const within = <T>(promise: Promise<T>, ms = 2000) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms))]);

describe('signOutEverywhere', () => {
  it('ends every session of the caller, the current one included, and closes their websockets', async () => {
    const o = await seedOrg(app, 'Everywhere');
    const laptop = await signedIn(app, o.member.email);
    const phone = await signedIn(app, o.member.email);
    const socket = await openSocket(phone.token);
    expect((await phone.gql(WHO)).data!.findOneUser.id).toBe(o.member.id);

    const res = await laptop.gql(SIGN_OUT_EVERYWHERE);
    expect(res.errors).toBeUndefined();
    expect(res.data!.signOutEverywhere).toBe(2);

    expect(codeOf(await laptop.gql(WHO))).toBe('UNAUTHENTICATED');
    expect(codeOf(await phone.gql(WHO))).toBe('UNAUTHENTICATED');
    expect(await laptop.browser.session()).toEqual({});
    expect(await phone.browser.session()).toEqual({});
    expect((await within(socket.closed)).code).toBe(4403);
  });

  it('leaves other people alone, in the same organization and in another one', async () => {
    const o = await seedOrg(app, 'Alone');
    const other = await seedOrg(app, 'Elsewhere');
    const caller = await signedIn(app, o.report.email);
    const colleague = await signedIn(app, o.manager.email);
    const stranger = await signedIn(app, other.report.email);
    const colleagueSocket = await openSocket(colleague.token);

    expect((await caller.gql(SIGN_OUT_EVERYWHERE)).data!.signOutEverywhere).toBe(1);

    expect((await colleague.gql(WHO)).data!.findOneUser.id).toBe(o.manager.id);
    expect((await stranger.gql(WHO)).data!.findOneUser.id).toBe(other.report.id);
    expect(await colleague.browser.session()).toMatchObject({ user: { id: o.manager.id } });
    // The sign-out closes the sockets it ends before it answers: this one still answers after it.
    await colleagueSocket.roundTrip();
    expect(colleagueSocket.ws.readyState).toBe(WebSocket.OPEN);
    colleagueSocket.close();
  });

  it('asks for a session', async () => {
    expect(codeOf(await gql(app, null, SIGN_OUT_EVERYWHERE))).toBe('UNAUTHENTICATED');
  });
});
