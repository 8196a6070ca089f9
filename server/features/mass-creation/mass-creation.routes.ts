import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { delimiterOfHeader } from '../../../shared/csv-delimiter.js';
import { csvByteOrderMark, decodeCsvBytes } from '../../../shared/csv-encoding.js';
import { finished } from 'node:stream/promises';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badInput } from '../../../shared/app-error.js';
import { CSV_UPLOAD_MAX_BYTES, MASS_CREATE_MAX_ROWS } from '../../../shared/limits.js';
import { CSV_COLUMNS, mapCsvHeader, type MassCreateColumn } from '../../../shared/mass-create.schema.js';
import { toSafeCsv } from '../../../shared/csv-safe.js';
import { bearerToken, viewerFromAccessToken, type Viewer } from '../auth/viewer.js';
import { pageUsersForExport, type ExportUserRow } from './mass-creation.repo.js';
import { RowQueue, runMassCreation } from './mass-creation.service.js';
import { auditActorOfRequest } from '../audit/audit.actor.js';
import { recordAudit } from '../audit/audit.repo.js';
import { HTTP_STATUS } from '../../lib/http-status.js';
import { formatNumber } from '../../../shared/format.js';
import { todayIn } from '../../../shared/dates.js';

const EXPORT_PAGE = 1_000;
/** Bytes handed to the CSV parser between two yields to the event loop. */
const PARSE_CHUNK = 64 * 1024;
/**
 * Columns whose cells repeat from row to row (a team, a role, a manager...): each distinct value
 * is kept once, however many rows carry it, instead of one string per cell. Names and emails
 * are unique per person and are not looked up.
 */
const REPEATING: ReadonlySet<MassCreateColumn> = new Set([
  'role',
  'permission_level',
  'team',
  'department',
  'division',
  'manager_email',
  'location',
  'time_zone',
]);
/** Distinct values kept for that; past it, cells are kept as they come. */
const REPEATING_MAX = 20_000;

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));
const importQuery = z.object({
  dryRun: flag,
  createTeams: flag,
  promoteManagers: flag,
  batch_id: z.string().max(64).optional(),
});
const exportQuery = z.object({ includeDeleted: flag });

/** The delimiter of an uploaded file, by its header line (shared/csv-delimiter.ts). */
function detectDelimiter(buf: Buffer): string {
  const end = buf.indexOf(0x0a);
  return delimiterOfHeader(buf.subarray(0, end === -1 ? Math.min(buf.length, 4096) : Math.min(end, 4096)).toString('utf8'));
}

/**
 * The upload as UTF-8 (shared/csv-encoding.ts): a UTF-8 file is kept as it is (no copy); a UTF-16
 * file with its mark, or a Windows-1252 one, is decoded and re-encoded once.
 */
function utf8Body(buf: Buffer): Buffer {
  const mark = csvByteOrderMark(buf);
  if (mark === 'utf-8' || (mark === null && isUtf8(buf))) return buf;
  return Buffer.from(decodeCsvBytes(buf), 'utf8');
}

function csvErrorMessage(err: CsvError, lastGoodLine: number): { message: string; line: number } {
  const line = typeof err.lines === 'number' ? err.lines : lastGoodLine + 1;
  switch (err.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return {
        line,
        message: `The file is not valid CSV: a quoted cell that starts after line ${lastGoodLine} is never closed (the file ends at line ${line}). Check for a stray double quote (").`,
      };
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'INVALID_OPENING_QUOTE':
      return {
        line,
        message: `The file is not valid CSV at line ${line}: a double quote (") sits inside a cell. Put the whole cell in quotes and write a quote inside it twice ("").`,
      };
    default:
      return { line, message: `The file is not valid CSV at line ${line}: ${err.message}` };
  }
}

/**
 * The upload's rows. Each carries its spreadsheet row number: the header is row 1, the first
 * data row is row 2, and blank lines count (a spreadsheet shows them as empty rows), while a
 * line break inside a quoted cell does not (a spreadsheet shows one row). Blank rows are
 * skipped. A row with more or fewer cells than the header becomes an INVALID_ROW error for
 * that row (extra cells that are all empty are tolerated). Parsing runs in chunks with yields
 * to the event loop; a malformed file is a 400 naming the line, before anything is written.
 */
