import zlib from 'node:zlib';
import type { ReadSet, TableVersions } from '../db/table-versions.js';

export type Encoding = 'br' | 'gzip' | 'identity';
export type Encoded = { bytes: Buffer; encoding: Encoding };
type Entry = { stored: boolean; read: ReadSet; storedAt: number; body: string; encoded: Partial<Record<Encoding, Encoded>> };

export const COMPRESS_ABOVE = 1024;
/** Above this, the fastest levels: on a 1.5 MB list brotli 1 takes a third of brotli 4's time for 11% more bytes. */
const LARGE = 256 * 1024;

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
  const large = raw.length > LARGE;
  if (encoding === 'br')
    return {
      bytes: zlib.brotliCompressSync(raw, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: large ? 1 : 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      }),
      encoding,
    };
  return { bytes: zlib.gzipSync(raw, { level: large ? 1 : 6 }), encoding };
}

/**
 * Whole-response cache for GraphQL queries, keyed by viewer and request (docs/decisions/0039).
 * An entry remembers which tables its execution read (TableVersions.track) and is valid while
 * none of them has been written since the execution started, whoever wrote (any code path, a
 * cascade, another process), and for at most `maxAgeMs`, which bounds answers that depend on the
 * clock (late, expired). Each entry keeps its encoded bytes per content encoding, computed once.
 * Bounded by total size (LRU).
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Answers served from the cache, and lookups that found nothing valid (bench/mixed.bench.ts reads them). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly versions: TableVersions,
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly maxAgeMs = 60_000,
  ) {}

  /** The cached answer in `encoding`, or undefined when there is none or it is stale. */
  get(key: string, encoding: Encoding): Encoded | undefined {
    const entry = this.lookup(key);
    return entry && this.encodedOf(entry, encoding);
  }

  /** The cached answer as JSON text (one part of a batch), or undefined when there is none or it is stale. */
  body(key: string): string | undefined {
    return this.lookup(key)?.body;
  }

  /** Stores an answer computed by a tracked execution (unless a table it read was written meanwhile); encodedOf gives its bytes. */
  store(key: string, read: ReadSet, body: string): Entry {
    const entry: Entry = { stored: false, read, storedAt: Date.now(), body, encoded: {} };
    if (body.length > this.maxBytes / 4 || !this.versions.unchanged(read)) return entry;
    const old = this.entries.get(key);
    if (old) this.delete(key, old);
    this.entries.set(key, entry);
    entry.stored = true;
    this.bytes += sizeOf(entry);
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(k, e);
    }
    return entry;
  }

  private lookup(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry || !this.valid(entry)) {
      if (entry) this.delete(key, entry);
      this.stats.misses++;
      return undefined;
    }
    this.stats.hits++;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private valid(entry: Entry): boolean {
    return Date.now() - entry.storedAt < this.maxAgeMs && this.versions.unchanged(entry.read);
  }

  /** An entry's answer in `encoding`, compressed once per encoding. */
  encodedOf(entry: Entry, encoding: Encoding): Encoded {
    let encoded = entry.encoded[encoding];
    if (!encoded) {
      encoded = encode(entry.body, encoding);
      entry.encoded[encoding] = encoded;
      if (encoding !== 'identity' && entry.stored) this.bytes += encoded.bytes.length;
    }
    return encoded;
  }

  private delete(key: string, entry: Entry): void {
    this.entries.delete(key);
    entry.stored = false;
    this.bytes -= sizeOf(entry);
  }
}

const sizeOf = (entry: Entry) => entry.body.length + (entry.encoded.br?.bytes.length ?? 0) + (entry.encoded.gzip?.bytes.length ?? 0);
