/** 17 background/text pairs (docs/product/routes.md), each with at least 4.5:1 contrast. */
export const AVATAR_PALETTE: ReadonlyArray<readonly [background: string, text: string]> = [
  ['#FDE2E1', '#8A1C14'],
  ['#FDE8D7', '#8A3B0A'],
  ['#FEF0C7', '#7A4D00'],
  ['#ECF5C8', '#4A5A00'],
  ['#D9F5DD', '#1B5E2A'],
  ['#CFF3EC', '#0B5B4E'],
  ['#D3F1F8', '#0B5366'],
  ['#DCEBFF', '#1D4F91'],
  ['#E0E4FF', '#2E3A9C'],
  ['#EBE2FF', '#4B2A9A'],
  ['#F6E0FA', '#74207F'],
  ['#FCE1EF', '#8A1B52'],
  ['#E9E4DE', '#54463A'],
  ['#E3E8EE', '#36465A'],
  ['#1D4F91', '#FFFFFF'],
  ['#0B5B4E', '#FFFFFF'],
  ['#74207F', '#FFFFFF'],
];

/** A stable colour pair per user: FNV-1a hash of the user id. */
export function avatarColors(userId: string): readonly [string, string] {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) {
    hash ^= userId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return AVATAR_PALETTE[hash % AVATAR_PALETTE.length]!;
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]![0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]![0] ?? '') : '';
  return (first + last).toUpperCase();
}
