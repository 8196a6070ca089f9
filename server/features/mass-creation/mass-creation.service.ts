import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { AppError, badInput, conflict, forbidden, notFound } from '../../../shared/app-error.js';
import { createEmailCheck } from '../../../shared/email-check.js';
import type { MassCreateErrorType } from '../../../shared/enums.js';
import { MASS_CREATE_MAX_ROWS, MASS_CREATE_PROGRESS_EVERY } from '../../../shared/limits.js';
import { massCreateRowError, massCreateRowSchema, type MassCreateRow } from '../../../shared/mass-create.schema.js';
import { topics } from '../../graphql/pubsub.js';
import { newId } from '../../lib/tokens.js';
import type { Services } from '../../services.js';
import type { Viewer } from '../auth/viewer.js';
import { auditActorOf } from '../audit/audit.actor.js';
import { recordAudit, recordAuditAbout } from '../audit/audit.repo.js';
import { seatsAdded } from '../billing/billing.jobs.js';
import { seatLimitProblem } from '../billing/billing.state.js';
import { findOrganization } from '../org/org.repo.js';
import { listTeams } from '../teams/teams.repo.js';
import { findEmailOrganizations } from '../users/users.repo.js';
import {
  deleteNeverSignedInBatchUsers,
  findBatch,
  finishBatch,
  findOrgUsersByEmails,
  insertBatch,
  writeMassCreation,
  type NewMassUser,
} from './mass-creation.repo.js';
import { resolveManagers } from './mass-creation.managers.js';
import { planImport, type MassCreatePlan, type PlanRow } from './mass-creation.plan.js';
import { formatNumber } from '../../../shared/format.js';