async function parseCsvUpload(upload: Buffer): Promise<RowQueue> {
  const body = utf8Body(upload);
  let columns: (MassCreateColumn | null)[] | null = null;
  /** Index in a record of each field the queue keeps (the header's known columns). */
  let kept: number[] = [];
  let lastGoodLine = 0;
  let rows = null as RowQueue | null;
  const distinct = new Map<string, string>();
  const shared = (cell: string): string => {
    const known = distinct.get(cell);
    if (known !== undefined) return known;
    if (distinct.size < REPEATING_MAX) distinct.set(cell, cell);
    return cell;
  };
  const parser = parse({
    bom: true,
    delimiter: detectDelimiter(body),
    relax_column_count: true,
    skip_empty_lines: true,
    on_record: (record: string[], info) => {
      lastGoodLine = info.lines;
      if (columns === null) {
        const mapping = mapCsvHeader(record);
        if (mapping.missing.length) {
          const close = mapping.suggestions.filter(
            (s) => mapping.missing.includes(s.field) || (mapping.missing.includes('full_name') && (s.field === 'first_name' || s.field === 'last_name')),
          );
          const hint = close.map((s) => ` The column "${s.header}" may be ${s.field}: rename it, or choose its field in the import screen.`).join('');
          throw badInput(
            `The header row lacks the column${mapping.missing.length > 1 ? 's' : ''} ${mapping.missing.join(', ')}. Expected columns: ${CSV_COLUMNS.join(', ')}.${hint}`,
            { missing: mapping.missing, suggestions: close },
          );
        }
        if (mapping.duplicates.length) {
          const d = mapping.duplicates[0]!;
          throw badInput(`The header names the column ${d.column} more than once (${d.headers.map((h) => `"${h}"`).join(', ')}).`);
        }
        columns = mapping.columns;
        kept = columns.flatMap((column, i) => (column === null ? [] : [i]));
        rows = new RowQueue(kept.map((i) => columns![i]!));
        return null;
      }
      if (record.every((cell) => cell.trim() === '')) return null;
      if (rows!.length >= MASS_CREATE_MAX_ROWS) {
        throw badInput(`The file has more than ${formatNumber(MASS_CREATE_MAX_ROWS)} rows; split it into several files.`);
      }
      const row = info.records + info.empty_lines;
      const header = columns;
      const cells = kept.map((i) => {
        const cell = record[i];
        return cell !== undefined && REPEATING.has(header[i]!) ? shared(cell) : cell;
      });
      const ragged = record.length < columns.length || record.slice(columns.length).some((cell) => cell.trim() !== '');
      rows!.push(
        row,
        cells,
        ragged ? `This row has ${record.length} cells but the header has ${columns.length}; check for a missing or extra separator.` : undefined,
      );
      return null; // collected here; nothing is buffered in the stream
    },
  });
  parser.resume();
  const outcome = finished(parser).then(
    () => null,
    (err: unknown) => err,
  );
  for (let i = 0; i < body.length && !parser.destroyed; i += PARSE_CHUNK) {
    parser.write(body.subarray(i, i + PARSE_CHUNK));
    await yieldToEventLoop();
  }
  if (!parser.destroyed) parser.end();
  const err = await outcome;
  if (err instanceof AppError) throw err;
  if (err instanceof CsvError) {
    const { message, line } = csvErrorMessage(err, lastGoodLine);
    throw badInput(message, { line });
  }
  if (err) throw err;
  if (columns === null || rows === null) throw badInput(`The file is empty; the first row must be a header: ${CSV_COLUMNS.join(', ')}.`);
  if (rows.length === 0) throw badInput('The file has a header but no data rows.');
  return rows;
}

const EXPORT_COLUMNS = [...CSV_COLUMNS, 'status', 'created_at', 'last_login'] as const;

async function* exportChunks(app: FastifyInstance, orgId: string, includeDeleted: boolean): AsyncGenerator<string> {
  const columns: (keyof ExportUserRow)[] = includeDeleted ? [...EXPORT_COLUMNS, 'deleted_at'] : [...EXPORT_COLUMNS];
  yield toSafeCsv([columns], { bom: true });
  let afterEmail: string | null = null;
  for (;;) {
    const page = pageUsersForExport(app.services.db, orgId, { includeDeleted, afterEmail, limit: EXPORT_PAGE });
    if (page.length === 0) return;
    yield toSafeCsv(page.map((u) => columns.map((c) => u[c])));
    if (page.length < EXPORT_PAGE) return;
    afterEmail = page[page.length - 1]!.email;
  }
}

