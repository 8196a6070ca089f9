import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type Sharp from 'sharp';
import type { FormatEnum, SharpOptions } from 'sharp';

/**
 * Image processing and on-disk storage for media (profile pictures).
 *
 * Uploads are decoded by content (magic bytes, then libvips), never by file name or
 * declared type, and re-encoded: whatever reaches the disk is a WebP we produced,
 * auto-rotated by EXIF and without any metadata. Variants (width x quality x format)
 * are rendered on first request and cached next to the original.
 */

/** Decoding refuses images whose header announces more pixels than this (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The stored original is capped at this many pixels on its longest side. */
export const ORIGINAL_MAX_EDGE = 2048;
export const ORIGINAL_QUALITY = 90;
export const STORED_MIME = 'image/webp';

export type InputFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';
export type OutputFormat = 'webp' | 'jpeg';

const OUTPUT_MIME: Record<OutputFormat, string> = { webp: 'image/webp', jpeg: 'image/jpeg' };
const OUTPUT_EXT: Record<OutputFormat, string> = { webp: 'webp', jpeg: 'jpg' };

/**
 * sharp (libvips, a native library) is loaded with the first image rather than when the server
 * starts: most starts never see one (docs/decisions/0062, warm start).
 */
let loading: Promise<typeof Sharp> | null = null;
const loadSharp = (): Promise<typeof Sharp> => (loading ??= import('sharp').then((m) => m.default));

/** AVIF decoding depends on the libvips build; the prebuilt sharp binaries include it. */
const decodesAvif = (sharp: typeof Sharp): boolean => sharp.format.heif?.input?.buffer === true;
export const avifSupported = async (): Promise<boolean> => decodesAvif(await loadSharp());

/** Ids are crypto.randomUUID(); anything else can never name a stored file. */
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isMediaId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);

/** A file that is not an acceptable image; the message is safe to show. */
export class ImageRejectedError extends Error {}

const acceptedList = (avif: boolean) => `JPEG, PNG, WebP, GIF${avif ? ' or AVIF' : ''}`;

/** libvips options for untrusted input: first frame only, pixel cap, fail on truncated/corrupt data. */
const DECODE_OPTIONS: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1, autoOrient: true };

function avifBrand(buf: Buffer): boolean {
  if (buf.length < 16 || buf.toString('latin1', 4, 8) !== 'ftyp') return false;
  const boxSize = Math.min(buf.readUInt32BE(0), buf.length, 256);
  const brands = [buf.toString('latin1', 8, 12)];
  for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(buf.toString('latin1', i, i + 4));
  return brands.includes('avif') || brands.includes('avis');
}

/** The format announced by the file's first bytes, or null; only these loaders ever see uploads. */
export function sniffImageFormat(buf: Buffer, avif: boolean): InputFormat | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 6 && ['GIF87a', 'GIF89a'].includes(buf.toString('latin1', 0, 6))) return 'gif';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (avif && avifBrand(buf)) return 'avif';
  return null;
}

function rejection(error: unknown): ImageRejectedError {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return new ImageRejectedError(`The image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`);
  return new ImageRejectedError('The file is not a valid image: it may be damaged or incomplete.');
}

export type ProcessedImage = { data: Buffer; width: number; height: number; format: InputFormat };

/**
 * Checks that `input` is a JPEG, PNG, WebP, GIF (first frame) or AVIF image and returns
 * it normalised: rotated upright, metadata stripped (sharp keeps none unless asked),
 * at most ORIGINAL_MAX_EDGE px on its longest side, as WebP.
 */
