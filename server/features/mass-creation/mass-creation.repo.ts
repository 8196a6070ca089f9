import { and, asc, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Statement } from 'better-sqlite3';
import { alias } from 'drizzle-orm/sqlite-core';
import { deferForeignKeys, withPageCache, type Db } from '../../db/connection.js';
import { statement } from '../../db/sqlite.js';
import type { PermissionLevel } from '../../../shared/enums.js';
import { nowIso } from '../../lib/tokens.js';
import { createBusinessUnit, createDepartment, listBusinessUnits, listDepartments } from '../org/org.repo.js';
import { createTeam, teams } from '../teams/teams.repo.js';
import { users } from '../users/users.repo.js';
import { massCreationBatches } from './mass-creation.tables.js';

/*
 * All SQL of mass creation. Most reads of other features go through their repos
 * (findEmailOrganizations, listTeams, createTeam); the statements below that touch the users and
 * teams tables directly exist because no repo function covers them in bulk: a prepared
 * insert for up to 50,000 users, org-scoped email -> id lookups in chunks, the batch's hard delete, and the keyset-paged export join.
 */

export type BatchRow = typeof massCreationBatches.$inferSelect;
export type BatchStatus = BatchRow['status'];

/** SQLite's default limit on bound variables is 32,766; stay far below it. */
const CHUNK = 500;
/**
 * SQLite's page cache while a mass creation writes, in KiB (the connection's is 32 MB): with 50,000
 * users it would otherwise hold ~30 MB of dirty pages until the commit (docs/decisions/0008).
 */
const WRITE_CACHE_KIB = 4_000;

export function insertBatch(db: Db, input: { id: string; organizationId: string; createdBy: string; dryRun: boolean; total: number }): boolean {
  const res = db
    .insert(massCreationBatches)
    .values({
      id: input.id,
      organization_id: input.organizationId,
      created_by: input.createdBy,
      status: 'running',
      dry_run: input.dryRun,
      total: input.total,
    })
    .onConflictDoNothing()
    .run();
  return res.changes === 1;
}

export function findBatch(db: Db, orgId: string, id: string): BatchRow | undefined {
  return db
    .select()
    .from(massCreationBatches)
    .where(and(eq(massCreationBatches.organization_id, orgId), eq(massCreationBatches.id, id)))
    .get();
}

/** A batch id is its organization's (docs/decisions/0057): every write names both. */
export function finishBatch(db: Db, orgId: string, id: string, patch: { status: BatchStatus; created?: number; result?: unknown }): void {
  db.update(massCreationBatches)
    .set({ ...patch, finished_at: nowIso() })
    .where(and(eq(massCreationBatches.organization_id, orgId), eq(massCreationBatches.id, id)))
    .run();
}

/** Non-deleted users of the organization among these (lower-case) emails: email -> id and name. */
export function findOrgUsersByEmails(db: Db, orgId: string, emails: readonly string[]): Map<string, { id: string; full_name: string }> {
  const unique = [...new Set(emails)];
  const out = new Map<string, { id: string; full_name: string }>();
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = db
      .select({ id: users.id, email: users.email, full_name: users.full_name })
      .from(users)
      .where(and(eq(users.organization_id, orgId), isNull(users.deleted_at), inArray(users.email, unique.slice(i, i + CHUNK))))
      .all();
    for (const r of rows) out.set(r.email, { id: r.id, full_name: r.full_name });
  }
  return out;
}

/** The organization's business units by lower-case name, each with its departments by lower-case name. */
export function listStructureByName(db: Db, orgId: string): Map<string, { id: string; name: string; departments: Map<string, string> }> {
  const out = new Map<string, { id: string; name: string; departments: Map<string, string> }>();
  const byId = new Map<string, Map<string, string>>();
  for (const unit of listBusinessUnits(db, orgId)) {
    const departmentsOf = new Map<string, string>();
    byId.set(unit.id, departmentsOf);
    out.set(unit.unit_name.toLowerCase(), { id: unit.id, name: unit.unit_name, departments: departmentsOf });
  }
  for (const dep of listDepartments(db, orgId)) byId.get(dep.business_unit_id)?.set(dep.name.toLowerCase(), dep.name);
  return out;
}

export type NewMassUser = {
  id: string;
  email: string;
  full_name: string;
  role: string | null;
  permission_level: PermissionLevel;
  location: string | null;
  time_zone: string | null;
  manager_id: string | null;
  /** Lower-case team name: an existing team's id is looked up in `teamIds`. */
  team_key: string | null;
};

export type MassCreationWrite = {
  organizationId: string;
  batchId: string;
  /** Lower-case name -> id of the existing teams rows refer to. */
  teamIds: Map<string, string>;
  /** Teams to create first: lower-case key -> name as first written. */
  newTeams: Map<string, string>;
  users: readonly NewMassUser[];
  /** Team key -> the manager a new team gets (a user id, possibly of this batch). */
  teamManagers: Map<string, string>;
  /** Business units to create with their departments (lower-case key -> name). */
  newUnits: Map<string, { name: string; departments: Map<string, string> }>;
  /** Departments to add under existing business units. */
  existingUnits: Map<string, { id: string; newDepartments: Map<string, string> }>;
  result: unknown;
};

/**
 * Creates the batch's teams and users and marks the batch done, in ONE synchronous
 * transaction: if any statement fails, nothing of the batch is written. Foreign keys are
 * checked at commit (defer_foreign_keys), so a row may name a manager that is inserted after
 * it, in any order. Returns the number of users created.
 */
