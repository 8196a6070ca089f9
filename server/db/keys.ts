import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** `secretsKey` encrypts stored third-party credentials (server/lib/secret-box.ts); losing it means reconnecting the integrations, nothing else. */
export type Keys = { jwtSecret: Buffer; mediaSecret: Buffer; csrfSecret: Buffer; secretsKey: Buffer };

/** Reads a 32-byte key from the data directory, creating it (mode 0600) on first start. */
function readOrCreateKey(dataDir: string, name: string): Buffer {
  const file = path.join(dataDir, 'keys', name);
  try {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length >= 32) return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = crypto.randomBytes(32);
  fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  return key;
}

export function loadKeys(dataDir: string): Keys {
  return {
    jwtSecret: readOrCreateKey(dataDir, 'jwt.key'),
    mediaSecret: readOrCreateKey(dataDir, 'media.key'),
    csrfSecret: readOrCreateKey(dataDir, 'csrf.key'),
    secretsKey: readOrCreateKey(dataDir, 'secrets.key'),
  };
}
