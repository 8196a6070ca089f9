import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following changes (a window resized, a phone turned).
 * `null` where the browser cannot tell (no matchMedia: jsdom in tests).
 */
export function useMediaQuery(query: string): boolean | null {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', notify);
      return () => list?.removeEventListener('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? null,
    () => null,
  );
}
