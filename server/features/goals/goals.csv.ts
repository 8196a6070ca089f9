import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { badInput } from '../../../shared/app-error.js';
import { delimiterOfHeader } from '../../../shared/csv-delimiter.js';
import { headerKey } from '../../../shared/csv-headers.js';
import { FORMULA_TRIGGERS, toSafeCsv } from '../../../shared/csv-safe.js';
import {
  GOAL_CSV_COLUMNS,
  GOAL_LIMITS,
  GOAL_OWNER_KINDS,
  GOAL_STATUSES,
  GOAL_VISIBILITIES,
  KEY_RESULT_KINDS,
  goalInputSchema,
  keyResultInputSchema,
  type GoalCsvColumn,
  type GoalOwnerKind,
} from '../../../shared/goals.js';
import { requireAdmin } from '../../graphql/context.js';
import { newId, nowIso } from '../../lib/tokens.js';
import type { Db } from '../../db/connection.js';
import { auditActorOfRequest } from '../audit/audit.actor.js';
import { recordAudit } from '../audit/audit.repo.js';
import { bearerToken, viewerFromAccessToken, type Viewer } from '../auth/viewer.js';
import { featureAreaOffMessage, isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import type { FeaturePart } from '../feature-part.js';
import { recomputeGoalProgress } from './goals.progress.repo.js';
import {
  chainLengths,
  countUnreadableGoals,
  existingGoalIds,
  goalExportRows,
  insertImportedGoal,
  peopleByEmail,
  teamsByName,
  type ExportRow,
  type ImportGoal,
} from './goals.csv.repo.js';
import { formatNumber } from '../../../shared/format.js';
import { todayIn } from '../../../shared/dates.js';

/**
 * CSV import and export of goals and key results (docs/decisions/0049). One row per key result
 * (GOAL_CSV_COLUMNS); a goal's fields repeat on each of its rows and `goal_ref` ties them together
 * (the first row of a goal gives its fields). `parent_ref` names another goal of the file by its
 * goal_ref, or an existing goal of the organization by id. The export writes each goal's id as its
 * goal_ref and parent's id as parent_ref, so an export imports again as it was.
 *
 * The import reads the whole file, reports every problem with its line (the header is line 1) and
 * column, and writes nothing unless there is none; then every goal in one transaction, progress
 * rolled up.
 */

export type RowError = { line: number; column: string | null; message: string };
type Sample = { line: number; title: string; owner: string; parent: string | null; due_date: string | null; key_results: number };
type Plan = {
  goals: Array<{ ref: string; line: number; goal: ImportGoal; parentRef: string | null }>;
  keyResults: number;
  errors: RowError[];
  sample: Sample[];
};

const REQUIRED: GoalCsvColumn[] = ['title', 'owner_kind'];
const KR_COLUMNS: GoalCsvColumn[] = ['key_result', 'kr_kind', 'kr_start', 'kr_target', 'kr_current', 'kr_currency', 'kr_weight'];
const KR_PATH_COLUMN: Record<string, GoalCsvColumn> = {
  title: 'key_result',
  kind: 'kr_kind',
  start_value: 'kr_start',
  target_value: 'kr_target',
  current_value: 'kr_current',
  currency: 'kr_currency',
  weight: 'kr_weight',
};
const GOAL_PATH_COLUMN: Record<string, GoalCsvColumn> = {
  title: 'title',
  description: 'description',
  start_date: 'start_date',
  due_date: 'due_date',
  visibility: 'visibility',
  status: 'status',
  owner_kind: 'owner_kind',
  owner_team_id: 'owner_team',
  owner_user_id: 'owner_email',
  parent_id: 'parent_ref',
};

/** A cell the export made formula-safe ("'-5") reads as written ("-5"). */
const unsafe = (cell: string) => (cell.length > 1 && cell[0] === "'" && FORMULA_TRIGGERS.has(cell[1]!) ? cell.slice(1) : cell).trim();

/** Reads and checks the file; never throws for a row's problem (the plan carries them). */
export function planGoalImport(db: Db, orgId: string, csv: string): Plan {
  const plan: Plan = { goals: [], keyResults: 0, errors: [], sample: [] };
  const fail = (line: number, column: string | null, message: string) => plan.errors.push({ line, column, message });
  if (Buffer.byteLength(csv, 'utf8') > GOAL_LIMITS.importBytesMax) {
    fail(1, null, `The file is larger than ${GOAL_LIMITS.importBytesMax / 1_000} kB; split it into several files.`);
    return plan;
  }
  const text = csv.replace(/^\uFEFF/, '');
  let records: Array<{ record: string[]; info: { lines: number; records: number; empty_lines: number; row: number } }>;
  try {
    records = parse(text, {
      delimiter: delimiterOfHeader(text.split(/\r?\n/, 1)[0] ?? ''),
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as never;
    // A spreadsheet's row number: blank rows count, a line break inside a quoted cell does not.
    for (const r of records) r.info = { ...r.info, row: r.info.records + r.info.empty_lines };
  } catch (error) {
    fail((error as { lines?: number }).lines ?? 1, null, `The file is not valid CSV: ${(error as Error).message}`);
    return plan;
  }
  const header = records.shift();
  if (!header) {
    fail(1, null, `The file is empty. Expected the columns ${GOAL_CSV_COLUMNS.join(', ')}.`);
    return plan;
  }
  const columns = header.record.map((h) => headerKey(h));
  const index = new Map<string, number>();
  columns.forEach((c, i) => {
    if (!c) return;
    if (!(GOAL_CSV_COLUMNS as readonly string[]).includes(c)) fail(1, c, `Unknown column "${c}". Expected columns: ${GOAL_CSV_COLUMNS.join(', ')}.`);
    else if (index.has(c)) fail(1, c, `The column ${c} appears more than once.`);
    else index.set(c, i);
  });
  for (const c of REQUIRED) if (!index.has(c)) fail(1, c, `The header row lacks the column ${c}.`);
  if (plan.errors.length) return plan;
  if (records.length > GOAL_LIMITS.importRowsMax) {
    fail(1, null, `The file has more than ${formatNumber(GOAL_LIMITS.importRowsMax)} rows; split it into several files.`);
    return plan;
  }

  const people = peopleByEmail(db, orgId);
  const teams = teamsByName(db, orgId);
  type Draft = { ref: string; line: number; cells: Record<GoalCsvColumn, string>; krs: Array<{ line: number; cells: Record<GoalCsvColumn, string> }> };
  const drafts = new Map<string, Draft>();
  for (const { record, info } of records) {
    const line = info.row;
    const cells = Object.fromEntries(GOAL_CSV_COLUMNS.map((c) => [c, index.has(c) ? unsafe(record[index.get(c)!] ?? '') : ''])) as Record<
      GoalCsvColumn,
      string
    >;
    if (Object.values(cells).every((v) => v === '') || isNoteRow(record)) continue;
    const ref = cells.goal_ref || `line ${line}`;
    let draft = drafts.get(ref);
    if (!draft) drafts.set(ref, (draft = { ref, line, cells, krs: [] }));
    if (KR_COLUMNS.some((c) => cells[c] !== '')) draft.krs.push({ line, cells });
  }

  const number = (line: number, column: GoalCsvColumn, cell: string): number | undefined => {
    if (cell === '') return undefined;
    const n = Number(cell.replace(/,/g, ''));
    if (!Number.isFinite(n)) {
      fail(line, column, `"${cell}" is not a number.`);
      return undefined;
    }
    return n;
  };
  const oneOf = <T extends string>(line: number, column: GoalCsvColumn, cell: string, allowed: readonly T[], fallback?: T): T | undefined => {
    const v = cell.toUpperCase().replace(/[\s-]+/g, '_');
    if (v === '' && fallback) return fallback;
    if ((allowed as readonly string[]).includes(v)) return v as T;
    fail(line, column, `"${cell}" is not one of ${allowed.join(', ')}.`);
    return undefined;
  };

  const refs = new Set(drafts.keys());
  const outsideParents = existingGoalIds(
    db,
    orgId,
    [...drafts.values()].map((d) => d.cells.parent_ref).filter((p) => p && !refs.has(p)),
  );
  // Circular parent refs within the file.
  const parentOf = new Map([...drafts.values()].map((d) => [d.ref, d.cells.parent_ref && refs.has(d.cells.parent_ref) ? d.cells.parent_ref : null]));
  const inCycle = new Set<string>();
  for (const d of drafts.values()) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let at: string | null = d.ref;
    while (at && !onPath.has(at) && path.length <= drafts.size) {
      onPath.add(at);
      path.push(at);
      at = parentOf.get(at) ?? null;
    }
    if (at && onPath.has(at) && at === d.ref) inCycle.add(d.ref);
  }
  // How many goals each goal's chain from the root would hold (file parents, then an existing goal's chain).
  const outsideChains = chainLengths(db, outsideParents);
  const levels = new Map<string, number>();
  const levelOf = (ref: string): number => {
    const known = levels.get(ref);
    if (known !== undefined) return known;
    levels.set(ref, 1); // guards cycles (reported on their own)
    const parent = drafts.get(ref)?.cells.parent_ref;
    const n = !parent || inCycle.has(ref) ? 1 : refs.has(parent) ? levelOf(parent) + 1 : (outsideChains.get(parent) ?? 0) + 1;
    levels.set(ref, n);
    return n;
  };
  for (const d of drafts.values()) {
    const before = plan.errors.length;
    const c = d.cells;
    const ownerKind = oneOf<GoalOwnerKind>(d.line, 'owner_kind', c.owner_kind, GOAL_OWNER_KINDS);
    const visibility = oneOf(d.line, 'visibility', c.visibility, GOAL_VISIBILITIES, 'EVERYONE');
    const status = oneOf(d.line, 'status', c.status, GOAL_STATUSES, 'ON_TRACK');
    let ownerUser: string | null = null;
    let ownerTeam: string | null = null;
    if (ownerKind === 'PERSON') {
      if (!c.owner_email) fail(d.line, 'owner_email', "A personal goal needs the owner's email.");
      else if (!(ownerUser = people.get(c.owner_email.toLowerCase()) ?? null))
        fail(d.line, 'owner_email', `No one in the organization has the email ${c.owner_email}.`);
    } else if (ownerKind === 'TEAM') {
      if (!c.owner_team) fail(d.line, 'owner_team', "A team goal needs the team's name.");
      else if (!(ownerTeam = teams.get(c.owner_team.toLowerCase()) ?? null)) fail(d.line, 'owner_team', `There is no team named ${c.owner_team}.`);
    }
    const parentRef = c.parent_ref || null;
    if (parentRef && parentRef === d.ref) fail(d.line, 'parent_ref', 'A goal cannot be aligned under itself.');
    else if (inCycle.has(d.ref)) fail(d.line, 'parent_ref', `Circular alignment: goal_ref "${d.ref}" ends up under itself through its parents.`);
    else if (parentRef && !refs.has(parentRef) && !outsideParents.has(parentRef))
      fail(d.line, 'parent_ref', `parent_ref "${parentRef}" is neither a goal_ref of this file nor a goal of the organization.`);
    else if (levelOf(d.ref) > GOAL_LIMITS.depthMax)
      fail(d.line, 'parent_ref', `Goals align at most ${GOAL_LIMITS.depthMax} levels deep: align this goal higher up.`);
    if (d.krs.length > GOAL_LIMITS.keyResultsMax)
      fail(d.krs[GOAL_LIMITS.keyResultsMax]!.line, 'key_result', `A goal has at most ${GOAL_LIMITS.keyResultsMax} key results.`);

    const keyResults: ImportGoal['key_results'] = [];
    for (const kr of d.krs.slice(0, GOAL_LIMITS.keyResultsMax)) {
      const k = kr.cells;
      const krBefore = plan.errors.length;
      const kind = oneOf(kr.line, 'kr_kind', k.kr_kind, KEY_RESULT_KINDS, 'NUMBER');
      const input = {
        title: k.key_result,
        kind,
        start_value: number(kr.line, 'kr_start', k.kr_start),
        target_value: number(kr.line, 'kr_target', k.kr_target),
        current_value: number(kr.line, 'kr_current', k.kr_current),
        currency: k.kr_currency || null,
        weight: number(kr.line, 'kr_weight', k.kr_weight),
      };
      if (plan.errors.length > krBefore) continue;
      const parsed = keyResultInputSchema.safeParse(input);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) fail(kr.line, KR_PATH_COLUMN[String(issue.path[0])] ?? null, issue.message);
        continue;
      }
      const v = parsed.data;
      const binary = v.kind === 'BINARY';
      const start = binary ? 0 : v.start_value;
      keyResults.push({
        title: v.title,
        kind: v.kind,
        start_value: start,
        target_value: binary ? 1 : v.target_value,
        current_value: binary ? ((v.current_value ?? 0) >= 1 ? 1 : 0) : (v.current_value ?? start),
        currency: v.currency ?? null,
        weight: v.weight,
      });
    }
    if (ownerKind && visibility && status) {
      const parsed = goalInputSchema.safeParse({
        title: c.title,
        description: c.description,
        owner_kind: ownerKind,
        owner_user_id: ownerUser,
        owner_team_id: ownerTeam,
        visibility,
        status,
        start_date: c.start_date || null,
        due_date: c.due_date || null,
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const column = GOAL_PATH_COLUMN[String(issue.path[0])] ?? null;
          if (column === 'owner_team') continue; // said above
          fail(d.line, column, issue.message);
        }
      } else if (plan.errors.length === before) {
        const g = parsed.data;
        plan.goals.push({
          ref: d.ref,
          line: d.line,
          parentRef,
          goal: {
            title: g.title,
            description: g.description,
            owner_kind: ownerKind,
            owner_user_id: ownerUser,
            owner_team_id: ownerTeam,
            parent_id: null,
            start_date: g.start_date ?? null,
            due_date: g.due_date ?? null,
            visibility,
            status,
            key_results: keyResults,
          },
        });
        plan.keyResults += keyResults.length;
        if (plan.sample.length < 20) {
          plan.sample.push({
            line: d.line,
            title: g.title,
            owner: ownerKind === 'PERSON' ? c.owner_email : ownerKind === 'TEAM' ? c.owner_team : 'Company',
            parent: parentRef,
            due_date: g.due_date ?? null,
            key_results: keyResults.length,
          });
        }
      }
    }
  }

  plan.errors.sort((a, b) => a.line - b.line);
  return plan;
}

