import zlib from 'node:zlib';
import type { Db } from '../db/connection.js';
import { dataVersion } from '../db/prepared.js';

export type Encoding = 'br' | 'gzip' | 'identity';
export type Encoded = { bytes: Buffer; encoding: Encoding };
type Entry = { version: number; body: string; encoded: Partial<Record<Encoding, Encoded>> };

const COMPRESS_ABOVE = 1024;

/** The best encoding a client accepts for a JSON answer (brotli, then gzip). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/** A JSON body in the wanted encoding; bodies under 1 KiB stay as they are. */
export function encode(body: string, encoding: Encoding): Encoded {
  const raw = Buffer.from(body);
  if (encoding === 'identity' || raw.length < COMPRESS_ABOVE) return { bytes: raw, encoding: 'identity' };
  if (encoding === 'br') return { bytes: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }), encoding };
  return { bytes: zlib.gzipSync(raw, { level: 6 }), encoding };
}

/**
 * Whole-response cache for GraphQL queries, keyed by viewer and request. Validity is exact:
 * an entry holds SQLite's `total_changes()` of the one connection every write goes through,
 * and any INSERT, UPDATE or DELETE since then makes it stale. Each entry keeps its encoded
 * bytes per content encoding, computed once. Bounded by total size (LRU).
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly changes: () => number;

  constructor(db: Db, private readonly maxBytes = 64 * 1024 * 1024) {
    this.changes = () => dataVersion(db);
  }

  /** The current data version: read it before executing, store the result under it. */
  version(): number {
    return this.changes();
  }

  /** The cached answer in `encoding`, or undefined when there is none or it is stale. */
  get(key: string, encoding: Encoding): Encoded | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== this.changes()) {
      this.delete(key, entry);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return this.encodedOf(entry, encoding);
  }

  /** Stores an answer computed at `version` and returns its bytes in `encoding`. */
  set(key: string, version: number, body: string, encoding: Encoding): Encoded {
    const entry: Entry = { version, body, encoded: {} };
    const bytes = this.encodedOf(entry, encoding);
    if (body.length > this.maxBytes / 4 || version !== this.changes()) return bytes;
    const old = this.entries.get(key);
    if (old) this.delete(key, old);
    this.entries.set(key, entry);
    this.bytes += body.length;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(k, e);
    }
    return bytes;
  }

  private encodedOf(entry: Entry, encoding: Encoding): Encoded {
    let encoded = entry.encoded[encoding];
    if (!encoded) {
      encoded = encode(entry.body, encoding);
      entry.encoded[encoding] = encoded;
      if (encoding !== 'identity') this.bytes += encoded.bytes.length;
    }
    return encoded;
  }

  private delete(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length + (entry.encoded.br?.bytes.length ?? 0) + (entry.encoded.gzip?.bytes.length ?? 0);
  }
}
