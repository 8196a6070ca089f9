import type { Agent, fetch as UndiciFetch } from 'undici';
import type { Gate } from './outbound.types.js';
import { OutboundRefusedError } from './outbound.types.js';

/**
 * fetch for one origin (Octokit, the Bitbucket client, the Slack SDK): undici's fetch on an Agent
 * whose connector asks the gate before every socket (an IP literal checked, a name resolved through
 * the gate's lookup: the address connected to is the checked one). Redirects are read here, never
 * by undici: within the origin a GET or HEAD follows at most MAX_REDIRECTS; to another origin, or
 * for another method, it fails as a network failure would. `redirect: 'error'` fails on any
 * redirect and `redirect: 'manual'` hands it over, as in the standard.
 */
export const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type UndiciInit = NonNullable<Parameters<typeof UndiciFetch>[1]>;
type Client = { undiciFetch: typeof UndiciFetch; dispatcher: Agent };

/** undici is loaded with the first outbound request, not when the server starts (docs/decisions/0062, warm start). */
let undici: Promise<typeof import('undici')> | null = null;
const loadUndici = () => (undici ??= import('undici'));

function failed(refused: OutboundRefusedError): TypeError {
  return new TypeError('fetch failed', { cause: refused });
}

export function guardedFetch(gate: Gate): typeof globalThis.fetch {
  let client: Promise<Client> | null = null;
  const connect = () =>
    (client ??= loadUndici().then(({ Agent, buildConnector, fetch }) => {
      const connector = buildConnector({ lookup: gate.lookup } as Parameters<typeof buildConnector>[0]);
      const dispatcher = new Agent({
        connect: (opts, callback) => {
          const refused = gate.admit(opts.hostname, opts.port, opts.protocol);
          if (refused) callback(refused, null);
          else connector(opts, callback);
        },
      });
      return { undiciFetch: fetch, dispatcher };
    }));
  const redirectRefused = (reason: string) => new OutboundRefusedError({ host: '', address: null, port: 0, reason });

  return (async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (typeof input !== 'string' && !(input instanceof URL)) throw new TypeError('The outbound fetch takes a URL, not a Request.');
    let url = new URL(input);
    const { undiciFetch, dispatcher } = await connect();
    const method = (init?.method ?? 'GET').toUpperCase();
    const mode = init?.redirect ?? 'follow';
    for (let hops = 0; ; hops++) {
      if (url.origin !== gate.origin) {
        const refused = gate.admit(url.hostname, url.port, url.protocol);
        throw failed(refused ?? redirectRefused(`another origin than ${gate.origin}`));
      }
      const res = (await undiciFetch(url, { ...(init as UndiciInit), redirect: 'manual', dispatcher })) as unknown as Response;
      if (!REDIRECTS.has(res.status) || mode === 'manual') return res;
      await res.body?.cancel().catch(() => undefined);
      const location = res.headers.get('location');
      if (mode === 'error' || !location || (method !== 'GET' && method !== 'HEAD') || hops >= MAX_REDIRECTS)
        throw failed(redirectRefused('a redirect that is not followed'));
      url = new URL(location, url);
    }
  }) as typeof globalThis.fetch;
}