const EMAIL_ERRORS: ReadonlySet<MassCreateErrorType> = new Set(['INVALID_EMAIL', 'BLOCKED_EMAIL_DOMAIN', 'DUPLICATE_IN_FILE', 'ALREADY_EXISTS']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * Rows validated between two yields to the event loop (progress delivery, other requests). Small
 * chunks also keep few validation results alive at once: with 1,000 a 50,000-row import peaked
 * about 5 MB higher (more short-lived objects outlived a young-generation collection), for the same time.
 */
const YIELD_EVERY = 250;

export type MassCreateUserError = { errorType: MassCreateErrorType; email: string; row: number; message: string };
export type MassCreateResult = {
  batch_id: string;
  count: number;
  usersWithErrors: MassCreateUserError[];
  totalUserWithEmailError: number;
  /** Ids of the people created (empty for a dry run), e.g. to send them their invitations. */
  created_ids: string[];
  /** Why the accepted rows do not fit the organization's seat limit (docs/decisions/0068); null when they do. The real run then writes nothing. */
  seat_limit: string | null;
} & MassCreatePlan;
export type MassCreateProgress = { batch_id: string; processed: number; total: number; created: number; failed: number; done: boolean };

/**
 * One input row and the number it is reported under. GraphQL rows are numbered index + 1;
 * CSV rows carry their spreadsheet row number (the header is row 1, so the first data row
 * is row 2), which the CSV route computes.
 */
export type NumberedRow = {
  row: number;
  data: unknown;
  /** Set when the row is broken before any field can be read (a ragged CSV line): INVALID_ROW. */
  problem?: string;
};

/**
 * Rows handed over to the engine, which takes them out one chunk at a time as it validates them:
 * a validated chunk is freed at once, so a 50,000-row upload never holds all its parsed rows
 * beside all its candidates (the CSV route fills one; docs/decisions/0008). Until taken, a row is
 * kept compact: its number and its cells in flat per-chunk arrays, the field names once for all
 * rows; its `data` object is built when its chunk is taken (and dies young, after validation).
 */
export class RowQueue {
  private readonly chunks: Array<QueuedChunk | undefined> = [];
  private next = 0;
  length = 0;

  /** `fields`: the field each cell of a row fills, in the order of `push`'s cells. */
  constructor(private readonly fields: readonly string[]) {}

  /** One row: a cell per field (undefined: the row has no such cell), and its problem if broken. */
  push(row: number, cells: ReadonlyArray<string | undefined>, problem?: string): void {
    let last = this.chunks[this.chunks.length - 1];
    if (last === undefined || last.rows.length === YIELD_EVERY) this.chunks.push((last = { rows: [], cells: [] }));
    if (problem !== undefined) (last.problems ??= new Map()).set(last.rows.length, problem);
    last.rows.push(row);
    for (let f = 0; f < this.fields.length; f++) last.cells.push(cells[f]);
    this.length++;
  }

  /** The next YIELD_EVERY rows (fewer at the end), which the queue no longer holds. */
  take(): NumberedRow[] {
    const chunk = this.chunks[this.next];
    this.chunks[this.next++] = undefined;
    if (chunk === undefined) return [];
    const width = this.fields.length;
    return chunk.rows.map((row, i) => {
      const data: Record<string, string> = {};
      for (let f = 0; f < width; f++) {
        const cell = chunk.cells[i * width + f];
        if (cell !== undefined) data[this.fields[f]!] = cell;
      }
      const problem = chunk.problems?.get(i);
      return problem === undefined ? { row, data } : { row, data, problem };
    });
  }
}
type QueuedChunk = { rows: number[]; cells: Array<string | undefined>; problems?: Map<number, string> };

export type MassCreateRequest = {
  /** The rows: an array (kept as is), or a RowQueue that the engine empties as it goes. */
  rows: readonly NumberedRow[] | RowQueue;
  dryRun?: boolean | null;
  batchId?: string | null;
  /** Teams named in rows are created unless the caller forbids it (false -> UNKNOWN_TEAM). */
  createTeams?: boolean | null;
  /** People whom other rows name as manager become MANAGER (when their row gives no level) unless false. */
  promoteManagers?: boolean | null;
  /** The caller's address, for the audit log. */
  ip?: string | null;
  /** An admin's "Add person" (one row): audited as USER_ADDED about that person, not as a bulk creation. */
  single?: boolean;
};

/** A row that passed the per-row checks; manager_id is set once the whole file is known. */
type Candidate = NewMassUser & PlanRow;

function toCandidate(row: number, data: MassCreateRow, raw: unknown, teamKey: string | null): Candidate {
  const level = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).permission_level : undefined;
  return {
    id: newId(),
    row,
    email: data.email,
    full_name: data.full_name,
    role: data.role ?? null,
    permission_level: data.permission_level,
    location: data.location ?? null,
    time_zone: data.time_zone ?? null,
    manager_email: data.manager_email ?? null,
    manager_id: null,
    team_key: teamKey,
    levelGiven: typeof level === 'string' && level.trim() !== '',
    division: data.division ?? null,
    department: data.department ?? null,
  };
}

/** A stored result of a batch finished before the plan existed, with the plan's fields empty. */
function withPlanDefaults(result: Partial<MassCreateResult>): MassCreateResult {
  return { created_ids: [], teams: [], divisions: [], promoted: [], seat_limit: null, ...result } as MassCreateResult;
}

function rawEmailOf(data: unknown): string {
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).email : undefined;
  // Echoed back in the error list: capped, so a garbage cell cannot bloat the answer.
  return typeof value === 'string' ? value.trim().slice(0, 320) : '';
}

/** A batch id in its stored form (lower case), or null when it is not a UUID. */
export function normalizeBatchId(value: string): string | null {
  return UUID.test(value) ? value.toLowerCase() : null;
}

function resolveBatchId(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return newId();
  const id = normalizeBatchId(value);
  if (id === null) throw badInput('batch_id: use a UUID (for example from crypto.randomUUID()).');
  return id;
}

/**
 * The stored result of a finished batch (done, or rolled back later) of the viewer's
 * organization. Null when there is none: unknown id, another organization's batch (which
 * must look exactly like an unknown one), a batch still running, or one that failed.
 */
export function findMassCreationResult(services: Services, viewer: Viewer, batchId: string): MassCreateResult | null {
  const id = normalizeBatchId(batchId);
  if (id === null) return null;
  const batch = findBatch(services.db, viewer.organizationId, id);
  if (!batch || (batch.status !== 'done' && batch.status !== 'rolled_back') || !batch.result) return null;
  return withPlanDefaults(batch.result as Partial<MassCreateResult>);
}

