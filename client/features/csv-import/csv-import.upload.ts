/**
 * Sending the file: always POST /api/admin/users/import (text/csv). It takes up to 50,000
 * rows (20 MB), where the GraphQL endpoint's 1 MB body limit would not, and it answers the
 * same MassCreateResult as massCreateUsers, with the spreadsheet row numbers of the file. So
 * there is one way for every size (docs/decisions/0008).
 *
 * The body is the admin's own records with a header rewritten from their column mapping
 * (ignored columns keep a name the server ignores), and each record on the row number it had
 * in the original file (gaps refilled with blank lines, which the server counts but skips):
 * so ragged rows stay ragged and every error the server reports names the row the admin sees.
 */
import { quoteCsvCell } from '../../../shared/csv-safe.js';
import { auth } from '../../lib/auth.js';
import type { ResultOf } from '../../lib/graphql.js';
import type { RESULT } from './csv-import.api.js';
import type { ColumnMapping } from './csv-import.mapping.js';
import type { ParsedCsv } from './csv-import.parse.js';

/**
 * The server's answer (POST /api/admin/users/import, massCreation): the same for a dry run and an
 * import, typed by the massCreation document. seat_limit says why the rows do not fit the
 * organization's seat limit (docs/decisions/0068): the import would be refused whole.
 */
export type MassCreateResult = NonNullable<ResultOf<typeof RESULT>['massCreation']>;
export type MassCreateUserError = MassCreateResult['usersWithErrors'][number];
export type PlannedTeam = MassCreateResult['teams'][number];
export type PlannedDivision = MassCreateResult['divisions'][number];
export type Promotion = MassCreateResult['promoted'][number];
export type ImportOptions = { dryRun: boolean; createTeams: boolean; promoteManagers: boolean };

export const IMPORT_PATH = '/api/admin/users/import';

/** The CSV the server receives: mapped header, original records on their original row numbers. */
export function buildUploadCsv(csv: ParsedCsv, mapping: ColumnMapping): string {
  const line = (cells: readonly string[]) => cells.map(quoteCsvCell).join(',');
  const header = csv.headers.map((_, i) => mapping[i] ?? `ignored column ${i + 1}`);
  const lines = [line(header)];
  let lastRow = 1;
  for (const { row, cells } of csv.records) {
    for (let blank = lastRow + 1; blank < row; blank++) lines.push('');
    lines.push(line(cells));
    lastRow = row;
  }
  return `${lines.join('\r\n')}\r\n`;
}

export class ImportError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly networkFailure = false,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

/** Sends the CSV; answers the server's MassCreateResult or throws ImportError with its message. */
export async function uploadCsv(body: string, options: ImportOptions & { batchId: string; signal?: AbortSignal }): Promise<MassCreateResult> {
  const token = await auth.getAccessToken();
  const query = new URLSearchParams({
    dryRun: String(options.dryRun),
    createTeams: String(options.createTeams),
    promoteManagers: String(options.promoteManagers),
    batch_id: options.batchId,
  });
  let response: Response;
  try {
    response = await fetch(`${IMPORT_PATH}?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv; charset=utf-8', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body,
      signal: options.signal,
    });
  } catch (err) {
    if (options.signal?.aborted) throw err;
    throw new ImportError('The connection to the server broke while the file was being sent.', null, true);
  }
  const answer = (await response.json().catch(() => null)) as (MassCreateResult & { error?: string; message?: string }) | null;
  if (response.ok && answer && typeof answer.count === 'number') return answer;
  if (response.status === 401) void auth.check();
  throw new ImportError(answer?.message ?? `The server answered ${response.status}; nothing was imported.`, answer?.error ?? null);
}
