import type { Logger, WebClient, WebClientOptions } from '@slack/web-api';
import type { Outbound } from '../../../lib/outbound/outbound.policy.js';
import { classifyHttpFailure, foreignErrorAnswer, IntegrationError, NotTheService, unreachable } from '../integrations.errors.js';
import { formatTime } from '../../../../shared/format.js';

/**
 * The Slack Web API through the official SDK (`@slack/web-api`), pointed at the connection's base URL
 * (https://slack.com/api, or a fake on 127.0.0.1 in tests). Its retries are off and rate-limited calls
 * are rejected, so that a 429 becomes RATE_LIMITED (the sync resumes later; a direct message is
 * skipped) instead of the SDK sleeping. The SDK's own logging is silenced: it could name the URL.
 */
export const SLACK_API_TIMEOUT_MS = 5_000;

/** Scopes the bot token needs: matching people (users:read, users:read.email) and direct messages (chat:write). */
export const SLACK_REQUIRED_SCOPES = ['users:read', 'users:read.email', 'chat:write'] as const;

/**
 * The SDK, loaded with the first client: a server start does not need it (docs/decisions/0062, warm
 * start). Its errors are read only after a call through a client, so it is loaded by then.
 */
let sdk: typeof import('@slack/web-api') | null = null;

export async function slackClient(outbound: Outbound, baseUrl: string, token: string): Promise<WebClient> {
  sdk ??= await import('@slack/web-api');
  const { WebClient, LogLevel } = sdk;
  const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, setLevel() {}, getLevel: () => LogLevel.ERROR, setName() {} };
  const apiUrl = `${baseUrl.replace(/\/+$/, '')}/`;
  return new WebClient(token, {
    slackApiUrl: apiUrl,
    // The guarded fetch (server/lib/outbound, docs/decisions/0054): every socket checked, the base URL's origin only; the SDK refuses redirects itself.
    fetch: outbound.client(apiUrl).fetch as NonNullable<WebClientOptions['fetch']>,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    allowAbsoluteUrls: false,
    timeout: SLACK_API_TIMEOUT_MS,
    logger: silent,
    logLevel: LogLevel.ERROR,
  });
}

const AUTH_ERRORS = new Set(['invalid_auth', 'not_authed', 'account_inactive', 'token_revoked', 'token_expired', 'not_allowed_token_type']);

/** The Slack error code of a platform error (`users_not_found`, `missing_scope`...), else null. */
export function slackErrorCode(err: unknown): string | null {
  const e = err as { code?: string; data?: { error?: string } };
  return sdk && e?.code === sdk.ErrorCode.PlatformError ? (e.data?.error ?? null) : null;
}

/** A word of Slack's answer (an error code, a scope) only when it has the shape of one: the answer is not echoed (docs/decisions/0054). */
function slackWord(value: unknown, shape: RegExp): string | null {
  return typeof value === 'string' && shape.test(value) ? value : null;
}

/** Any failure of the SDK in the words of integrations.errors.ts; never with the token, never the answer's own text. */
export function classifySlackError(err: unknown, now: number, what = ''): IntegrationError {
  if (err instanceof IntegrationError) return err;
  // Without the SDK loaded no call was made: whatever failed, Slack was not reached.
  if (!sdk) return unreachable('SLACK');
  const { ErrorCode } = sdk;
  const e = err as {
    code?: string;
    data?: { error?: string; needed?: string };
    retryAfter?: number;
    statusCode?: number;
    headers?: Record<string, string>;
    original?: unknown;
  };
  const on = what ? ` (${what})` : '';
  switch (e?.code) {
    case ErrorCode.RateLimitedError: {
      const at = new Date(now + Math.max(1, e.retryAfter ?? 60) * 1000);
      return new IntegrationError('RATE_LIMITED', `Slack asked us to slow down${on}; the sync resumes at ${formatTime(at, null)}.`, at);
    }
    case ErrorCode.PlatformError: {
      // Slack's own errors are JSON with `ok: false` and an error code; the SDK reads anything else
      // (a web page, other JSON) as an error too: that came from another server.
      const code = e.data && typeof e.data === 'object' && (e.data as { ok?: unknown }).ok === false ? slackWord(e.data.error, /^[a-z][a-z0-9_]{0,59}$/) : null;
      if (!code) return new NotTheService('SLACK');
      if (AUTH_ERRORS.has(code))
        return new IntegrationError(
          'AUTH',
          `Slack rejected the bot token${on} (${code}): it is wrong or revoked, or the app was uninstalled or its account deactivated.`,
        );
      if (code === 'missing_scope')
        return new IntegrationError(
          'ACCESS',
          `The Slack bot token lacks the ${slackWord(e.data?.needed, /^[a-z][\w:.,]{0,200}$/) ?? 'needed'} scope${on}: add it to the Slack app and reinstall it.`,
        );
      if (code === 'ratelimited') return new IntegrationError('RATE_LIMITED', `Slack asked us to slow down${on}.`, new Date(now + 60_000));
      return new IntegrationError('BAD_PAYLOAD', `Slack answered ${code}${on}.`);
    }
    case ErrorCode.HTTPError:
      if (foreignErrorAnswer(e.statusCode ?? 500, e.headers?.['content-type'])) return new NotTheService('SLACK');
      return classifyHttpFailure('SLACK', e.statusCode ?? 500, e.headers, now, what);
    case ErrorCode.RequestError:
      return unreachable('SLACK');
    default:
      return unreachable('SLACK');
  }
}
