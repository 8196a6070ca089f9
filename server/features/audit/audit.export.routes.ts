import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AUDIT_EXPORT_MAX } from '../../../shared/audit.js';
import { auditFilterSchema, type AuditFilter } from '../../../shared/audit.schemas.js';
import { toSafeCsv } from '../../../shared/csv-safe.js';
import { todayIn } from '../../../shared/dates.js';
import { fieldErrorsOf } from '../../../shared/field-errors.js';
import type { Db } from '../../db/connection.js';
import { bearerToken, viewerFromAccessToken } from '../auth/viewer.js';
import { auditActorOfRequest } from './audit.actor.js';
import { presentAuditEvents } from './audit.present.js';
import { listAuditEvents, recordAudit } from './audit.repo.js';

const PAGE = 1_000;
const COLUMNS = ['at_utc', 'action', 'what', 'who', 'who_email', 'about', 'about_email', 'ip', 'details'];

async function* csvChunks(db: Db, orgId: string, filter: AuditFilter): AsyncGenerator<string> {
  yield toSafeCsv([COLUMNS], { bom: true });
  let cursor: string | null = null;
  for (let sent = 0; sent < AUDIT_EXPORT_MAX;) {
    const page = listAuditEvents(db, orgId, filter, { limit: Math.min(PAGE, AUDIT_EXPORT_MAX - sent), cursor });
    if (!page.rows.length) return;
    yield toSafeCsv(
      presentAuditEvents(db, orgId, page.rows).map((e) => [
        e.at,
        e.action,
        e.action_label,
        e.actor_name ?? '',
        e.actor_label,
        e.subject_name ?? '',
        e.subject_label,
        e.ip,
        e.summary,
      ]),
    );
    sent += page.rows.length;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

/** The filters in a few words, for the AUDIT_EXPORTED event. */
const describeFilter = (f: AuditFilter) =>
  Object.entries(f)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(', ');

/**
 * GET /api/admin/audit/export.csv?action=&person=&from_at=&to_at= with `Authorization: Bearer
 * <access token>`, admin only: the filtered log, newest first (at most AUDIT_EXPORT_MAX events),
 * every cell formula-safe (toSafeCsv). The export itself is recorded first (AUDIT_EXPORTED).
 */
export async function auditExportRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/admin/audit/export.csv', { config: { rule: 'ADMIN' } }, async (request, reply) => {
    const viewer = viewerFromAccessToken(app, bearerToken(request.headers.authorization));
    if (!viewer) return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ error: 'UNAUTHENTICATED', message: 'Sign in to continue.' });
    if (viewer.permissionLevel !== 'ADMIN') return reply.code(403).send({ error: 'FORBIDDEN', message: 'Only an admin can do this.' });
    const parsed = auditFilterSchema.safeParse(request.query ?? {});
    if (!parsed.success) {
      const fields = fieldErrorsOf(parsed.error);
      return reply.code(400).send({ error: 'BAD_USER_INPUT', message: Object.values(fields)[0] ?? 'Invalid filters.', fields });
    }
    const { db } = app.services;
    const filters = describeFilter(parsed.data);
    recordAudit(db, { ...auditActorOfRequest(request, viewer), action: 'AUDIT_EXPORTED', details: filters ? { filters } : null });
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="teamlens-audit-log-${todayIn()}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(Readable.from(csvChunks(db, viewer.organizationId, parsed.data)));
  });
}
