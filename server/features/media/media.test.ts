import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { BASE, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { signMediaPolicy, type SignedCookies } from '../../lib/media-signing.js';
import { mediaResourcePrefix } from '../auth/session-payload.js';
import { avifSupported } from './media.service.js';
import { IMAGE_WIDTHS } from '../../../shared/limits.js';

type Part = { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };
type Uploaded = { id: string; display_name: string | null; key: string; url: string };

/** A multipart/form-data body built by hand, as a browser would send it. */
function multipartBody(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----teamlens${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`),
        part.data,
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Noise, so that encoder quality visibly changes the output size. */
const noisyImage = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 20 } } });
const solidImage = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } });

/** A PNG whose header announces 20000x20000 pixels with almost no data: a decompression bomb. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(4096))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let app: FastifyInstance;
let dataDir: string;
let acme: Awaited<ReturnType<typeof seedOrg>>;
let globex: Awaited<ReturnType<typeof seedOrg>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;
let cf: SignedCookies;
let otherCf: SignedCookies;
let picture: Uploaded;
let otherPicture: Uploaded;

function upload(token: string | null, parts: Part[]): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: '/api/media',
    payload,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

const filePart = (data: Buffer, filename = 'photo.png', contentType = 'image/png'): Part => ({ name: 'file', filename, contentType, data });

function signedUrl(url: string, signed: Partial<SignedCookies>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (signed.policy !== undefined) params.set('Policy', signed.policy);
  if (signed.signature !== undefined) params.set('Signature', signed.signature);
  if (signed.key_pair_id !== undefined) params.set('Key-Pair-Id', signed.key_pair_id);
  return `${url}?${params}`;
}

function get(url: string, headers: Record<string, string> = { accept: 'image/avif,image/webp,*/*' }): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers });
}

beforeAll(async () => {
  app = await createTestApp();
  dataDir = app.services.config.dataDir;
  acme = await seedOrg(app, 'Acme');
  globex = await seedOrg(app, 'Globex');
  admin = await signedIn(app, acme.admin.email);
  other = await signedIn(app, globex.admin.email);
  cf = (await admin.browser.session()).cf_cookies as SignedCookies;
  otherCf = (await other.browser.session()).cf_cookies as SignedCookies;

  const png = await noisyImage(1200, 800).png().toBuffer();
  const res = await upload(admin.token, [{ name: 'display_name', value: 'Me at the lake' }, filePart(png)]);
  expect(res.statusCode, res.body).toBe(201);
  picture = res.json();
  const res2 = await upload(other.token, [filePart(await solidImage(300, 200).png().toBuffer())]);
  expect(res2.statusCode, res2.body).toBe(201);
  otherPicture = res2.json();
});

afterAll(async () => {
  await app.close();
});

describe('upload', () => {
  it('stores a PNG as a WebP original and answers 201 with id, display_name, key and url', async () => {
    expect(picture).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      display_name: 'Me at the lake',
      key: `media/${acme.org.id}/${picture.id}.webp`,
      url: `/api/media/${acme.org.id}/${picture.id}`,
    });
    const file = path.join(dataDir, 'media', acme.org.id, `${picture.id}.webp`);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    expect(fs.readdirSync(path.dirname(file)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('records owner, organization, size and dimensions in the media row', async () => {
    const { findMediaById } = await import('./media.repo.js');
    const row = findMediaById(app.services.db, acme.org.id, picture.id)!;
    expect(row).toMatchObject({ owner_id: acme.admin.id, organization_id: acme.org.id, mime: 'image/webp', width: 1200, height: 800 });
    expect(row.size).toBe(fs.statSync(path.join(dataDir, row.key)).size);
    expect(findMediaById(app.services.db, globex.org.id, picture.id)).toBeUndefined();
  });

  it('names the picture after the file when no display_name is sent', async () => {
    expect(otherPicture.display_name).toBe('photo.png');
  });

  it('auto-rotates by EXIF and strips EXIF and GPS metadata', async () => {
    const jpeg = await solidImage(600, 400)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'SpyCam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 0/1' },
      })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('SpyCam');

    const res = await upload(admin.token, [filePart(jpeg, 'IMG_0001.JPG', 'image/jpeg')]);
    expect(res.statusCode, res.body).toBe(201);
    const stored = await sharp(path.join(dataDir, (res.json() as Uploaded).key)).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect([stored.width, stored.height]).toEqual([400, 600]);
  });

  it('caps the stored original at 2048 px on its longest side', async () => {
    const res = await upload(admin.token, [filePart(await solidImage(3000, 1500).png().toBuffer())]);
    expect(res.statusCode, res.body).toBe(201);
    const stored = await sharp(path.join(dataDir, (res.json() as Uploaded).key)).metadata();
    expect([stored.width, stored.height]).toEqual([2048, 1024]);
  });

  it('accepts WebP, GIF (first frame) and AVIF', async () => {
    const webp = await upload(admin.token, [filePart(await solidImage(64, 64).webp().toBuffer(), 'a.webp', 'image/webp')]);
    expect(webp.statusCode, webp.body).toBe(201);
    const gif = await upload(admin.token, [filePart(await solidImage(64, 64).gif().toBuffer(), 'a.gif', 'image/gif')]);
    expect(gif.statusCode, gif.body).toBe(201);
    if (await avifSupported()) {
      const avif = await upload(admin.token, [filePart(await solidImage(64, 64).avif().toBuffer(), 'a.avif', 'image/avif')]);
      expect(avif.statusCode, avif.body).toBe(201);
    }
  });

  it('rejects what is not an image, whatever its name or declared type', async () => {
    const png = await solidImage(200, 200).png().toBuffer();
    const cases: Array<[string, Buffer, string]> = [
      ['text renamed .png', Buffer.from('just some text, not a picture\n'), 'notes.png'],
      ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'logo.png'],
      ['truncated PNG', png.subarray(0, Math.floor(png.length / 2)), 'half.png'],
      ['PNG signature only', png.subarray(0, 8), 'sig.png'],
      ['TIFF', await solidImage(20, 20).tiff().toBuffer(), 'scan.png'],
    ];
    for (const [label, data, filename] of cases) {
      const res = await upload(admin.token, [filePart(data, filename, 'image/png')]);
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toEqual({ error: 'BAD_USER_INPUT', message: expect.any(String) });
    }
  });

  it('rejects a decompression bomb by its announced pixel count', async () => {
    const res = await upload(admin.token, [filePart(pngBomb())]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'BAD_USER_INPUT', message: expect.stringMatching(/megapixels/) });
  });

  it('answers 413 with a clear message over 5 MB', async () => {
    const big = Buffer.concat([await solidImage(10, 10).png().toBuffer(), crypto.randomBytes(6 * 1024 * 1024)]);
    const res = await upload(admin.token, [filePart(big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/at most 5 MB/) });
  });

  it('answers 413 for a second file', async () => {
    const png = await solidImage(10, 10).png().toBuffer();
    const res = await upload(admin.token, [filePart(png), { name: 'other', filename: 'b.png', contentType: 'image/png', data: png }]);
    expect(res.statusCode).toBe(413);
  });

  it('answers 400 without a file part and 415 for a non-multipart body', async () => {
    expect((await upload(admin.token, [{ name: 'display_name', value: 'x' }])).statusCode).toBe(400);
    const json = await app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(415);
  });

  it('needs a valid Bearer access token (the session cookie alone is not enough)', async () => {
    const png = await solidImage(10, 10).png().toBuffer();
    const none = await upload(null, [filePart(png)]);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'UNAUTHENTICATED', message: expect.any(String) });
    expect((await upload('not-a-token', [filePart(png)])).statusCode).toBe(401);
    const { payload, contentType } = multipartBody([filePart(png)]);
    const cookieOnly = await app.inject({
      method: 'POST',
      url: '/api/media',
      payload,
      headers: { 'content-type': contentType, cookie: admin.browser.cookieHeader() },
    });
    expect(cookieOnly.statusCode).toBe(401);
  });

  it('rate-limits uploads per user', async () => {
    const member = await signedIn(app, acme.member.email);
    const png = await solidImage(4, 4).png().toBuffer();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await upload(member.token, [filePart(png)])).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('serving', () => {
  it('serves a signed 256 px WebP with the right headers, cached on disk', async () => {
    const res = await get(signedUrl(picture.url, cf, { w: '256' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 171 });
    const cached = path.join(dataDir, 'media', acme.org.id, `${picture.id}.256.75.webp`);
    expect(fs.readFileSync(cached).equals(res.rawPayload)).toBe(true);

    const again = await get(signedUrl(picture.url, cf, { w: '256' }));
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(res.headers.etag);
    const notModified = await get(signedUrl(picture.url, cf, { w: '256' }), { accept: 'image/webp', 'if-none-match': String(res.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
  });

  it('uses quality 75, the only one served', async () => {
    const byDefault = await get(signedUrl(picture.url, cf, { w: '640' }));
    const explicit = await get(signedUrl(picture.url, cf, { w: '640', q: '75' }));
    expect([byDefault.statusCode, explicit.statusCode]).toEqual([200, 200]);
    expect(byDefault.rawPayload.equals(explicit.rawPayload)).toBe(true);
    const low = await get(signedUrl(picture.url, cf, { w: '640', q: '30' }));
    expect(low.statusCode).toBe(400);
    expect(low.json()).toEqual({ error: 'BAD_USER_INPUT', message: 'q must be 75.' });
  });

  it('keeps a bounded set of variants on disk whatever sizes and qualities are asked for', async () => {
    const dir = path.join(dataDir, 'media', acme.org.id);
    const variantsOnDisk = () =>
      fs
        .readdirSync(dir)
        .filter((n) => n.startsWith(`${picture.id}.`) && n !== `${picture.id}.webp`)
        .sort();
    const before = variantsOnDisk();
    const refused: Array<Record<string, string>> = [{ w: '1234' }, { w: '641' }, { w: '256', q: '74' }, { w: '256', q: '100' }, { q: '1' }];
    for (const extra of refused) {
      const res = await get(signedUrl(picture.url, cf, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect(variantsOnDisk()).toEqual(before);
    // Widths at or above the original's (1200 px) are all the original size: one file, not four.
    for (const w of ['1200', '1920', '2048', '3840']) expect((await get(signedUrl(picture.url, cf, { w }))).statusCode).toBe(200);
    const full = await get(signedUrl(picture.url, cf));
    expect((await sharp(full.rawPayload).metadata()).width).toBe(1200);
    const added = variantsOnDisk().filter((n) => !before.includes(n));
    expect(added.filter((n) => /\.(1200|1920|2048|3840)\./.test(n))).toEqual([]);
    // Every file is one of the allowed variants: a listed width below the original, or full; quality 75.
    const allowed = new Set(
      ['full', ...IMAGE_WIDTHS.filter((w) => w < 1200).map(String)].flatMap((w) => ['webp', 'jpg'].map((ext) => `${picture.id}.${w}.75.${ext}`)),
    );
    for (const name of variantsOnDisk()) expect(allowed.has(name), name).toBe(true);
  });

  it('serves the original size without w and never upscales', async () => {
    const full = await get(signedUrl(picture.url, cf));
    expect(full.statusCode).toBe(200);
    expect((await sharp(full.rawPayload).metadata()).width).toBe(1200);
    const huge = await get(signedUrl(picture.url, cf, { w: '3840' }));
    expect(huge.statusCode).toBe(200);
    expect((await sharp(huge.rawPayload).metadata()).width).toBe(1200);
  });

  it('falls back to JPEG when the client does not accept WebP', async () => {
    const res = await get(signedUrl(picture.url, cf, { w: '128' }), { accept: 'image/png,image/*;q=0.8' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers.vary).toContain('Accept');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 128 });
  });

  it('accepts the signature as CloudFront cookies', async () => {
    const cookie = `CloudFront-Policy=${cf.policy}; CloudFront-Signature=${cf.signature}; CloudFront-Key-Pair-Id=${cf.key_pair_id}`;
    const res = await get(`${picture.url}?w=64`, { accept: 'image/webp', cookie });
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(64);
  });

  it('renders a variant once under concurrent requests', async () => {
    const url = signedUrl(picture.url, cf, { w: '384', q: '75' });
    const responses = await Promise.all(Array.from({ length: 8 }, () => get(url)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    for (const r of responses) expect(r.rawPayload.equals(responses[0]!.rawPayload)).toBe(true);
    const dir = path.join(dataDir, 'media', acme.org.id);
    expect(fs.readdirSync(dir).filter((n) => n.startsWith(`${picture.id}.384.75.`))).toEqual([`${picture.id}.384.75.webp`]);
    expect((await sharp(path.join(dir, `${picture.id}.384.75.webp`)).metadata()).width).toBe(384);
  });

  it('answers 400 for widths that are not served and bad qualities', async () => {
    const cases: Array<Record<string, string>> = [
      { w: '100' },
      { w: '' },
      { w: '256.0' },
      { w: '-16' },
      { q: '0' },
      { q: '101' },
      { q: 'high' },
      { q: '7.5' },
      { q: '60' },
    ];
    for (const extra of cases) {
      const res = await get(signedUrl(picture.url, cf, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect((res.json() as { error: string }).error).toBe('BAD_USER_INPUT');
    }
  });

  it('answers 403 without a signature, with a tampered one, or an expired policy', async () => {
    const missing = await get(`${picture.url}?w=256`);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ error: 'FORBIDDEN', message: expect.any(String) });

    const flipped = cf.signature.slice(0, -1) + (cf.signature.endsWith('0') ? '1' : '0');
    expect((await get(signedUrl(picture.url, { ...cf, signature: flipped }, { w: '256' }))).statusCode).toBe(403);
    expect((await get(signedUrl(picture.url, { ...cf, key_pair_id: 'other-key' }, { w: '256' }))).statusCode).toBe(403);
    const widened = Buffer.from(JSON.stringify({ resource: '/api/media/', expires: 4_000_000_000 })).toString('base64url');
    expect((await get(signedUrl(picture.url, { ...cf, policy: widened }, { w: '256' }))).statusCode).toBe(403);

    const expired = signMediaPolicy(app.services.keys.mediaSecret, { resource: mediaResourcePrefix(acme.org.id), expires: Math.floor(Date.now() / 1000) - 60 });
    expect((await get(signedUrl(picture.url, expired, { w: '256' }))).statusCode).toBe(403);
  });

  it("never serves another organization's media", async () => {
    // Globex's signature on Acme's picture: 403.
    expect((await get(signedUrl(picture.url, otherCf, { w: '256' }))).statusCode).toBe(403);
    // Globex's picture under Acme's prefix with Acme's signature: 404.
    const crossed = await get(signedUrl(`/api/media/${acme.org.id}/${otherPicture.id}`, cf, { w: '256' }));
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
    // And Globex can read its own.
    expect((await get(signedUrl(otherPicture.url, otherCf, { w: '256' }))).statusCode).toBe(200);
  });

  it('answers 404 for unknown ids and ids that are not UUIDs', async () => {
    expect((await get(signedUrl(`/api/media/${acme.org.id}/${crypto.randomUUID()}`, cf))).statusCode).toBe(404);
    expect((await get(signedUrl(`/api/media/${acme.org.id}/..%2F..%2Fteamlens.db`, cf))).statusCode).toBe(404);
    expect((await get(signedUrl(`/api/media/${acme.org.id}/${picture.id}.webp`, cf))).statusCode).toBe(404);
  });
});

describe('profile picture', () => {
  it('links an upload with updateMe and exposes it through GraphQL and the session', async () => {
    const res = await admin.gql('mutation($id: ID) { updateMe(input: { profile_picture_id: $id }) { user { id } } }', { id: picture.id });
    expect(res.errors).toBeUndefined();
    const me = await admin.gql('{ findOneUser { profile_picture { id url } } }');
    expect(me.data?.findOneUser.profile_picture).toEqual({ id: picture.id, url: picture.url });

    const session = await admin.browser.session();
    const image = (session.user as { image: string }).image;
    expect(image).toBe(`${BASE}${picture.url}`);
    const served = await get(signedUrl(new URL(image).pathname, session.cf_cookies as SignedCookies, { w: '96' }));
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(96);
  });

  it("refuses another organization's media as a profile picture", async () => {
    const res = await admin.gql('mutation($id: ID) { updateMe(input: { profile_picture_id: $id }) { user { id } } }', { id: otherPicture.id });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
