import type { IntegrationProvider } from '../../../shared/integrations.js';
import { PROVIDER_LABEL } from '../../../shared/integrations.js';
import { formatTime } from '../../../shared/format.js';

/**
 * What can go wrong talking to a service, in plain words an admin can act on (docs/decisions/0051).
 * Adapters turn their SDK's errors into these with `classifyHttpFailure`; the sync engine records
 * the message on the run and the connection, resumes RATE_LIMITED runs at `retryAt`, retries
 * UNAVAILABLE ones with back-off, and stops on AUTH / ACCESS until an admin fixes the connection.
 * A message never contains a credential.
 */
export type IntegrationErrorKind = 'AUTH' | 'ACCESS' | 'RATE_LIMITED' | 'UNAVAILABLE' | 'UNREACHABLE' | 'BAD_PAYLOAD' | 'NOT_FOUND';

export class IntegrationError extends Error {
  constructor(
    readonly kind: IntegrationErrorKind,
    message: string,
    readonly retryAt: Date | null = null,
  ) {
    super(message);
    this.name = 'IntegrationError';
  }
}

type Headers = Record<string, string | string[] | undefined> | Headers_;
type Headers_ = { get(name: string): string | null };

function header(headers: Headers | undefined, name: string): string | null {
  if (!headers) return null;
  if (typeof (headers as Headers_).get === 'function') return (headers as Headers_).get(name) ?? null;
  const v = (headers as Record<string, string | string[] | undefined>)[name] ?? (headers as Record<string, string | string[] | undefined>)[name.toLowerCase()];
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
}

/**
 * When the service says to come back: `retry-after` (seconds or an HTTP date), then
 * `x-ratelimit-reset` (epoch seconds, GitHub) or an ISO instant (Jira), else null.
 */
export function retryAtFrom(headers: Headers | undefined, now: number): Date | null {
  const after = header(headers, 'retry-after');
  if (after) {
    const seconds = Number(after);
    if (Number.isFinite(seconds)) return new Date(now + Math.max(0, seconds) * 1000);
    const at = Date.parse(after);
    if (Number.isFinite(at)) return new Date(at);
  }
  const reset = header(headers, 'x-ratelimit-reset');
  if (reset) {
    const epoch = Number(reset);
    if (Number.isFinite(epoch)) return new Date(epoch * 1000);
    const at = Date.parse(reset);
    if (Number.isFinite(at)) return new Date(at);
  }
  return null;
}

/** The one reading of an HTTP failure from any provider. */
export function classifyHttpFailure(provider: IntegrationProvider, status: number, headers: Headers | undefined, now: number, what = ''): IntegrationError {
  const name = PROVIDER_LABEL[provider];
  const on = what ? ` (${what})` : '';
  const retryAt = retryAtFrom(headers, now);
  const remaining = header(headers, 'x-ratelimit-remaining');
  // GitHub sends x-ratelimit-reset on every answer: a 403 is a rate limit only when the budget is spent or the service says when to retry.
  if (status === 429 || (status === 403 && (remaining === '0' || header(headers, 'retry-after') !== null))) {
    const at = retryAt ?? new Date(now + 60_000);
    return new IntegrationError('RATE_LIMITED', `${name} asked us to slow down${on}; the sync resumes at ${formatTime(at, null)}.`, at);
  }
  if (status === 401) return new IntegrationError('AUTH', `${name} rejected the credentials${on}: the token is wrong, expired or revoked.`);
  if (status === 403) return new IntegrationError('ACCESS', `${name} refused access${on}: the token lacks a permission it needs.`);
  if (status === 404) return new IntegrationError('NOT_FOUND', `${name} does not know this${on}, or the token may not see it.`);
  if (status >= 500) return new IntegrationError('UNAVAILABLE', `${name} answered ${status}${on}; the sync tries again later.`, retryAt);
  return new IntegrationError('BAD_PAYLOAD', `${name} answered ${status}${on}.`);
}

/**
 * A network failure in one sentence, whatever the cause: a closed port, an unknown name, a timeout,
 * a redirect that is not followed, or an address the outbound guard refuses (server/lib/outbound)
 * read alike, so that a base URL cannot be used to learn which ports or addresses answer inside the
 * server's network (docs/decisions/0054). The cause is in the server log when the guard refused.
 */
export function unreachable(provider: IntegrationProvider): IntegrationError {
  return new IntegrationError(
    'UNREACHABLE',
    `${PROVIDER_LABEL[provider]} could not be reached: check the base URL and the network. An address on a private network must be allowed by the server's operator.`,
  );
}

/**
 * A server answered at the base URL, but not as the provider's API answers: a web page, a login
 * page, something that is not JSON, or JSON without what the provider always sends (GitHub's login,
 * Jira's account id, Slack's `ok`). Its body is never quoted (docs/decisions/0054). A connection
 * test names the host the admin typed (`notTheServiceMessage`, in runTest); a sync shows this message.
 * Adapters' tests let it through to runTest rather than turning it into their own words.
 */
export class NotTheService extends IntegrationError {
  constructor(readonly provider: IntegrationProvider) {
    super('BAD_PAYLOAD', `The server at the base URL answered, but it is not ${PROVIDER_LABEL[provider]}: check the base URL.`);
  }
}

/** What a connection test says of a NotTheService: the host the admin typed, and what it is not (docs/decisions/0064). */
export function notTheServiceMessage(provider: IntegrationProvider, baseUrl: string): string {
  let host = baseUrl;
  try {
    host = new URL(baseUrl).host;
  } catch {
    /* the address as typed */
  }
  return `The server at ${host} answered, but it is not ${PROVIDER_LABEL[provider]}: check the base URL.`;
}

/** Whether a content type is JSON's (application/json, application/vnd.github+json, ...). */
export const isJsonType = (contentType: string | null | undefined): boolean => !!contentType && /[/+]json\b/i.test(contentType);

/**
 * A 4xx answer that is not JSON, other than those a proxy in front of the service may send for it
 * (401, 403, 429): a web server's page, so another server than the provider's API.
 */
export const foreignErrorAnswer = (status: number, contentType: string | null | undefined): boolean =>
  status >= 400 && status < 500 && ![401, 403, 429].includes(status) && !isJsonType(contentType);

/**
 * What an admin is shown of any failure: an IntegrationError's own words; the outbound guard's
 * refusal as `unreachable`; anything else in fixed words, since an SDK's message may quote the
 * service's answer (a parse error quotes the body it could not read).
 */
export function shownFailure(provider: IntegrationProvider, err: unknown): string {
  if (err instanceof IntegrationError) return err.message;
  if ((err as { code?: unknown })?.code === 'EOUTBOUNDREFUSED') return unreachable(provider).message;
  return `Something unexpected went wrong with ${PROVIDER_LABEL[provider]}; the details are in the server log.`;
}