/** Writes a checked plan in one transaction: parents before children, then the roll-up. */
function writePlan(db: Db, orgId: string, by: string, plan: Plan): void {
  const ids = new Map(plan.goals.map((g) => [g.ref, newId()]));
  const at = nowIso();
  const byRef = new Map(plan.goals.map((g) => [g.ref, g]));
  const written = new Set<string>();
  const write = (ref: string) => {
    if (written.has(ref)) return;
    written.add(ref);
    const g = byRef.get(ref)!;
    let parent: string | null = null;
    if (g.parentRef) {
      if (byRef.has(g.parentRef)) {
        write(g.parentRef);
        parent = ids.get(g.parentRef)!;
      } else parent = g.parentRef;
    }
    insertImportedGoal(db, orgId, by, ids.get(ref)!, { ...g.goal, parent_id: parent }, at);
  };
  db.transaction(() => {
    for (const g of plan.goals) write(g.ref);
    for (const g of plan.goals) recomputeGoalProgress(db, ids.get(g.ref)!);
  });
}

const fmt = (n: number | null) => (n === null ? '' : String(n));
const exportRecord = (r: ExportRow) => [
  r.id,
  r.title,
  r.description,
  r.owner_kind,
  r.owner_email ?? '',
  r.owner_team ?? '',
  r.parent_id ?? '',
  r.start_date ?? '',
  r.due_date ?? '',
  r.visibility,
  r.status,
  r.kr_title ?? '',
  r.kr_kind ?? '',
  fmt(r.kr_start),
  fmt(r.kr_target),
  fmt(r.kr_current),
  r.kr_currency ?? '',
  fmt(r.kr_weight),
];

