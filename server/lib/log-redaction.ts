/**
 * What never reaches a log line (docs/decisions/0044): the secret parts of URLs. One-time link
 * tokens (`/api/auth/link?token=`, `/register?token=`), signed picture URLs (Policy, Signature),
 * CSRF tokens, and any of these inside a URL carried by another parameter (callbackUrl).
 */
export const REDACTED = '[redacted]';

/**
 * Query parameters whose value is a credential: anything named *token*, signatures, policies, secrets, passwords, codes;
 * and typed identifiers (`email`, `username`, as on /signup-complete?email=): what someone typed there may be a
 * password (docs/decisions/0057).
 */
const SECRET_PARAM = /token|sig(nature)?$|^policy$|secret|passw|^code$|^key$|^e-?mail$|^user(name)?$|^login$/i;
/** Parameters that carry a whole URL, whose own query is redacted the same way. */
const URL_PARAM = /url$|^redirect|^next$|^return/i;

function redactParam(pair: string, depth: number): string {
  const eq = pair.indexOf('=');
  if (eq < 0) return pair;
  const rawKey = pair.slice(0, eq);
  let key = rawKey;
  try {
    key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
  } catch {
    /* keep the raw key */
  }
  if (SECRET_PARAM.test(key)) return `${rawKey}=${REDACTED}`;
  if (URL_PARAM.test(key) && depth < 3) {
    const raw = pair.slice(eq + 1);
    try {
      const inner = decodeURIComponent(raw.replace(/\+/g, ' '));
      const redacted = redactUrlAt(inner, depth + 1);
      if (redacted !== inner) return `${rawKey}=${encodeURIComponent(redacted)}`;
    } catch {
      return `${rawKey}=${REDACTED}`;
    }
  }
  return pair;
}

function redactUrlAt(url: string, depth: number): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const fragment = hash < 0 ? '' : url.slice(hash);
  return `${url.slice(0, q + 1)}${query
    .split('&')
    .map((pair) => redactParam(pair, depth))
    .join('&')}${fragment}`;
}

/** The URL (absolute, or a path with its query) with the values of secret query parameters replaced by [redacted]. */
export function redactUrl(url: string): string {
  return redactUrlAt(url, 0);
}

/** Every URL found in a free text (a message, an error), redacted. */
export function redactUrlsIn(text: string): string {
  return text.replace(/(?:https?:\/\/|\/)[^\s"'<>]*\?[^\s"'<>]*/g, (url) => redactUrl(url));
}

/** Logged fields that hold links: their secrets are redacted and the rest kept. */
const LINK_FIELDS = ['url', 'link', 'href'];
/** Logged request headers that are credentials: replaced whole (a plugin may log its options, e.g. multipart's busboyOptions.headers). */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-csrf-token'];

/** pino's `redact` option: the paths below, censored by `censorLogged`. */
export const LOG_REDACT_PATHS = [...LINK_FIELDS.flatMap((f) => [f, `*.${f}`]), ...CREDENTIAL_HEADERS.flatMap((h) => [`headers["${h}"]`, `*.headers["${h}"]`])];

/** pino's censor: a credential header is replaced whole; a link keeps everything but its secrets. */
export function censorLogged(value: unknown, path: string[]): unknown {
  if (CREDENTIAL_HEADERS.includes(path.at(-1) ?? '')) return REDACTED;
  return typeof value === 'string' ? redactUrlsIn(value) : value;
}

type LoggedRequest = { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } };

/** The logger's request serializer: Fastify's fields, the URL redacted. */
export function serializeRequest(req: LoggedRequest) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}