export function writeMassCreation(db: Db, plan: MassCreationWrite): number {
  // A raw prepared statement: drizzle's per-call placeholder mapping costs more than the
  // insert itself at 50,000 rows. Booleans are 0/1 in SQLite.
  const insert = statement(
    db,
    `
    INSERT INTO users (id, organization_id, email, full_name, role, permission_level, location, time_zone,
                       manager_id, team_id, status, email_verified, password_hash, mass_batch_id)
    VALUES (@id, @organization_id, @email, @full_name, @role, @permission_level, @location, @time_zone,
            @manager_id, @team_id, 'INVITED', 0, NULL, @mass_batch_id)`,
  );

  // The connection's page cache (32 MB) would fill with the batch's dirty pages (50,000 users and
  // their indexes): a small cache makes SQLite spill them to the WAL as it goes, still uncommitted.
  return withPageCache(db, WRITE_CACHE_KIB, () => writeInTransaction(db, plan, insert));
}

function writeInTransaction(db: Db, plan: MassCreationWrite, insert: Statement): number {
  return db.transaction(() => {
    deferForeignKeys(db); // reset by SQLite at the end of the transaction
    const teamIds = new Map(plan.teamIds);
    for (const [key, name] of plan.newTeams) teamIds.set(key, createTeam(db, plan.organizationId, { name }).id);
    for (const { name, departments } of plan.newUnits.values()) {
      const unit = createBusinessUnit(db, plan.organizationId, name);
      for (const dep of departments.values()) createDepartment(db, plan.organizationId, unit.id, dep);
    }
    for (const { id, newDepartments } of plan.existingUnits.values()) {
      for (const dep of newDepartments.values()) createDepartment(db, plan.organizationId, id, dep);
    }
    for (const u of plan.users) {
      insert.run({
        id: u.id,
        organization_id: plan.organizationId,
        email: u.email,
        full_name: u.full_name,
        role: u.role,
        permission_level: u.permission_level,
        location: u.location,
        time_zone: u.time_zone,
        manager_id: u.manager_id,
        mass_batch_id: plan.batchId,
        team_id: u.team_key === null ? null : (teamIds.get(u.team_key) ?? null),
      });
    }
    // Managers of new teams once their users exist (they may be rows of this batch).
    for (const [key, managerId] of plan.teamManagers) {
      const teamId = teamIds.get(key);
      if (teamId !== undefined && plan.newTeams.has(key))
        db.update(teams)
          .set({ manager_id: managerId })
          .where(and(eq(teams.organization_id, plan.organizationId), eq(teams.id, teamId)))
          .run();
    }
    finishBatch(db, plan.organizationId, plan.batchId, { status: 'done', created: plan.users.length, result: plan.result });
    return plan.users.length;
  });
}

/**
 * Rollback of a batch: hard-deletes its users of this organization who never signed in
 * (status INVITED and no last_login), then marks the batch rolled_back, in one transaction.
 * Returns how many users were removed.
 */
export function deleteNeverSignedInBatchUsers(db: Db, orgId: string, batchId: string): number {
  return db.transaction(() => {
    const res = db
      .delete(users)
      .where(and(eq(users.organization_id, orgId), eq(users.mass_batch_id, batchId), eq(users.status, 'INVITED'), isNull(users.last_login)))
      .run();
    db.update(massCreationBatches)
      .set({ status: 'rolled_back', finished_at: nowIso() })
      .where(and(eq(massCreationBatches.organization_id, orgId), eq(massCreationBatches.id, batchId)))
      .run();
    return res.changes;
  });
}

export type ExportUserRow = {
  email: string;
  full_name: string;
  role: string | null;
  permission_level: string;
  team: string | null;
  manager_email: string | null;
  location: string | null;
  time_zone: string | null;
  status: string;
  created_at: string;
  last_login: string | null;
  deleted_at: string | null;
};

/**
 * One page of the organization's users for the CSV export, ordered by email (unique), after
 * `afterEmail`. Keyset pages keep each query short, so the export never holds a statement open
 * across awaits (better-sqlite3 forbids other queries while an iterator is open).
 */
export function pageUsersForExport(db: Db, orgId: string, opts: { includeDeleted: boolean; afterEmail: string | null; limit: number }): ExportUserRow[] {
  const manager = alias(users, 'manager');
  const conds: SQL[] = [eq(users.organization_id, orgId)];
  if (!opts.includeDeleted) conds.push(isNull(users.deleted_at));
  if (opts.afterEmail !== null) conds.push(gt(users.email, opts.afterEmail));
  return db
    .select({
      email: users.email,
      full_name: users.full_name,
      role: users.role,
      permission_level: users.permission_level,
      team: teams.name,
      manager_email: manager.email,
      location: users.location,
      time_zone: users.time_zone,
      status: users.status,
      created_at: users.created_at,
      last_login: users.last_login,
      deleted_at: users.deleted_at,
    })
    .from(users)
    .leftJoin(teams, and(eq(teams.id, users.team_id), eq(teams.organization_id, orgId), isNull(teams.deleted_at)))
    .leftJoin(manager, and(eq(manager.id, users.manager_id), eq(manager.organization_id, orgId), isNull(manager.deleted_at)))
    .where(and(...conds))
    .orderBy(asc(users.email))
    .limit(opts.limit)
    .all();
}
