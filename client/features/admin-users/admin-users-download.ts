import { auth } from '../../lib/auth.js';

export const EXPORT_URL = '/api/admin/users/export.csv';

/**
 * The export endpoint takes the same Bearer access token as /graphql (no cookie), so a plain
 * link cannot authenticate: fetch it with the token and hand the file to the browser as a blob.
 */
export async function downloadUsersCsv(includeDeleted: boolean): Promise<void> {
  const token = await auth.getAccessToken();
  const url = includeDeleted ? `${EXPORT_URL}?includeDeleted=true` : EXPORT_URL;
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(res.status === 401 || res.status === 403 ? 'Only admins can download the user list.' : `The download failed (HTTP ${res.status}).`);
  const blob = await res.blob();
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'users.csv';
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
