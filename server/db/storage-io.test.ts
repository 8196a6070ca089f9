/**
 * Storage failures other than a full disk (docs/decisions/0058), at the storage layer: every write
 * of the app's connection fails with a real SqliteError of the code (storage.test-support.ts).
 * GraphQL over HTTP and over the websocket, and the REST routes, answer the code and a plain
 * message for each, never a bare "Internal server error".
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STORAGE_MESSAGES } from '../../shared/errors.js';
import { touchSession } from '../features/auth/auth.repo.js';
import type { GraphQLContext } from '../graphql/context.js';
import { declareOperationRules } from '../graphql/operation-rules.js';
import { listen, openRaw } from '../graphql/subscriptions.test-support.js';
import { Browser, createTestApp, seedOrg, signedIn } from '../test/helpers.js';
import { failWritesWith } from './storage.test-support.js';

let app: FastifyInstance;
let url: string;
let org: Awaited<ReturnType<typeof seedOrg>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp(
    {},
    {
      beforeReady: async (scratch) => {
        // A subscription that writes when it starts, as joining a live retro does.
        await scratch.register(async (feature) => {
          feature.graphql.extendSchema('extend type Subscription { scratchWritingSubscription: Boolean! }');
          feature.graphql.defineResolvers({
            Subscription: {
              scratchWritingSubscription: {
                subscribe: (_: unknown, __: unknown, ctx: GraphQLContext) => {
                  touchSession(ctx.services.db, ctx.viewer!.sessionId);
                  return ctx.services.pubsub.subscribe('scratch');
                },
              },
            },
          } as never);
          declareOperationRules(feature, { Subscription: { scratchWritingSubscription: 'SIGNED_IN' } });
        });
      },
    },
  );
  url = await listen(app);
  org = await seedOrg(app);
  admin = await signedIn(app, org.admin.email);
});
afterAll(async () => {
  await app.close();
});

const CASES = [
  ['SQLITE_IOERR_WRITE', 'STORAGE_UNAVAILABLE', STORAGE_MESSAGES.io],
  ['SQLITE_READONLY', 'STORAGE_UNAVAILABLE', STORAGE_MESSAGES.read_only],
  ['SQLITE_CANTOPEN', 'STORAGE_UNAVAILABLE', STORAGE_MESSAGES.cant_open],
  ['SQLITE_CORRUPT', 'STORAGE_UNAVAILABLE', STORAGE_MESSAGES.corrupt],
  ['SQLITE_FULL', 'STORAGE_FULL', STORAGE_MESSAGES.full],
] as const;

it.each(CASES)('a GraphQL write failing with %s answers %s and its plain message', async (sqliteCode, code, message) => {
  const undo = failWritesWith(app, sqliteCode);
  try {
    const res = await admin.gql('mutation { createTeam(input: { name: "Unlucky" }) { id } }');
    expect(res.errors).toEqual([expect.objectContaining({ message, extensions: { code } })]);
  } finally {
    undo();
  }
});

it('a REST route answers 503 with the code and the message (an account route)', async () => {
  const browser = new Browser(app);
  const csrfToken = await browser.csrf();
  const undo = failWritesWith(app, 'SQLITE_IOERR_WRITE');
  try {
    const res = await browser.request({ method: 'POST', url: '/api/auth/forgot-password', json: { email: org.member.email, csrfToken } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'STORAGE_UNAVAILABLE', message: STORAGE_MESSAGES.io });
  } finally {
    undo();
  }
});

it('a subscription that cannot write when it starts gets an error message with the code, and the socket stays open', async () => {
  const raw = await openRaw(url);
  try {
    await raw.init(admin.token);
    const undo = failWritesWith(app, 'SQLITE_IOERR_WRITE');
    try {
      raw.subscribe('1', 'subscription { scratchWritingSubscription }');
      const error = await raw.waitFor((m) => m.id === '1' && m.type === 'error');
      expect(error.payload).toEqual([expect.objectContaining({ message: STORAGE_MESSAGES.io, extensions: { code: 'STORAGE_UNAVAILABLE' } })]);
    } finally {
      undo();
    }
    // Storage back: the same socket takes the subscription.
    raw.subscribe('2', 'subscription { scratchWritingSubscription }');
    // The server does not acknowledge a subscribe: the event is sent again until one arrives (or an error does).
    let answer = null;
    for (let attempt = 0; attempt < 50 && !answer; attempt += 1) {
      app.services.pubsub.publish('scratch', { scratchWritingSubscription: true });
      answer = await raw.waitFor((m) => m.id === '2' && (m.type === 'next' || m.type === 'error'), 100).catch(() => null);
    }
    expect(answer).toMatchObject({ type: 'next', payload: { data: { scratchWritingSubscription: true } } });
  } finally {
    raw.close();
  }
});
