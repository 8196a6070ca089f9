import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { IMAGE_QUALITIES, IMAGE_QUALITY_DEFAULT, IMAGE_WIDTHS, PROFILE_PICTURE_MAX_BYTES, TEXT_FIELD_MAX } from '../../../shared/limits.js';
import { verifyMediaPolicy, type SignedCookies } from '../../lib/media-signing.js';
import { RateLimiter } from '../../lib/rate-limiter.js';
import { newId } from '../../lib/tokens.js';
import { bearerToken, viewerFromAccessToken } from '../auth/viewer.js';
import { findMediaById, insertMedia, mediaPath } from './media.repo.js';
import { ImageRejectedError, isMediaId, MediaStore, normaliseUpload, STORED_MIME, type OutputFormat } from './media.service.js';

const MAX_MB = Math.round(PROFILE_PICTURE_MAX_BYTES / (1024 * 1024));
const UPLOADS_PER_MINUTE = 30;

type ErrorBody = { error: string; message: string };
const send = (reply: FastifyReply, status: number, error: string, message: string) => reply.code(status).send({ error, message } satisfies ErrorBody);

/** Multipart limit errors from @fastify/multipart, by code, as answers a person can act on. */
const MULTIPART_LIMITS: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: `The picture is too large: at most ${MAX_MB} MB.`,
  FST_FILES_LIMIT: 'Send one picture at a time.',
  FST_FIELDS_LIMIT: 'Too many form fields.',
  FST_PARTS_LIMIT: 'Too many form fields.',
};

/** Text for display: no control or format characters (bidi overrides), no directories, trimmed. */
function cleanText(value: string): string {
  return value.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
}

function nameFromFilename(filename: string | undefined): string | null {
  const base = cleanText((filename ?? '').split(/[/\\]/).pop() ?? '');
  return base ? base.slice(0, TEXT_FIELD_MAX) : null;
}

const single = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * `w` must be one of the served image widths, IMAGE_WIDTHS (absent: original size), and `q` one of
 * IMAGE_QUALITIES (absent: 75); anything else is refused, so a picture has at most widths x qualities x formats
 * variants on disk (docs/decisions/0045).
 */
function parseVariantQuery(query: Record<string, unknown>): { width: number | null; quality: number } | string {
  let width: number | null = null;
  if (query.w !== undefined) {
    const w = single(query.w);
    width = w && /^\d{1,5}$/.test(w) ? Number(w) : NaN;
    if (!IMAGE_WIDTHS.includes(width)) return `w must be one of ${IMAGE_WIDTHS.join(', ')}.`;
  }
  let quality = IMAGE_QUALITY_DEFAULT;
  if (query.q !== undefined) {
    const q = single(query.q);
    quality = q && /^\d{1,3}$/.test(q) ? Number(q) : NaN;
    if (!IMAGE_QUALITIES.includes(quality)) return `q must be ${IMAGE_QUALITIES.join(' or ')}.`;
  }
  return { width, quality };
}

