import type { FastifyInstance } from 'fastify';
import { AppError, conflict, forbidden } from '../../../shared/app-error.js';
import { toSafeCsv } from '../../../shared/csv-safe.js';
import { RETRO_ACTION_STATUS_LABELS } from '../../../shared/retros.js';
import type { Db } from '../../db/connection.js';
import { bearerToken, viewerFromAccessToken } from '../auth/viewer.js';
import { featureAreaOffMessage, isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import { findUsersByIds } from '../users/users.repo.js';
import { retroAccess, type RetroRow } from './retros.access.js';
import { listActionItemsOfRetros } from './retros.actions.repo.js';
import { boardRows } from './retros.summary.repo.js';
import { sendAppError } from '../../lib/http-status.js';

/** A file name made of letters, digits and dashes only (the title is user input). */
const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase() || 'retro';

/**
 * The summary as rows: each group by votes (most first) followed by its reflections and its
 * comments in the order written, reflections in no group, then the action items. Anonymous retros have no Author column at all; signed ones name
 * each reflection's author. Every cell goes through toSafeCsv (formula-safe).
 */
export function retroSummaryRows(db: Db, retro: RetroRow): string[][] {
  const orgId = retro.organization_id;
  const signed = !retro.anonymous;
  const { groups, reflections, comments } = boardRows(db, retro.id);
  const items = listActionItemsOfRetros(db, orgId, [retro.id]);
  const ids = new Set<string>();
  for (const i of items) if (i.owner_id) ids.add(i.owner_id);
  if (signed) for (const r of [...reflections, ...comments]) if (r.author_id) ids.add(r.author_id);
  const names = new Map(findUsersByIds(db, orgId, [...ids], { includeDeleted: true }).map((u) => [u.id, u.full_name]));
  const prompt = new Map(retro.prompts.map((p) => [p.id, p.title]));
  const title = new Map(groups.map((g) => [g.id, g.title]));

  const header = ['Kind', 'Topic', 'Votes', 'Prompt', 'Text', ...(signed ? ['Author'] : []), 'Owner', 'Due on', 'Status', 'Minutes discussed'];
  const row = (cells: {
    kind: string;
    topic?: string;
    votes?: number | null;
    prompt?: string;
    text?: string;
    author?: string;
    owner?: string;
    due?: string | null;
    status?: string;
    minutes?: number | null;
  }) => [
    cells.kind,
    cells.topic ?? '',
    cells.votes == null ? '' : String(cells.votes),
    cells.prompt ?? '',
    cells.text ?? '',
    ...(signed ? [cells.author ?? ''] : []),
    cells.owner ?? '',
    cells.due ?? '',
    cells.status ?? '',
    cells.minutes == null ? '' : String(cells.minutes),
  ];
  const reflectionRow = (r: (typeof reflections)[number]) =>
    row({
      kind: 'Reflection',
      topic: r.group_id ? (title.get(r.group_id) ?? '') : '',
      prompt: prompt.get(r.prompt_id) ?? r.prompt_id,
      text: r.text,
      author: signed && r.author_id ? (names.get(r.author_id) ?? 'Former employee') : '',
    });
  const rows: string[][] = [header];
  for (const g of groups) {
    rows.push(row({ kind: 'Topic', topic: g.title, votes: g.votes, minutes: Math.round(g.discussed_seconds / 6) / 10 }));
    for (const r of reflections) if (r.group_id === g.id) rows.push(reflectionRow(r));
    for (const c of comments) {
      if (c.group_id !== g.id) continue;
      rows.push(row({ kind: 'Comment', topic: g.title, text: c.text, author: signed && c.author_id ? (names.get(c.author_id) ?? 'Former employee') : '' }));
    }
  }
  for (const r of reflections) if (!r.group_id || !title.has(r.group_id)) rows.push(reflectionRow(r));
  for (const i of items) {
    rows.push(
      row({
        kind: 'Action item',
        topic: i.group_id ? (title.get(i.group_id) ?? '') : '',
        text: i.text,
        owner: i.owner_id ? (names.get(i.owner_id) ?? 'Former employee') : '',
        due: i.due_on,
        status: RETRO_ACTION_STATUS_LABELS[i.status],
      }),
    );
  }
  return rows;
}

/**
 * GET /api/retros/:id/export.csv with `Authorization: Bearer <access token>`: the summary of an
 * ended retro as CSV, to whoever may see the retro (NOT_FOUND otherwise); 409 before it ended, 403
 * when the organization switched retros off.
 */
export async function retroExportRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/retros/:id/export.csv', { config: { rule: 'SUBJECT_OR_MANAGER' } }, async (request, reply) => {
    const viewer = viewerFromAccessToken(app, bearerToken(request.headers.authorization));
    if (!viewer) return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ error: 'UNAUTHENTICATED', message: 'Sign in to continue.' });
    try {
      const { db } = app.services;
      if (!isFeatureAreaOn(db, viewer.organizationId, 'SPRINT_RETROS')) throw forbidden(featureAreaOffMessage('SPRINT_RETROS'));
      const { retro } = retroAccess(db, viewer, request.params.id);
      if (!retro.ended_at) throw conflict('The summary can be exported once the retro has ended.');
      const csv = toSafeCsv(retroSummaryRows(db, retro), { bom: true });
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="teamlens-retro-${slug(retro.title)}-${retro.ended_at.slice(0, 10)}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    } catch (error) {
      if (error instanceof AppError) return sendAppError(reply, error);
      throw error;
    }
  });
}
