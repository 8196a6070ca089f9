/**
 * Where sign-in leads. Apart from the form's rules (sign-in.ts) because the login route's
 * beforeLoad needs it in the entry, and the form's zod schemas should not be built on every
 * page load (docs/decisions/0040).
 */

/** Where to go after signing in: a same-origin callbackUrl, else the dashboard. */
export function afterSignInPath(callbackUrl: string | undefined, origin: string): string {
  if (!callbackUrl) return '/home/dashboard';
  try {
    const url = new URL(callbackUrl, origin);
    if (url.origin !== origin) return '/home/dashboard';
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (path === '/' || url.pathname.startsWith('/login') || url.pathname === '/logout') return '/home/dashboard';
    return path;
  } catch {
    return '/home/dashboard';
  }
}
