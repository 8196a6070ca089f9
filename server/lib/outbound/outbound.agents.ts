import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import type { Gate } from './outbound.types.js';

/**
 * Node agents whose every socket passes the gate (for axios in jira.js, typed-rest-client in
 * azure-devops-node-api): `createConnection` refuses another origin or a refused IP literal before
 * any packet, and hands net/tls the gate's `lookup` for a name, so the address connected to is the
 * one checked. Both protocols are pinned to the one origin: the agent of the other protocol refuses
 * every socket. Keep-alive as Node's global agent (sockets are reused for a few seconds).
 */
type Create = (options: http.ClientRequestArgs, callback?: (err: Error | null, stream: Duplex) => void) => Duplex | null | undefined;

function guard<T extends http.Agent>(agent: T, gate: Gate, protocol: 'http:' | 'https:'): T {
  const create = agent.createConnection.bind(agent) as Create;
  const guarded: Create = (options, callback) => {
    const host = options.hostname ?? options.host ?? '';
    const refused = gate.admit(host, options.port, protocol);
    if (refused) {
      // The agent's callback reports the error on the request, as a failed connect would.
      callback?.(refused, undefined as never);
      return undefined;
    }
    // typed-rest-client passes an IPv6 host in brackets, which net would try to resolve as a name.
    const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
    return create({ ...options, host: bare, hostname: bare, lookup: gate.lookup }, callback);
  };
  agent.createConnection = guarded as T['createConnection'];
  return agent;
}

export function guardedAgents(gate: Gate): { httpAgent: http.Agent; httpsAgent: https.Agent } {
  return {
    httpAgent: guard(new http.Agent({ keepAlive: true, timeout: 5_000 }), gate, 'http:'),
    httpsAgent: guard(new https.Agent({ keepAlive: true, timeout: 5_000 }), gate, 'https:'),
  };
}
