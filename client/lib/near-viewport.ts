import { useEffect, useState, type RefObject } from 'react';

/** How far outside the viewport a lazy picture starts loading, or a lazy chart drawing (docs/product/constants.md). */
export const LAZY_LOAD_MARGIN = '200px';

/**
 * Whether the element has come within {@link LAZY_LOAD_MARGIN} of the viewport; it stays true
 * after. Without IntersectionObserver (old browsers, jsdom) it is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}
