/** Reads the claims of a JWT without verifying it (the server verifies every use). */
export type JwtClaims = { exp?: number; sub?: string; org?: string; [claim: string]: unknown };

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The claims of a compact JWT, or null when it cannot be decoded. */
export function decodeJwt(token: unknown): JwtClaims | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1]));
    if (!claims || typeof claims !== 'object' || Array.isArray(claims)) return null;
    const exp = (claims as JwtClaims).exp;
    if (exp !== undefined && typeof exp !== 'number') return null;
    return claims as JwtClaims;
  } catch {
    return null;
  }
}

/** The expiry claim compared with the current time (docs/product/session.md). A token without exp counts as expired. */
export function isExpired(claims: JwtClaims, now = Date.now()): boolean {
  return typeof claims.exp !== 'number' || claims.exp * 1000 <= now;
}
