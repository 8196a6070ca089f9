import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket as GraphQLWsSocket } from 'graphql-ws';
import type { WebSocket } from 'ws';
import { graphqlWs } from './graphql-runtime.js';

const { GRAPHQL_TRANSPORT_WS_PROTOCOL, CloseCode } = graphqlWs;

/** graphql-ws close reasons, as its reference server words them. */
export const CLOSE_INTERNAL_ERROR = { code: CloseCode.InternalServerError, reason: 'Internal server error' } as const;
export const CLOSE_FORBIDDEN = { code: CloseCode.Forbidden, reason: 'Forbidden' } as const;
export const CLOSE_GOING_AWAY = { code: 1001, reason: 'Server shutting down' } as const;

/**
 * The ws `handleProtocols` hook. graphql-ws's own helper answers `false` when the client
 * does not offer `graphql-transport-ws`; then `ws` completes the handshake without a
 * protocol header, and a client that asked for another protocol (e.g. the legacy
 * `graphql-ws`) aborts the handshake itself and never sees a close code. Echoing the
 * first offered protocol instead lets the handshake finish, and the reference server
 * then closes the socket with 4406 before reading anything (makeServer's `opened`).
 * A client that offers no protocol at all gets the same 4406.
 */
export function pickProtocol(offered: Set<string>): string | false {
  if (offered.has(GRAPHQL_TRANSPORT_WS_PROTOCOL)) return GRAPHQL_TRANSPORT_WS_PROTOCOL;
  const first = offered.values().next();
  return first.done ? false : first.value;
}

/**
 * The messages a client may send. `next`, `error` and `connection_ack` pass graphql-ws's
 * message validation but the reference server then throws on them, which would close
 * with 4500; a message the client must not send is a bad request (4400), as graphql-ws closes
 * for a message it cannot read. Checked here, on a plain JSON.parse, rather than by a reviver
 * handed to makeServer: V8 applies a reviver recursively, so a subscribe message whose variables
 * nest thousands of levels overflowed the stack before its variables could be refused with their
 * own error (docs/decisions/0057). Text that is not JSON is left to graphql-ws (4400 as well).
 */
const CLIENT_TYPES = new Set(['connection_init', 'ping', 'pong', 'subscribe', 'complete']);
export const CLOSE_BAD_MESSAGE = { code: CloseCode.BadRequest, reason: 'Invalid message received' } as const;
function typeRefused(data: string): boolean {
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return false;
  }
  return message !== null && typeof message === 'object' && 'type' in message && !CLIENT_TYPES.has(String(message.type));
}

/**
 * makeServer's socket interface over a `ws` socket (the shape of graphql-ws's
 * use/@fastify/websocket adapter, with our logger and a reason that never carries the
 * error text: an exception while handling a message closes with 4500
 * 'Internal server error').
 */
export function adaptSocket(socket: WebSocket, log: FastifyBaseLogger): GraphQLWsSocket {
  return {
    protocol: socket.protocol,
    send: (data) =>
      new Promise<void>((resolve, reject) => {
        // After close() (revocation, shutdown) nothing more is sent.
        if (socket.readyState !== socket.OPEN) return resolve();
        socket.send(data, (err) => (err ? reject(err) : resolve()));
      }),
    close: (code, reason) => socket.close(code, reason),
    onMessage: (cb) =>
      socket.on('message', async (data) => {
        const text = String(data);
        if (typeRefused(text)) {
          if (socket.readyState === socket.OPEN) socket.close(CLOSE_BAD_MESSAGE.code, CLOSE_BAD_MESSAGE.reason);
          return;
        }
        try {
          await cb(text);
        } catch (err) {
          log.error({ err }, 'websocket message handling failed');
          if (socket.readyState === socket.OPEN) socket.close(CLOSE_INTERNAL_ERROR.code, CLOSE_INTERNAL_ERROR.reason);
        }
      }),
  };
}

/**
 * Protocol-level keep-alive (as graphql-ws's use/ws): a ws ping every `intervalMs`; a
 * socket that has not answered with a pong `intervalMs` later is terminated.
 * `onTick` runs on every interval (used to re-check the session). Returns the stop function.
 */
export function startKeepAlive(socket: WebSocket, intervalMs: number, onTick?: () => void): () => void {
  let pongWait: NodeJS.Timeout | null = null;
  const onPong = () => {
    if (pongWait) clearTimeout(pongWait);
    pongWait = null;
  };
  socket.on('pong', onPong);
  const interval = setInterval(() => {
    if (socket.readyState !== socket.OPEN) return;
    onTick?.();
    if (socket.readyState !== socket.OPEN) return;
    if (!pongWait) pongWait = setTimeout(() => socket.terminate(), intervalMs);
    socket.ping();
  }, intervalMs);
  return () => {
    clearInterval(interval);
    if (pongWait) clearTimeout(pongWait);
    pongWait = null;
    socket.off('pong', onPong);
  };
}