/**
 * CSV endpoints of mass creation, authenticated with the Bearer access token like /graphql
 * (so no cookie is involved and no CSRF token is needed), admin only. JSON errors are
 * `{ error, message }`. The text/csv body parser exists only inside this plugin.
 */
export async function massCreationRoutes(app: FastifyInstance): Promise<void> {
  const viewers = new WeakMap<FastifyRequest, Viewer>();

  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: CSV_UPLOAD_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const status = HTTP_STATUS[error.code] ?? 400;
      if (status >= 500) throw error;
      return reply.code(status).send({ error: error.code, message: error.message, ...(error.details ?? {}) });
    }
    if (error.statusCode === 413) {
      return reply
        .code(413)
        .send({ error: 'PAYLOAD_TOO_LARGE', message: `The file is larger than ${CSV_UPLOAD_MAX_BYTES / 1024 / 1024} MB; split it into several files.` });
    }
    if (error.statusCode === 415) return reply.code(415).send({ error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the file with Content-Type: text/csv.' });
    request.log.debug({ err: error }, 'mass creation route error');
    throw error; // the app's handler: 4xx as is, 5xx as a generic message
  });

  async function adminOnly(request: FastifyRequest, reply: FastifyReply) {
    const viewer = viewerFromAccessToken(app, bearerToken(request.headers.authorization));
    if (!viewer) return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ error: 'UNAUTHENTICATED', message: 'Sign in to continue.' });
    if (viewer.permissionLevel !== 'ADMIN') return reply.code(403).send({ error: 'FORBIDDEN', message: 'Only an admin can do this.' });
    viewers.set(request, viewer);
  }
  const viewerOf = (request: FastifyRequest): Viewer => viewers.get(request)!;

  /** Same engine and same answer (MassCreateResult) as the massCreateUsers mutation. */
  app.post('/api/admin/users/import', { bodyLimit: CSV_UPLOAD_MAX_BYTES, onRequest: adminOnly, config: { rule: 'ADMIN' } }, async (request, reply) => {
    if (!/^text\/csv\s*(;|$)/i.test(request.headers['content-type'] ?? '') || !Buffer.isBuffer(request.body)) {
      return reply.code(415).send({ error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the file with Content-Type: text/csv.' });
    }
    const query = importQuery.safeParse(request.query);
    if (!query.success) throw badInput('Query parameters: dryRun, createTeams and promoteManagers take true or false; batch_id takes a UUID.');
    const rows = await parseCsvUpload(request.body);
    // The upload's bytes are not read again: let them go before the long part (up to 20 MB).
    request.body = undefined;
    return runMassCreation(app.services, viewerOf(request), {
      rows,
      dryRun: query.data.dryRun,
      createTeams: query.data.createTeams,
      promoteManagers: query.data.promoteManagers,
      batchId: query.data.batch_id,
      ip: request.ip,
    });
  });

  app.get('/api/admin/users/export.csv', { onRequest: adminOnly, config: { rule: 'ADMIN' } }, async (request, reply) => {
    const query = exportQuery.safeParse(request.query);
    if (!query.success) throw badInput('includeDeleted takes true or false.');
    recordAudit(app.services.db, {
      ...auditActorOfRequest(request, viewerOf(request)),
      action: 'PEOPLE_EXPORTED',
      details: { include_deleted: query.data.includeDeleted === true },
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="teamlens-users-${todayIn()}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(Readable.from(exportChunks(app, viewerOf(request).organizationId, query.data.includeDeleted === true)));
  });

  app.get('/api/admin/users/import-template.csv', { onRequest: adminOnly, config: { rule: 'ADMIN' } }, async (_request, reply) => {
    const example = ['jane.doe@yourcompany.com', 'Jane Doe', 'Software Engineer', 'MEMBER', 'Platform', 'alex.lee@yourcompany.com', 'Berlin', 'Europe/Berlin'];
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="teamlens-users-template.csv"')
      .send(toSafeCsv([[...CSV_COLUMNS], example], { bom: true }));
  });
}
