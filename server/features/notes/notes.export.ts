import type { FastifyInstance } from 'fastify';
import { AppError, forbidden } from '../../../shared/app-error.js';
import { dayOf } from '../../../shared/dates.js';
import type { Db } from '../../db/connection.js';
import { bearerToken, viewerFromAccessToken, type Viewer } from '../auth/viewer.js';
import { featureAreaOffMessage, isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import type { FeaturePart } from '../feature-part.js';
import { findUsersByIds } from '../users/users.repo.js';
import { allReadableNotes, listAgendaOfNotes } from './notes.repo.js';
import { sendAppError } from '../../lib/http-status.js';

/** A title on one line (a newline in it would start Markdown of its own). */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The viewer's notes as one Markdown document: their own notes, then those shared with them, each
 * under its title with its tags, person, sharing, next 1:1 and talking points, the body as written.
 * Each note as the viewer sees it (READABLE_NOTES): nobody else's private note, admins included, and
 * of a 1:1 note shared with them, the shared parts and their own private notes, never the author's.
 */
export function notesMarkdown(db: Db, viewer: Viewer, today: string): string {
  const notes = allReadableNotes(db, { org: viewer.organizationId, viewer: viewer.userId });
  const agenda = listAgendaOfNotes(
    db,
    notes.map((n) => n.id),
  );
  const ids = new Set<string>();
  for (const n of notes) {
    ids.add(n.author_id);
    if (n.about_user_id) ids.add(n.about_user_id);
  }
  const names = new Map(findUsersByIds(db, viewer.organizationId, [...ids], { includeDeleted: true }).map((u) => [u.id, u.full_name]));
  const name = (id: string | null) => (id ? (names.get(id) ?? 'Former employee') : '');
  const out: string[] = [
    `# Notes of ${name(viewer.userId) || 'me'}`,
    '',
    `Exported from Teamlens on ${today}: ${notes.length} note${notes.length === 1 ? '' : 's'}.`,
    '',
  ];
  for (const n of notes) {
    const mine = n.author_id === viewer.userId;
    out.push(`## ${oneLine(n.title) || 'Untitled note'}`, '');
    const facts = [
      mine ? null : `Shared with you by ${name(n.author_id)}`,
      mine && n.about_user_id ? `About ${name(n.about_user_id)}${n.shared_at ? ` (shared ${n.shared_at.slice(0, 10)})` : ' (private)'}` : null,
      n.next_one_on_one ? `Next 1:1: ${n.next_one_on_one}` : null,
      n.tags.length ? `Tags: ${n.tags.join(', ')}` : null,
      `Last changed: ${n.updated_at.slice(0, 10)}`,
    ].filter(Boolean);
    out.push(facts.map((f) => `- ${f}`).join('\n'), '');
    if (n.body.trim()) out.push(...(mine ? [] : ['### My private notes', '']), n.body.trimEnd(), '');
    const points = agenda.filter((a) => a.note_id === n.id);
    if (points.length) {
      out.push('### Talking points', '');
      for (const p of points) out.push(`- [${p.done_at ? 'x' : ' '}] ${oneLine(p.text)}`);
      out.push('');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/**
 * GET /api/notes/export with `Authorization: Bearer <access token>`: the viewer's own notes and
 * those shared with them as one Markdown file (attachment); 403 when the organization switched notes off.
 */
async function registerNotesExport(app: FastifyInstance): Promise<void> {
  app.get('/api/notes/export', { config: { rule: 'SELF' } }, async (request, reply) => {
    const viewer = viewerFromAccessToken(app, bearerToken(request.headers.authorization));
    if (!viewer) return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ error: 'UNAUTHENTICATED', message: 'Sign in to continue.' });
    try {
      const { db } = app.services;
      if (!isFeatureAreaOn(db, viewer.organizationId, 'NOTES')) throw forbidden(featureAreaOffMessage('NOTES'));
      const today = dayOf(app.services.scheduler.now());
      return reply
        .header('Content-Type', 'text/markdown; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="teamlens-notes-${today}.md"`)
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(notesMarkdown(db, viewer, today));
    } catch (error) {
      if (error instanceof AppError) return sendAppError(reply, error);
      throw error;
    }
  });
}

export const notesExportPart: FeaturePart = { resolvers: {}, register: registerNotesExport };
