import { hmac, safeEqual } from './tokens.js';

export const MEDIA_KEY_PAIR_ID = 'teamlens-media-1';

export type MediaPolicy = { resource: string; expires: number };
export type SignedCookies = { key_pair_id: string; policy: string; signature: string };

/** Signs a policy granting read access to every media file under `resource` until `expires` (epoch s). */
export function signMediaPolicy(secret: Buffer, policy: MediaPolicy): SignedCookies {
  const encoded = Buffer.from(JSON.stringify(policy)).toString('base64url');
  return { key_pair_id: MEDIA_KEY_PAIR_ID, policy: encoded, signature: hmac(secret, encoded) };
}

/** Checks signature, key id, expiry and that `path` falls under the policy's resource prefix. */
export function verifyMediaPolicy(secret: Buffer, signed: Partial<SignedCookies>, path: string, nowSeconds = Date.now() / 1000): boolean {
  if (!signed.policy || !signed.signature || signed.key_pair_id !== MEDIA_KEY_PAIR_ID) return false;
  if (!safeEqual(hmac(secret, signed.policy), signed.signature)) return false;
  let policy: MediaPolicy;
  try {
    policy = JSON.parse(Buffer.from(signed.policy, 'base64url').toString('utf8')) as MediaPolicy;
  } catch {
    return false;
  }
  if (typeof policy.expires !== 'number' || policy.expires < nowSeconds) return false;
  if (typeof policy.resource !== 'string' || !policy.resource.endsWith('/')) return false;
  return path.startsWith(policy.resource);
}
