import type http from 'node:http';
import type https from 'node:https';
import type { LookupFunction } from 'node:net';

/** Name resolution: every address of a name (as `dns.lookup` with `all: true`). */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/** A refused connection, for the server log (never shown to an admin). */
export type Refusal = { host: string; address: string | null; port: number; reason: string };

/**
 * A connection the guard refused. Its message names nothing of the target: callers turn it, like a
 * closed port or an unknown name, into “could not be reached”. `code` lets the SDKs' error paths
 * read it as a network failure.
 */
export class OutboundRefusedError extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
  constructor(readonly refusal: Refusal) {
    super('The connection was refused by the outbound address policy.');
    this.name = 'OutboundRefusedError';
  }
}

/** What a client pinned to one origin asks before each socket (outbound.policy.ts). */
export type Gate = {
  origin: string;
  tls: boolean;
  /** Null when a socket to host:port (over `protocol`) may start: an IP literal is checked here, a name by `lookup`. */
  admit(host: string, port: number | string | null | undefined, protocol: string): OutboundRefusedError | null;
  lookup: LookupFunction;
};

/** Transport for one base URL: a fetch (undici) and Node agents (axios, typed-rest-client), every socket checked. */
export type OutboundClient = {
  origin: string;
  tls: boolean;
  fetch: typeof globalThis.fetch;
  httpAgent: http.Agent;
  httpsAgent: https.Agent;
  /** The agent of the origin's protocol. */
  agent: http.Agent;
};
