import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { findActiveSessionUser, findSessionTimes, sessionEndsAt } from '../features/auth/auth.repo.js';
import type { Viewer } from '../features/auth/viewer.js';
import { topics } from './pubsub.js';
import { createSubscriptionServer, type Connection } from './subscriptions-server.js';
import { CLOSE_FORBIDDEN, CLOSE_GOING_AWAY, adaptSocket, pickProtocol, startKeepAlive } from './subscriptions-socket.js';

export const WS_MAX_PAYLOAD = 1024 * 1024;
export const KEEP_ALIVE_MS = 12_000;
/** How long shutdown waits for clients to answer the 1001 close before cutting them off. */
export const SHUTDOWN_GRACE_MS = 1_000;
const MAX_TIMER_MS = 2 ** 31 - 1;
/** When the session could not be read (storage failing), the next try. */
const STORAGE_RECHECK_MS = 60_000;

function normalizeOrigin(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * graphql-transport-ws at GET /graphql (graphql-ws's reference server over
 * @fastify/websocket); plain GET answers 405. Mercurius's own websocket transport is not
 * used (docs/decisions/0006): the close codes of the protocol are the contract (docs/protocols.md).
 *
 * Per socket: Origin checked at the handshake, access token at connection_init, a
 * protocol ping every 12 s, closed with 4403 when its session is revoked (topics.sessionRevoked),
 * found dead by the periodic re-check, reaches its absolute expiry or goes idle past
 * SESSION_IDLE_MINUTES; closed with 1001 on shutdown.
 *
 * Not encapsulated (fastify-plugin): @fastify/websocket routes every upgrade request through
 * the router, and only its hooks destroy the raw socket after an upgrade to a non-websocket
 * route has been answered; registered in a child scope, such sockets stayed open forever.
 */
export const subscriptionsPlugin = fp(
  async (app: FastifyInstance): Promise<void> => {
    const { config, db, pubsub } = app.services;
    const allowedOrigins = new Set(config.allowedOrigins.map(normalizeOrigin).filter((o): o is string => o !== null));

    type Tracked = Connection & { cleanup: Array<() => void> };
    const live = new Set<Tracked>();
    const bySession = new Map<string, Set<Tracked>>();

    const closeForbidden = (c: Connection) => {
      if (c.socket.readyState === c.socket.OPEN || c.socket.readyState === c.socket.CONNECTING) c.socket.close(CLOSE_FORBIDDEN.code, CLOSE_FORBIDDEN.reason);
    };

    /**
     * A read in a timer: a storage failure (docs/decisions/0058) is reported and answers undefined
     * instead of throwing out of the timer, which would end the process.
     */
    function readSafely<T>(read: () => T, where: string): T | undefined {
      try {
        return read();
      } catch (err) {
        if (!app.services.storage.report(err, where)) app.log.error({ err }, `${where} failed`);
        return undefined;
      }
    }

    /** The session's end (absolute expiry or idle limit), read now; 0 when it is gone or revoked. */
    function sessionEnd(sessionId: string): number {
      const row = findSessionTimes(db, sessionId);
      return row && row.revokedAt === null ? sessionEndsAt(row, config.sessionIdleMs) : 0;
    }

    /**
     * Closes the socket with 4403 when its session ends: at the absolute expiry, or once it has been
     * idle for SESSION_IDLE_MINUTES (an open socket is not activity; GET /api/auth/session is).
     * When the timer fires the session is read again: activity since moved the idle end later.
     */
    function armSessionEnd(c: Tracked, sessionId: string) {
      let timer: NodeJS.Timeout | undefined;
      const check = () => {
        const endsAt = readSafely(() => sessionEnd(sessionId), 'websocket session check');
        // Unreadable storage: the socket stays as it is (a revocation still reaches it by pubsub) and is checked again later.
        if (endsAt === undefined) return void (timer = setTimeout(check, STORAGE_RECHECK_MS));
        if (endsAt <= Date.now()) return closeForbidden(c);
        timer = setTimeout(check, Math.min(endsAt - Date.now(), MAX_TIMER_MS));
      };
      c.cleanup.push(() => clearTimeout(timer));
      check();
    }

    function onAuthenticated(connection: Connection, viewer: Viewer) {
      const c = connection as Tracked;
      if (!live.has(c)) return; // closed while connection_init was handled
      let set = bySession.get(viewer.sessionId);
      if (!set) bySession.set(viewer.sessionId, (set = new Set()));
      set.add(c);
      armSessionEnd(c, viewer.sessionId);
    }

    const server = createSubscriptionServer(app, onAuthenticated);

    function untrack(c: Tracked) {
      live.delete(c);
      for (const fn of c.cleanup.splice(0)) fn();
      if (c.viewer) {
        const set = bySession.get(c.viewer.sessionId);
        set?.delete(c);
        if (set?.size === 0) bySession.delete(c.viewer.sessionId);
      }
    }

    function accept(socket: WebSocket, request: FastifyRequest) {
      const c: Tracked = { socket, request, viewer: null, context: null, cleanup: [] };
      live.add(c);
      // Each tick also re-reads the session, so a revocation that was never published
      // (or an expiry) still ends the socket within one interval.
      c.cleanup.push(
        startKeepAlive(socket, KEEP_ALIVE_MS, () => {
          const viewer = c.viewer;
          if (viewer && readSafely(() => findActiveSessionUser(db, viewer.sessionId, config.sessionIdleMs) ?? null, 'websocket session check') === null)
            closeForbidden(c);
        }),
      );
      let closed: ((code?: number, reason?: string) => Promise<void>) | null = null;
      socket.once('close', (code: number, reason: Buffer) => {
        untrack(c);
        closed?.(code, reason.toString()).catch((err: unknown) => request.log.error({ err }, 'websocket cleanup failed'));
      });
      try {
        closed = server.opened(adaptSocket(socket, request.log), { connection: c });
      } catch (err) {
        request.log.error({ err }, 'websocket setup failed');
        socket.close(4500, 'Internal server error');
      }
    }

    // Logout and other revocations end the live sockets of those sessions (ASVS 7.4.1).
    const stopRevocations = pubsub.on(topics.sessionRevoked, (payload) => {
      const ids = (payload as { sessionIds?: unknown } | null)?.sessionIds;
      if (!Array.isArray(ids)) return;
      for (const id of ids) {
        if (typeof id !== 'string') continue;
        for (const c of bySession.get(id) ?? []) closeForbidden(c);
      }
    });

    async function shutdown() {
      const pending = [...live].map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.socket.readyState === c.socket.CLOSED) return resolve();
            c.socket.once('close', () => resolve());
            if (c.socket.readyState === c.socket.OPEN) c.socket.close(CLOSE_GOING_AWAY.code, CLOSE_GOING_AWAY.reason);
          }),
      );
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(pending), new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_GRACE_MS)))]);
      clearTimeout(timer);
      for (const c of live) c.socket.terminate();
    }

    await app.register(websocket, {
      options: { maxPayload: WS_MAX_PAYLOAD, handleProtocols: pickProtocol },
      // Replaces the plugin's default preClose, which closes every client without a code:
      // clients are told 1001 (going away) before the server stops.
      preClose: async () => {
        await shutdown();
        await new Promise<void>((resolve) => app.websocketServer.close(() => resolve()));
      },
      // ws has already started closing (e.g. 1009 for a frame over maxPayload); terminating
      // here could drop that close frame.
      errorHandler: (error, _socket, request) => request.log.warn({ err: error }, 'websocket error'),
    });

    app.addHook('onClose', async () => {
      stopRevocations();
      await shutdown();
    });

    app.route({
      method: 'GET',
      url: '/graphql',
      // The transport: each subscription's own rule applies to it (operation-rules.ts).
      config: { rule: 'PUBLIC' },
      // Browsers always send Origin on a websocket upgrade; a foreign one is refused before
      // any traffic (ASVS 4.4.2). Non-browser clients send none and are allowed.
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        if (!request.ws) return;
        const origin = request.headers.origin;
        if (origin === undefined) return;
        const normalized = normalizeOrigin(origin);
        if (!normalized || !allowedOrigins.has(normalized)) {
          request.log.warn({ origin: origin.slice(0, 200) }, 'websocket upgrade from a foreign origin refused');
          return reply.code(403).send({ errors: [{ message: 'Origin not allowed.' }] });
        }
      },
      handler: async (_request, reply) =>
        reply
          .code(405)
          .header('allow', 'POST')
          .send({ errors: [{ message: 'Use POST for queries and mutations.' }] }),
      wsHandler: (socket, request) => accept(socket, request),
    });
  },
  { name: 'teamlens-subscriptions' },
);