/** The CloudFront-style signature triple, from query parameters or from cookies. */
function signatureSources(request: FastifyRequest): Array<Partial<SignedCookies>> {
  const query = request.query as Record<string, unknown>;
  const cookies = request.cookies ?? {};
  return [
    { policy: single(query.Policy), signature: single(query.Signature), key_pair_id: single(query['Key-Pair-Id']) },
    { policy: cookies['CloudFront-Policy'], signature: cookies['CloudFront-Signature'], key_pair_id: cookies['CloudFront-Key-Pair-Id'] },
  ];
}

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const { config, db, keys, log } = app.services;
  const store = new MediaStore(config.dataDir);
  const uploadLimiter = new RateLimiter(UPLOADS_PER_MINUTE, 60_000);

  // Scoped to this plugin: only POST /api/media accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 4 * 1024, fieldNameSize: 100, headerPairs: 100 },
  });

  /**
   * Upload one picture: multipart/form-data with a `file` part and an optional `display_name`.
   * Authenticated by the Bearer access token only (never by the session cookie), so a
   * cross-site form cannot make a browser send it: no CSRF token is needed.
   */
  app.post('/api/media', { config: { rule: 'SIGNED_IN' } }, async (request, reply) => {
    const viewer = viewerFromAccessToken(app, bearerToken(request.headers.authorization));
    if (!viewer) return send(reply, 401, 'UNAUTHENTICATED', 'Sign in to continue.');
    if (!uploadLimiter.take(viewer.userId)) return send(reply, 429, 'RATE_LIMITED', 'Too many uploads. Try again in a minute.');
    if (!request.isMultipart()) return send(reply, 415, 'BAD_USER_INPUT', 'Send the picture as multipart/form-data.');

    let upload: { data: Buffer; filename: string } | null = null;
    let displayName: string | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (part.fieldname === 'file') upload = { data, filename: part.filename };
        } else if (part.fieldname === 'display_name') {
          displayName = single(part.value);
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      const limit = MULTIPART_LIMITS[code];
      if (limit) return send(reply, 413, code === 'FST_REQ_FILE_TOO_LARGE' ? 'PAYLOAD_TOO_LARGE' : 'BAD_USER_INPUT', limit);
      request.log.info({ err: error }, 'malformed media upload');
      return send(reply, 400, 'BAD_USER_INPUT', 'The upload could not be read. Try again.');
    }
    if (!upload || upload.data.length === 0) return send(reply, 400, 'BAD_USER_INPUT', 'Choose a picture to upload (form field "file").');
    let name = nameFromFilename(upload.filename);
    if (displayName !== undefined) {
      const cleaned = cleanText(displayName);
      if (cleaned.length > TEXT_FIELD_MAX) return send(reply, 400, 'BAD_USER_INPUT', `display_name: at most ${TEXT_FIELD_MAX} characters.`);
      if (cleaned) name = cleaned;
    }

    let image;
    try {
      image = await normaliseUpload(upload.data);
    } catch (error) {
      if (error instanceof ImageRejectedError) return send(reply, 400, 'BAD_USER_INPUT', error.message);
      throw error;
    }

    const id = newId();
    const key = await store.saveOriginal(viewer.organizationId, id, image.data);
    let row;
    try {
      row = insertMedia(db, {
        id,
        organization_id: viewer.organizationId,
        owner_id: viewer.userId,
        display_name: name,
        key,
        mime: STORED_MIME,
        size: image.data.length,
        width: image.width,
        height: image.height,
      });
    } catch (error) {
      await store.remove(viewer.organizationId, id).catch(() => undefined);
      throw error;
    }
    log.info({ mediaId: id, userId: viewer.userId, bytes: row.size, format: image.format }, 'media uploaded');
    return reply.code(201).send({ id: row.id, display_name: row.display_name, key: row.key, url: mediaPath(row) });
  });

  /**
   * Signed, resized serving. The signature (query Policy/Signature/Key-Pair-Id, or the
   * CloudFront-* cookies) must cover `/api/media/<orgId>/`; it is checked before anything
   * else so an unsigned caller learns nothing about which media exist.
   */
  app.get<{ Params: { orgId: string; mediaId: string } }>('/api/media/:orgId/:mediaId', { config: { rule: 'SIGNED_LINK' } }, async (request, reply) => {
    const { orgId, mediaId } = request.params;
    // Only UUIDs name files, so no traversal; the signed path is rebuilt from them.
    if (!isMediaId(orgId) || !isMediaId(mediaId)) return send(reply, 404, 'NOT_FOUND', 'Image not found.');
    const signedPath = `/api/media/${orgId}/${mediaId}`;
    if (!signatureSources(request).some((s) => verifyMediaPolicy(keys.mediaSecret, s, signedPath))) {
      return send(reply, 403, 'FORBIDDEN', 'This image link is invalid or has expired.');
    }
    const parsed = parseVariantQuery(request.query as Record<string, unknown>);
    if (typeof parsed === 'string') return send(reply, 400, 'BAD_USER_INPUT', parsed);

    const row = findMediaById(db, orgId, mediaId);
    if (!row) return send(reply, 404, 'NOT_FOUND', 'Image not found.');
    const format: OutputFormat = /\bimage\/webp\b/i.test(request.headers.accept ?? '') ? 'webp' : 'jpeg';
    // Never upscaled: a width at or above the original's is the original size (one file for all of them).
    const width = parsed.width !== null && parsed.width >= row.width ? null : parsed.width;
    const variant = await store.variant(row.organization_id, row.id, { ...parsed, width, format });
    if (!variant) {
      log.warn({ mediaId: row.id }, 'media file missing');
      return send(reply, 404, 'NOT_FOUND', 'Image not found.');
    }

    void reply
      .header('Cache-Control', 'private, max-age=3600')
      .header('ETag', variant.etag)
      .header('Vary', 'Accept')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', 'inline')
      .header('Content-Security-Policy', "default-src 'none'; sandbox");
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === variant.etag)) return reply.code(304).send();
    return reply.type(variant.mime).send(variant.data);
  });
}
