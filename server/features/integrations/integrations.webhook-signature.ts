import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The webhook signature GitHub (`X-Hub-Signature-256`), Bitbucket Cloud and Jira Cloud
 * (`X-Hub-Signature`) send: `sha256=` + the hex HMAC-SHA256 of the raw body with the webhook's
 * secret (the computation of @octokit/webhooks-methods, synchronous here as adapters' `webhook` is).
 */
export function hubSignature(secret: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Whether `given` is the body's signature with `secret`, compared in constant time; no secret or no signature: false. */
export function verifyHubSignature(secret: string | null | undefined, body: Buffer | string, given: string | null | undefined): boolean {
  if (!secret || !given) return false;
  const expected = Buffer.from(hubSignature(secret, body));
  const actual = Buffer.from(given.trim());
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A request header by name, whatever its case; the first of repeated ones. */
export function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const lower = name.toLowerCase();
  const v = headers[name] ?? headers[lower] ?? Object.entries(headers).find(([k]) => k.toLowerCase() === lower)?.[1];
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
}