/**
 * Rollback: the batch's users who never signed in (INVITED, no last_login) are hard-deleted,
 * in one transaction. Soft delete would keep their emails taken forever (emails are globally
 * unique, deleted users included), so the corrected file could never be imported; nobody
 * ever used these accounts, so nothing refers to them that matters (sessions, tokens and
 * preferences cascade, manager links are set null). People who already signed in stay.
 * Teams the batch created stay as well: other people may have been put in them since, and
 * an empty team is harmless and easy to delete by hand.
 * Another organization's batch is NOT_FOUND, like an unknown id.
 */
export function rollbackMassCreation(services: Services, viewer: Viewer, batchId: string, ip: string | null = null): number {
  if (viewer.permissionLevel !== 'ADMIN') throw forbidden('Only an admin can roll back a mass creation.');
  const id = normalizeBatchId(batchId);
  const batch = id === null ? undefined : findBatch(services.db, viewer.organizationId, id);
  if (!batch) throw notFound('Mass creation batch');
  if (batch.status === 'running') throw conflict('This batch is still running; roll it back once it has finished.');
  if (batch.dry_run || batch.status === 'failed') return 0; // nothing was written
  const removed = services.db.transaction(() => {
    const n = deleteNeverSignedInBatchUsers(services.db, viewer.organizationId, batch.id);
    recordAudit(services.db, { ...auditActorOf(viewer, ip), action: 'MASS_CREATION_ROLLED_BACK', details: { batch_id: batch.id, removed: n } });
    return n;
  });
  services.log.info({ batchId: batch.id, removed, by: viewer.userId }, 'mass creation rolled back');
  return removed;
}

/**
 * The mass-creation engine, shared by the GraphQL mutation and the CSV upload.
 *
 * 1. Validation, in chunks with a yield to the event loop between them: the shared row
 *    schema (INVALID_EMAIL / INVALID_ROW), the organization's email check
 *    (BLOCKED_EMAIL_DOMAIN), repeats in the file (DUPLICATE_IN_FILE, second and later rows),
 *    emails of the organization's users, deleted or not (ALREADY_EXISTS), emails of another
 *    organization's users only on the real run, with a message that says nothing about them
 *    (ALREADY_EXISTS, ADDRESS_UNAVAILABLE; docs/decisions/0044), teams (UNKNOWN_TEAM).
 *    All lookups are set lookups loaded with a few chunked queries, never one per row.
 * 2. Managers, once the whole file is known (mass-creation.managers.ts): a manager is a live
 *    user of the organization or a valid row of this batch, in any order; a row whose manager
 *    row fails fails too (UNKNOWN_MANAGER), transitively.
 * 3. The plan (mass-creation.plan.ts): managers promoted, new teams' managers, divisions and
 *    departments in the company structure. A dry run answers it exactly as the import applies it.
 * 4. Writes: teams, structure, users (INVITED, unverified, no password, mass_batch_id), team
 *    managers and the batch's result in ONE synchronous transaction; a dry run skips this step.
 * Progress is published every MASS_CREATE_PROGRESS_EVERY rows, and once more with done: true.
 */
/**
 * The real run's answer for an address held by another organization (deleted people included):
 * no organization named, nothing said about whether it exists (docs/decisions/0044).
 */
export const ADDRESS_UNAVAILABLE = 'email: this address cannot be used; ask the person for another one.';