/**
 * A note row of an export: its text in the first cell, the others empty. Spreadsheets show it as a
 * line of text under the goals; the import skips such a row (`isNoteRow`).
 */
const noteRow = (text: string) => [`# ${text}`, ...GOAL_CSV_COLUMNS.slice(1).map(() => '')];
export const isNoteRow = (record: readonly string[]) => (record[0] ?? '').trimStart().startsWith('#') && record.slice(1).every((c) => c.trim() === '');

/**
 * The goals the viewer may read as CSV (formula-safe cells, with a BOM for spreadsheets), through the
 * same rule as the goals screens (docs/decisions/0049, 0055): a private goal is read by no admin, so no
 * export has it. A goal aligned under one the viewer may not read has no parent_ref (the screens show
 * its parent as hidden). When goals were left out, a last note row says how many.
 */
export function goalsCsv(db: Db, viewer: Viewer): { csv: string; exported: number; leftOut: number } {
  const rows = goalExportRows(db, viewer);
  const ids = new Set(rows.map((r) => r.id));
  const leftOut = countUnreadableGoals(db, viewer);
  const hiddenParents = rows.some((r) => r.parent_id && !ids.has(r.parent_id));
  const records = rows.map((r) => exportRecord(r.parent_id && !ids.has(r.parent_id) ? { ...r, parent_id: null } : r));
  const notes = leftOut
    ? [
        noteRow(
          `${leftOut === 1 ? '1 goal you may not see was' : `${leftOut} goals you may not see were`} left out${hiddenParents ? '; goals aligned under them have no parent_ref' : ''}.`,
        ),
      ]
    : [];
  return { csv: toSafeCsv([[...GOAL_CSV_COLUMNS], ...records, ...notes], { bom: true }), exported: ids.size, leftOut };
}

