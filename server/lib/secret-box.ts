import crypto from 'node:crypto';

/**
 * Credentials of the services an admin connects (tokens, app keys, webhook secrets) are stored
 * sealed: AES-256-GCM with the data directory's `keys/secrets.key` (server/db/keys.ts), a fresh
 * 12-byte nonce per value, and the row's purpose as associated data, so a sealed value copied into
 * another row or column does not open. Format: `v1.<nonce>.<tag>.<ciphertext>` (base64url).
 */
const VERSION = 'v1';

export function sealSecret(key: Buffer, plaintext: string, purpose: string): string {
  const nonce = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key.subarray(0, 32), nonce);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Opens a sealed value; throws when it was sealed with another key or purpose, or was altered. */
export function openSecret(key: Buffer, sealed: string, purpose: string): string {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('Not a sealed secret.');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key.subarray(0, 32), Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(purpose, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** What an admin may see of a secret: its last 4 characters. */
export function secretHint(secret: string): string {
  return secret.length <= 8 ? '••••' : `••••${secret.slice(-4)}`;
}