export async function runMassCreation(services: Services, viewer: Viewer, request: MassCreateRequest): Promise<MassCreateResult> {
  if (viewer.permissionLevel !== 'ADMIN') throw forbidden('Only an admin can create users in bulk.');
  const { db, pubsub, log } = services;
  const total = request.rows.length;
  if (total === 0) throw badInput('Give at least one row.');
  if (total > MASS_CREATE_MAX_ROWS) throw badInput(`At most ${formatNumber(MASS_CREATE_MAX_ROWS)} rows at once; this has ${formatNumber(total)}.`);
  const batchId = resolveBatchId(request.batchId);
  const dryRun = request.dryRun === true;
  const createTeams = request.createTeams !== false;
  const orgId = viewer.organizationId;
  const org = findOrganization(db, orgId);
  if (!org) throw forbidden('This organization is closed.');

  // Claims the id before any await, so two requests with one batch id cannot both run.
  if (!insertBatch(db, { id: batchId, organizationId: orgId, createdBy: viewer.userId, dryRun, total })) {
    throw conflict('This batch_id was already used in this organization; choose a new one.');
  }

  const topic = topics.massCreateProgress(orgId, batchId);
  const errors: MassCreateUserError[] = [];
  const fail = (row: number, email: string, errorType: MassCreateErrorType, message: string) => errors.push({ errorType, email, row, message });
  const publish = (processed: number, created: number, done: boolean) => {
    const event: MassCreateProgress = { batch_id: batchId, processed, total, created, failed: errors.length, done };
    pubsub.publish(topic, event);
  };

  try {
    const emailCheck = createEmailCheck({ allowed: org.allowed_email_domains, blocked: org.blocked_email_domains });
    const teamRows = listTeams(db, orgId);
    const liveTeams = new Map(teamRows.map((t) => [t.name.toLowerCase(), t.id]));
    const liveNames = new Map(teamRows.map((t) => [t.name.toLowerCase(), t.name]));
    /** Every syntactically valid email of the file -> the first row that has it. */
    const seen = new Map<string, number>();
    const candidates: Candidate[] = [];
    const newTeams = new Map<string, string>();
    /** One string per team key, shared by all its rows (lower-casing makes a new string per row). */
    const teamKeys = new Map<string, string>();
    const { rows } = request;

    for (let start = 0; start < total; start += YIELD_EVERY) {
      if (start > 0) await yieldToEventLoop();
      const chunk = rows instanceof RowQueue ? rows.take() : rows.slice(start, start + YIELD_EVERY);
      const parsed = chunk.map(({ data }) => massCreateRowSchema.safeParse(data));
      // Emails that are syntactically valid (also in rows failing on another field).
      const emails = parsed.map((p, i) =>
        p.success ? p.data.email : massCreateRowError(p.error).errorType === 'INVALID_EMAIL' ? null : rawEmailOf(chunk[i]!.data).toLowerCase(),
      );
      const owners = findEmailOrganizations(
        db,
        emails.filter((e): e is string => e !== null),
      );

      chunk.forEach(({ row, data, problem }, i) => {
        const result = parsed[i]!;
        const email = problem === undefined ? emails[i] : undefined;
        const blockedAs = email ? emailCheck.classify(email) : null;
        if (problem !== undefined) {
          fail(row, rawEmailOf(data), 'INVALID_ROW', problem);
        } else if (email === null || email === undefined) {
          fail(row, rawEmailOf(data), 'INVALID_EMAIL', result.success ? 'email: Enter a valid email address.' : massCreateRowError(result.error).message);
        } else if (blockedAs !== null) {
          fail(
            row,
            email,
            'BLOCKED_EMAIL_DOMAIN',
            blockedAs === 'blocked'
              ? `email: ${email.slice(email.lastIndexOf('@') + 1)} is blocked by this organization.`
              : `email: use a work address; ${blockedAs === 'free' ? 'free mail providers' : 'disposable mail domains'} are not accepted.`,
          );
        } else if (seen.has(email)) {
          fail(row, email, 'DUPLICATE_IN_FILE', `email: ${email} is already in row ${seen.get(email)} of this file.`);
        } else if (owners.get(email) === orgId) {
          fail(row, email, 'ALREADY_EXISTS', `email: a user with ${email} already exists.`);
        } else if (owners.has(email) && !dryRun) {
          // Another organization's address (docs/decisions/0044): a dry run answers as for an unused one;
          // only the real run, which cannot create it, refuses it, without saying why.
          fail(row, email, 'ALREADY_EXISTS', ADDRESS_UNAVAILABLE);
        } else if (!result.success) {
          fail(row, email, 'INVALID_ROW', massCreateRowError(result.error).message);
        } else {
          // The department is the team when the file has no team column (docs/decisions/0029).
          const teamName = result.data.team ?? result.data.department;
          const lower = teamName?.toLowerCase();
          const teamKey = lower === undefined ? null : (teamKeys.get(lower) ?? (teamKeys.set(lower, lower), lower));
          if (teamKey !== null && !liveTeams.has(teamKey) && !newTeams.has(teamKey)) {
            if (!createTeams) {
              fail(row, email, 'UNKNOWN_TEAM', `team: there is no team "${teamName}" (creating teams was turned off).`);
            } else {
              newTeams.set(teamKey, teamName!);
              candidates.push(toCandidate(row, result.data, data, teamKey));
            }
          } else {
            candidates.push(toCandidate(row, result.data, data, teamKey));
          }
        }
        if (email && !seen.has(email)) seen.set(email, row);
        const processed = start + i + 1;
        if (processed % MASS_CREATE_PROGRESS_EVERY === 0 && processed < total) publish(processed, 0, false);
      });
    }

    const managerEmails = candidates.flatMap((c) => (c.manager_email ? [c.manager_email] : []));
    const orgManagers = findOrgUsersByEmails(db, orgId, managerEmails);
    const accepted = resolveManagers(candidates, orgManagers, seen, fail);
    // A team is created only when an accepted row still names it.
    const usedTeamKeys = new Set(accepted.map((a) => a.team_key));
    for (const key of [...newTeams.keys()]) if (!usedTeamKeys.has(key)) newTeams.delete(key);

    const { plan, write } = planImport(db, orgId, accepted, orgManagers, { live: liveTeams, liveNames, newTeams }, request.promoteManagers !== false);

    errors.sort((a, b) => a.row - b.row);
    // The seat limit (docs/decisions/0068): the preview says it; the import is refused whole, before anything is written.
    const seatProblem = accepted.length > 0 ? seatLimitProblem(services, orgId, accepted.length) : null;
    if (seatProblem && !dryRun) throw conflict(seatProblem);
    const result: MassCreateResult = {
      batch_id: batchId,
      count: accepted.length,
      usersWithErrors: errors,
      totalUserWithEmailError: errors.filter((e) => EMAIL_ERRORS.has(e.errorType)).length,
      created_ids: dryRun ? [] : accepted.map((a) => a.id),
      seat_limit: seatProblem,
      ...plan,
    };

    if (dryRun) {
      finishBatch(db, orgId, batchId, { status: 'done', created: 0, result });
    } else {
      db.transaction(() => {
        const created = writeMassCreation(db, { organizationId: orgId, batchId, teamIds: liveTeams, newTeams, users: accepted, result, ...write });
        // Nothing created, nothing to audit (a refused "Add person" is not a bulk creation of 0 people).
        if (request.single && accepted.length === 1)
          recordAuditAbout(db, auditActorOf(viewer, request.ip), 'USER_ADDED', [{ id: accepted[0]!.id, email: accepted[0]!.email }]);
        else if (created > 0) recordAudit(db, { ...auditActorOf(viewer, request.ip), action: 'USERS_MASS_CREATED', details: { batch_id: batchId, created } });
      });
      seatsAdded(services, orgId);
    }
    publish(total, dryRun ? 0 : accepted.length, true);
    return result;
  } catch (err) {
    try {
      finishBatch(db, orgId, batchId, { status: 'failed', created: 0 });
    } catch (markErr) {
      log.error({ err: markErr, batchId }, 'could not mark a mass creation batch as failed');
    }
    publish(total, 0, true);
    if (err instanceof AppError) throw err;
    // A unique constraint at write time: someone created one of these people or teams
    // while the file was being validated. The transaction rolled back; nothing was written.
    if ((err as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
      log.warn({ err, batchId }, 'mass creation conflicted with a concurrent change');
      throw conflict('Some of these people or teams were created by someone else while the import ran. Nothing was created; run the import again.');
    }
    throw err;
  }
}
