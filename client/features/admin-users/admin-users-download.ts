import { downloadWithToken } from '../../lib/download.js';

export const EXPORT_URL = '/api/admin/users/export.csv';

/** The user list as CSV (admins), fetched with the access token. */
export function downloadUsersCsv(includeDeleted: boolean): Promise<void> {
  return downloadWithToken(includeDeleted ? `${EXPORT_URL}?includeDeleted=true` : EXPORT_URL, 'users.csv', (status) =>
    status === 401 || status === 403 ? 'Only admins can download the user list.' : `The download failed (HTTP ${status}).`,
  );
}
