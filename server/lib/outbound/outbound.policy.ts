import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { classifyAddress } from './outbound.address.js';
import { allowList, type AllowList } from './outbound.allowlist.js';
import { guardedAgents } from './outbound.agents.js';
import { guardedFetch } from './outbound.fetch.js';
import type { Gate, OutboundClient, Refusal, Resolver } from './outbound.types.js';
import { OutboundRefusedError } from './outbound.types.js';

/**
 * The one guard for outbound connections to addresses an admin typed (docs/decisions/0054): an
 * integration's base URL today, an AI endpoint next. A connection may start only to a public
 * address over TLS, or to an address the operator allows (OUTBOUND_ALLOW_PRIVATE, plain http
 * too), or to an origin this process allowed for itself (the sample data set's fakes); never to a
 * cloud metadata address. The check runs where the socket is made: an IP literal before connecting,
 * a name in the lookup the socket connects with (every address it resolves to), so the address
 * connected to is the address checked. Clients are pinned to their base URL's origin: a request
 * or redirect to another origin never leaves.
 */
export type OutboundOptions = {
  /** The operator's addresses and blocks (config.outboundAllowPrivate, already parsed). */
  allowPrivate?: readonly string[];
  /** Name resolution (default: the system's, as Node's own lookup); tests name hosts without DNS. */
  resolve?: Resolver;
  /** Told of every refusal (the server logs it for the operator; an admin only ever reads “could not be reached”). */
  onRefused?: (refusal: Refusal) => void;
};

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });
const CLIENTS_KEPT = 32;

const bare = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host).toLowerCase();
const defaultPort = (protocol: string) => (protocol === 'https:' ? 443 : 80);

export class Outbound {
  private readonly allowed: AllowList;
  private readonly origins = new Map<string, number>();
  private readonly clients = new Map<string, OutboundClient>();
  private readonly resolve: Resolver;

  constructor(private readonly options: OutboundOptions = {}) {
    this.allowed = allowList(options.allowPrivate ?? []);
    this.resolve = options.resolve ?? systemResolver;
  }

  /** Why a connection to this IP address may not start (for the log), or null when it may. */
  verdict(address: string, port: number, tls: boolean): string | null {
    const c = classifyAddress(address);
    if (!c) return 'not an IP address';
    if (c.kind === 'metadata') return 'a cloud metadata address';
    if (this.origins.has(originKey(c.address, port, tls))) return null;
    if (this.allowed.has(c.address)) return null;
    if (c.kind !== 'public') return `a ${c.kind} address`;
    return tls ? null : 'plain http to an address the operator did not allow';
  }

  /**
   * Lets this process reach one origin of its own (http://127.0.0.1:<port> of a fake it started),
   * until the returned function is called. Only IP literals: the origin is an address, not a name.
   */
  allowOrigin(url: string): () => void {
    const u = new URL(url);
    const c = classifyAddress(u.hostname);
    if (!c) throw new Error('allowOrigin takes an origin with an IP address');
    const key = originKey(c.address, Number(u.port) || defaultPort(u.protocol), u.protocol === 'https:');
    this.origins.set(key, (this.origins.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.origins.get(key) ?? 1) - 1;
      if (left > 0) this.origins.set(key, left);
      else this.origins.delete(key);
    };
  }

  /** The fetch and Node agents for one base URL, pinned to its origin (kept for reuse, the latest few). */
  client(baseUrl: string): OutboundClient {
    const gate = this.gate(baseUrl);
    const kept = this.clients.get(gate.origin);
    if (kept) return kept;
    const agents = guardedAgents(gate);
    const client: OutboundClient = {
      origin: gate.origin,
      tls: gate.tls,
      fetch: guardedFetch(gate),
      ...agents,
      agent: gate.tls ? agents.httpsAgent : agents.httpAgent,
    };
    this.clients.set(gate.origin, client);
    if (this.clients.size > CLIENTS_KEPT) this.clients.delete(this.clients.keys().next().value!);
    return client;
  }

  private refuse(refusal: Refusal): OutboundRefusedError {
    this.options.onRefused?.(refusal);
    return new OutboundRefusedError(refusal);
  }

  /** What a connection of a client pinned to `baseUrl` must pass. */
  private gate(baseUrl: string): Gate {
    let base: URL;
    try {
      base = new URL(baseUrl);
    } catch {
      throw this.refuse({ host: '', address: null, port: 0, reason: 'not a URL' });
    }
    if (base.protocol !== 'https:' && base.protocol !== 'http:')
      throw this.refuse({ host: base.hostname, address: null, port: 0, reason: `the ${base.protocol} scheme` });
    const tls = base.protocol === 'https:';
    const port = Number(base.port) || defaultPort(base.protocol);
    const host = canonicalHost(base.hostname);
    return {
      origin: base.origin,
      tls,
      admit: (to, toPort, protocol) => {
        const h = canonicalHost(to);
        if (h !== host || Number(toPort || defaultPort(protocol)) !== port || protocol !== base.protocol) {
          return this.refuse({ host: bare(to), address: null, port: Number(toPort) || 0, reason: `another origin than ${base.origin}` });
        }
        const literal = classifyAddress(bare(to));
        const why = literal ? this.verdict(literal.address, port, tls) : null;
        return why ? this.refuse({ host: bare(to), address: literal!.address, port, reason: why }) : null;
      },
      lookup: this.lookupFor(port, tls),
    };
  }

  /** A `lookup` for net.connect / tls.connect: resolves, refuses when any address is refused, hands over the checked addresses. */
  private lookupFor(port: number, tls: boolean): LookupFunction {
    return (hostname, options, callback) => {
      const answer = async () => {
        const found = await this.resolve(hostname);
        for (const a of found) {
          const why = this.verdict(a.address, port, tls);
          if (why) throw this.refuse({ host: hostname, address: a.address, port, reason: why });
        }
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0);
        const list = found.filter((a) => !family || a.family === family);
        if (!list.length) throw Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND', hostname });
        return list;
      };
      answer().then(
        (list) => (options.all ? callback(null, list) : callback(null, list[0]!.address, list[0]!.family)),
        (err: NodeJS.ErrnoException) => callback(err, ''),
      );
    };
  }
}

function originKey(address: string, port: number, tls: boolean): string {
  return `${tls ? 'https' : 'http'}|${address}|${port}`;
}

/** A host as compared between a client's origin and a socket: lower case, brackets off, IP addresses in one form. */
function canonicalHost(host: string): string {
  const b = bare(host);
  return classifyAddress(b)?.address ?? b.replace(/\.$/, '');
}
