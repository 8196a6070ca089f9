// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { imageWidths, signedImageUrl } from './media.js';

const signed = { key_pair_id: 'teamlens-media-1', policy: 'cG9saWN5', signature: 'abc123' };

it('asks for a served width at quality 75 with the session signature', () => {
  const url = new URL(signedImageUrl('/api/media/org-1/m-1', 64, signed), 'http://localhost:3000');
  expect(url.pathname).toBe('/api/media/org-1/m-1');
  expect(Object.fromEntries(url.searchParams)).toEqual({ w: '64', q: '75', Policy: 'cG9saWN5', Signature: 'abc123', 'Key-Pair-Id': 'teamlens-media-1' });
});

it('picks listed widths only: 1x and 2x for a fixed size, every device size otherwise', () => {
  expect(imageWidths(40)).toEqual([48, 96]);
  expect(imageWidths(64)).toEqual([64, 128]);
  expect(imageWidths(3000)).toEqual([3840]);
  expect(imageWidths(undefined)).toEqual([640, 750, 828, 1080, 1200, 1920, 2048, 3840]);
});