const csvArg = z.object({ csv: z.string() });

function registerGoalsCsvRoutes(app: FastifyInstance): void {
  /** GET /api/goals/export.csv with `Authorization: Bearer <access token>`, admin only: the goals the admin may read (goalsCsv). Recorded (GOALS_EXPORTED). */
  app.get('/api/goals/export.csv', { config: { rule: 'ADMIN' } }, async (request, reply) => {
    const viewer = viewerFromAccessToken(app, bearerToken(request.headers.authorization));
    if (!viewer) return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ error: 'UNAUTHENTICATED', message: 'Sign in to continue.' });
    if (viewer.permissionLevel !== 'ADMIN') return reply.code(403).send({ error: 'FORBIDDEN', message: 'Only an admin can do this.' });
    const { db } = app.services;
    if (!isFeatureAreaOn(db, viewer.organizationId, 'GOALS')) return reply.code(403).send({ error: 'FORBIDDEN', message: featureAreaOffMessage('GOALS') });
    const { csv, exported, leftOut } = goalsCsv(db, viewer);
    recordAudit(db, { ...auditActorOfRequest(request, viewer), action: 'GOALS_EXPORTED', details: { goals: exported, left_out: leftOut } });
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="teamlens-goals-${todayIn()}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(Readable.from([csv]));
  });
}

