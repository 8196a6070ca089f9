import { useSyncExternalStore } from 'react';

/**
 * The accent colour of team-member pages, remembered (docs/product/routes.md): chosen on the team
 * page, kept in local storage in this browser, applied to the team page and to people's profile
 * pages. Colours are step 9 (solid) and step 3 (tint) of Radix Colors scales.
 */
export const ACCENTS = [
  { id: 'indigo', label: 'Indigo', solid: '#3e63dd', tint: '#edf2fe' },
  { id: 'teal', label: 'Teal', solid: '#12a594', tint: '#e0f8f3' },
  { id: 'grass', label: 'Grass', solid: '#46a758', tint: '#e9f6e9' },
  { id: 'amber', label: 'Amber', solid: '#ffc53d', tint: '#fff7c2' },
  { id: 'orange', label: 'Orange', solid: '#f76b15', tint: '#ffefd6' },
  { id: 'crimson', label: 'Crimson', solid: '#e93d82', tint: '#fee7ef' },
  { id: 'violet', label: 'Violet', solid: '#6e56cf', tint: '#f4f0fe' },
  { id: 'cyan', label: 'Cyan', solid: '#00a2c7', tint: '#def7f9' },
] as const;

export type Accent = (typeof ACCENTS)[number];
export type AccentId = Accent['id'];

export const ACCENT_STORAGE_KEY = 'teamlens_team_accent';
const DEFAULT_ACCENT: Accent = ACCENTS[0];

const listeners = new Set<() => void>();

function read(): AccentId {
  try {
    const stored = localStorage.getItem(ACCENT_STORAGE_KEY);
    return ACCENTS.find((a) => a.id === stored)?.id ?? DEFAULT_ACCENT.id;
  } catch {
    return DEFAULT_ACCENT.id;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab that picks a colour changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === ACCENT_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function setAccent(id: AccentId): void {
  try {
    localStorage.setItem(ACCENT_STORAGE_KEY, id);
  } catch {
    // Storage may be unavailable (private mode): the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

export function accentById(id: string): Accent {
  return ACCENTS.find((a) => a.id === id) ?? DEFAULT_ACCENT;
}

/** The remembered accent. */
export function useAccent(): Accent {
  const id = useSyncExternalStore(subscribe, read, () => DEFAULT_ACCENT.id);
  return accentById(id);
}

/** CSS custom properties for a page wrapper (read by profile.css). */
export function accentStyle(accent: Accent): Record<string, string> {
  return { '--accent': accent.solid, '--accent-tint': accent.tint };
}
