import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, not importable with isolatedModules). */
const ARGON2ID = 2;

/** OWASP / ASVS parameters: argon2id, m = 19 MiB, t = 2, p = 1, 16-byte random salt. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;
const MAX_CONCURRENT = 4;

let running = 0;
const waiting: Array<() => void> = [];

/** Caps concurrent hashes so a login flood cannot exhaust memory (19 MiB each). */
async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, OPTIONS));
}

/** A real hash of a random string, verified against for unknown users so timing matches. */
let dummyHash: Promise<string> | null = null;

/** Computes the dummy hash at start, so the first unknown-user sign-in costs what every other does. */
export function warmPasswordHashing(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
}

export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  const target = storedHash ?? (await dummyHash);
  try {
    const ok = await limited(() => verify(target, password));
    return ok && !!storedHash;
  } catch {
    return false;
  }
}

export function hashQueueLength(): number {
  return waiting.length;
}
