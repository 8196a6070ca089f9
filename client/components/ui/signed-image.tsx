import { useRef, useSyncExternalStore } from 'react';
import { auth } from '../../lib/auth.js';
import { imageWidths, isMediaSignature, signedImageUrl } from '../../lib/media.js';
import { useNearViewport } from '../../lib/near-viewport.js';

type Props = { src: string; alt: string; width?: number; height?: number; sizes?: string; className?: string };

/** A media image: signed URLs from the session, the served widths at quality 75, lazy with a 200px margin. */
export function SignedImage({ src, alt, width, height, sizes, className }: Props) {
  const ref = useRef<HTMLImageElement>(null);
  // Without IntersectionObserver (old browsers, jsdom) every image loads at once.
  const near = useNearViewport(ref);
  const session = useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
  const signed = isMediaSignature(session.data?.cf_cookies) ? session.data.cf_cookies : null;

  const widths = imageWidths(width);
  const srcSet = widths.map((w, i) => `${signedImageUrl(src, w, signed)} ${width === undefined ? `${w}w` : `${i + 1}x`}`).join(', ');
  return (
    <img
      ref={ref}
      alt={alt}
      width={width}
      height={height}
      className={className}
      decoding="async"
      sizes={width === undefined ? (sizes ?? '100vw') : undefined}
      src={near ? signedImageUrl(src, widths[widths.length - 1]!, signed) : undefined}
      srcSet={near ? srcSet : undefined}
    />
  );
}
