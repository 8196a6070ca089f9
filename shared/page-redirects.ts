/**
 * Addresses with no page of their own, and the page each one opens. The web app's router redirects
 * them (client/routes), and the server's index.html for them announces the files of the page they
 * open (server/plugins/spa-preload.ts), so the redirect costs no second round of downloads.
 */
export const PAGE_REDIRECTS = {
  '/admin': '/admin/dashboard',
} as const;

/** The page a path opens: itself, or where it redirects. */
export const pageOpenedBy = (pathname: string): string => {
  const bare = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (PAGE_REDIRECTS as Record<string, string>)[bare] ?? pathname;
};