export async function normaliseUpload(input: Buffer): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const avif = decodesAvif(sharp);
  const accepted = acceptedList(avif);
  const sniffed = sniffImageFormat(input, avif);
  if (!sniffed) throw new ImageRejectedError(`Upload a ${accepted} image.`);
  let decoded: keyof FormatEnum;
  try {
    const meta = await sharp(input, DECODE_OPTIONS).metadata();
    if (sniffed === 'avif' && meta.compression !== 'av1') throw new ImageRejectedError(`Upload a ${accepted} image.`);
    decoded = meta.format;
  } catch (error) {
    throw error instanceof ImageRejectedError ? error : rejection(error);
  }
  // The loader libvips picked must agree with the magic bytes (e.g. never SVG or TIFF).
  if (decoded !== sniffed && !(sniffed === 'avif' && decoded === 'heif')) throw new ImageRejectedError(`Upload a ${accepted} image.`);
  try {
    const { data, info } = await sharp(input, DECODE_OPTIONS)
      .resize({ width: ORIGINAL_MAX_EDGE, height: ORIGINAL_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: ORIGINAL_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, format: sniffed };
  } catch (error) {
    throw rejection(error);
  }
}

/** Writes through a uniquely named temporary file and renames it, so readers never see a partial file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  // Folders owner-only like the rest of the data directory (docs/decisions/0044); files 0600 below.
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${crypto.randomBytes(8).toString('hex')}.tmp`;
  try {
    await fs.writeFile(tmp, data, { flag: 'wx', mode: 0o600 });
    await fs.rename(tmp, file);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
}

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export type VariantRequest = { width: number | null; quality: number; format: OutputFormat };
export type Variant = { data: Buffer; mime: string; etag: string };

/** Files under `<dataDir>/media/<orgId>/`: `<mediaId>.webp` and its variants `<mediaId>.<w|full>.<q>.<ext>`. */
export class MediaStore {
  private readonly rendering = new Map<string, Promise<Buffer | null>>();

  constructor(private readonly dataDir: string) {}

  /** The storage key (relative to the data directory) of an original. */
  static keyFor(orgId: string, mediaId: string): string {
    if (!isMediaId(orgId) || !isMediaId(mediaId)) throw new Error('media ids must be UUIDs');
    return `media/${orgId}/${mediaId}.webp`;
  }

  private originalFile(orgId: string, mediaId: string): string {
    return path.join(this.dataDir, MediaStore.keyFor(orgId, mediaId));
  }

  async saveOriginal(orgId: string, mediaId: string, data: Buffer): Promise<string> {
    await writeAtomically(this.originalFile(orgId, mediaId), data);
    return MediaStore.keyFor(orgId, mediaId);
  }

  /** Removes an original and every cached variant of it. */
  async remove(orgId: string, mediaId: string): Promise<void> {
    const dir = path.dirname(this.originalFile(orgId, mediaId));
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch {
      return;
    }
    await Promise.all(names.filter((n) => n.startsWith(`${mediaId}.`)).map((n) => fs.rm(path.join(dir, n), { force: true })));
  }

  /**
   * The variant, rendered from the original on first use and cached on disk. Concurrent
   * requests in this process share one rendering; across processes each writes its own
   * temporary file and the renames replace the variant with identical content.
   * Null when the original file is missing.
   */
  async variant(orgId: string, mediaId: string, request: VariantRequest): Promise<Variant | null> {
    const original = this.originalFile(orgId, mediaId);
    const name = `${mediaId}.${request.width ?? 'full'}.${request.quality}.${OUTPUT_EXT[request.format]}`;
    const file = path.join(path.dirname(original), name);
    let data = await readIfExists(file);
    if (!data) {
      let pending = this.rendering.get(file);
      if (!pending) {
        pending = this.render(original, file, request).finally(() => this.rendering.delete(file));
        this.rendering.set(file, pending);
      }
      data = await pending;
    }
    if (!data) return null;
    const etag = `"${crypto.createHash('sha256').update(data).digest('base64url').slice(0, 32)}"`;
    return { data, mime: OUTPUT_MIME[request.format], etag };
  }

  private async render(original: string, file: string, request: VariantRequest): Promise<Buffer | null> {
    const source = await readIfExists(original);
    if (!source) return null;
    const sharp = await loadSharp();
    let pipeline = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    if (request.width !== null) pipeline = pipeline.resize({ width: request.width, withoutEnlargement: true });
    pipeline =
      request.format === 'webp'
        ? pipeline.webp({ quality: request.quality })
        : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: request.quality, mozjpeg: true });
    const data = await pipeline.toBuffer();
    await writeAtomically(file, data);
    return data;
  }
}
