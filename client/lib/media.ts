import { IMAGE_DEVICE_SIZES, IMAGE_QUALITY_DEFAULT, IMAGE_SIZES } from '../../shared/limits.js';

export type MediaSignature = { key_pair_id: string; policy: string; signature: string };

/** An image URL at one of the served widths (docs/product/constants.md), quality 75 by default, signed with the session's media policy. */
export function signedImageUrl(src: string, width: number, signed: MediaSignature | null | undefined, quality = IMAGE_QUALITY_DEFAULT): string {
  const url = new URL(src, window.location.origin);
  url.searchParams.set('w', String(width));
  url.searchParams.set('q', String(quality));
  if (signed) {
    url.searchParams.set('Policy', signed.policy);
    url.searchParams.set('Signature', signed.signature);
    url.searchParams.set('Key-Pair-Id', signed.key_pair_id);
  }
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.href;
}

/**
 * Widths for a srcset (the Next.js rule these sizes come from): a fixed-size image uses
 * the smallest listed widths covering 1x and 2x; a responsive one uses every device size.
 */
export function imageWidths(width: number | undefined): number[] {
  const all = [...IMAGE_SIZES, ...IMAGE_DEVICE_SIZES].sort((a, b) => a - b);
  if (width === undefined) return [...IMAGE_DEVICE_SIZES];
  const pick = (target: number) => all.find((w) => w >= target) ?? all[all.length - 1]!;
  return [...new Set([pick(width), pick(width * 2)])];
}

export function isMediaSignature(value: unknown): value is MediaSignature {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.key_pair_id === 'string' && typeof v.policy === 'string' && typeof v.signature === 'string';
}