/** Goals part "csv": the import (preview, then all or nothing) and the export route. */
export const goalsCsvPart: FeaturePart = {
  resolvers: {
    Mutation: {
      previewGoalImport: (_: unknown, args: unknown, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        const { csv } = csvArg.parse(args);
        const plan = planGoalImport(ctx.services.db, viewer.organizationId, csv);
        return { goals: plan.goals.length, key_results: plan.keyResults, errors: plan.errors, sample: plan.sample };
      },
      importGoals: (_: unknown, args: unknown, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        const { csv } = csvArg.parse(args);
        const { db } = ctx.services;
        const plan = planGoalImport(db, viewer.organizationId, csv);
        if (plan.errors.length) {
          const first = plan.errors[0]!;
          throw badInput(
            `${plan.errors.length === 1 ? 'One row has an error' : `${plan.errors.length} problems`}; nothing was imported. Line ${first.line}${first.column ? `, ${first.column}` : ''}: ${first.message}`,
            { errors: plan.errors },
          );
        }
        if (!plan.goals.length) throw badInput('The file has no goals; nothing was imported.');
        writePlan(db, viewer.organizationId, viewer.userId, plan);
        ctx.log.info({ goals: plan.goals.length, by: viewer.userId }, 'goals imported');
        return { goals: plan.goals.length, key_results: plan.keyResults };
      },
    },
  },
  register: registerGoalsCsvRoutes,
};
