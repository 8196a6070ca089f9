/** graphql-transport-ws: the real graphql-ws client against the server. */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { signedIn } from '../test/helpers.js';
import { topics } from './pubsub.js';
import { USER_UPDATED, listening, useSocketApp } from './subscriptions.test-support.js';

const t = useSocketApp();

describe('real graphql-ws client', () => {
  it('connects with connectionParams { access_token } and receives events', async () => {
    const me = await signedIn(t.app, t.org.member.email);
    const client: Client = createClient({ url: t.url, webSocketImpl: WebSocket, connectionParams: { access_token: me.token }, retryAttempts: 0 });
    try {
      const received: unknown[] = [];
      let ready!: () => void;
      const connected = new Promise<void>((resolve) => (ready = resolve));
      client.on('connected', () => ready());
      const done = new Promise<void>((resolve, reject) => {
        client.subscribe<{ userUpdated: { id: string } }>(
          { query: USER_UPDATED },
          {
            next: (value) => {
              received.push(value);
              resolve();
            },
            error: reject,
            complete: () => undefined,
          },
        );
      });
      await connected;
      await listening(t.app, topics.userUpdated(t.org.member.id));
      t.app.services.pubsub.publish(topics.userUpdated(t.org.member.id), { userId: t.org.member.id });
      await done;
      expect(received).toEqual([{ data: { userUpdated: { id: t.org.member.id, full_name: expect.any(String) } } }]);
    } finally {
      await client.dispose();
    }
  });

  it('sees close 4403 with a bad token and gets no ack', async () => {
    let acked = false;
    const client = createClient({ url: t.url, webSocketImpl: WebSocket, connectionParams: { access_token: 'bad' }, retryAttempts: 0 });
    client.on('connected', () => {
      acked = true;
    });
    try {
      const error = await new Promise<unknown>((resolve) => {
        client.subscribe({ query: USER_UPDATED }, { next: () => undefined, error: resolve, complete: () => resolve(null) });
      });
      expect(error).toMatchObject({ code: 4403, reason: 'Forbidden' });
      expect(acked).toBe(false);
    } finally {
      await client.dispose();
    }
  });

  it('gets an error (not next) for a validation failure', async () => {
    const me = await signedIn(t.app, t.org.member.email);
    const client = createClient({ url: t.url, webSocketImpl: WebSocket, connectionParams: { access_token: me.token }, retryAttempts: 0 });
    try {
      const error = await new Promise<unknown>((resolve) => {
        client.subscribe(
          { query: 'subscription { userUpdated { nope } }' },
          { next: () => resolve('next'), error: resolve, complete: () => resolve('complete') },
        );
      });
      expect(error).toEqual([expect.objectContaining({ message: expect.stringMatching(/Cannot query field "nope"/) })]);
    } finally {
      await client.dispose();
    }
  });
});
