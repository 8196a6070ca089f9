import { and, asc, count, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { inJsonList, jsonList, prepared, preparedRows } from '../../db/prepared.js';
import type { PermissionLevel, UserStatus, WidgetType } from '../../../shared/enums.js';
import { DEFAULT_WIDGETS } from '../../../shared/enums.js';
import { nowIso } from '../../lib/tokens.js';
import { userSecondaryEmails, userSecondaryPhones, users, widgetPreferences } from './users.tables.js';

/** For another feature's repo that joins people in one statement (docs/decisions/0076). */
export { users };

export type UserRow = typeof users.$inferSelect;

/** The names of the users table's columns (a list reads only the ones its fields need: users.columns.ts). */
export const USER_COLUMN_NAMES: ReadonlySet<string> = new Set(Object.keys(getTableColumns(users)));
export type UserPatch = Partial<Omit<UserRow, 'id' | 'organization_id' | 'created_at'>>;
export type ListFilter = { status?: UserStatus | null; permission_level?: PermissionLevel | null; includeDeleted?: boolean };

const CHUNK = 500;

/** Runs an IN (...) write in chunks so any number of ids stays under SQLite's variable limit. */
function chunked<T>(ids: readonly string[], run: (part: string[]) => T[]): T[] {
  const unique = [...new Set(ids)];
  if (unique.length <= CHUNK) return unique.length ? run(unique) : [];
  const out: T[] = [];
  for (let i = 0; i < unique.length; i += CHUNK) out.push(...run(unique.slice(i, i + CHUNK)));
  return out;
}

function visible(orgId: string, includeDeleted = false): SQL {
  return includeDeleted ? eq(users.organization_id, orgId) : and(eq(users.organization_id, orgId), isNull(users.deleted_at))!;
}

/** Organization scope with placeholders: `includeDeleted` is 0 or 1. */
const scoped = () => and(eq(users.organization_id, sql.placeholder('orgId')), sql`(${sql.placeholder('includeDeleted')} = 1 or ${users.deleted_at} is null)`);

export function findUserById(db: Db, orgId: string, id: string, opts: { includeDeleted?: boolean } = {}): UserRow | undefined {
  const query = preparedRows<UserRow>(db, 'users.byId', users, () =>
    db
      .select()
      .from(users)
      .where(and(scoped(), eq(users.id, sql.placeholder('id')))),
  );
  return query.get({ orgId, id, includeDeleted: opts.includeDeleted ? 1 : 0 });
}

export function findUsersByIds(db: Db, orgId: string, ids: readonly string[], opts: { includeDeleted?: boolean } = {}): UserRow[] {
  if (!ids.length) return [];
  const query = preparedRows<UserRow>(db, 'users.byIds', users, () =>
    db
      .select()
      .from(users)
      .where(and(scoped(), inJsonList(users.id, 'ids'))),
  );
  return query.all({ orgId, ids: jsonList(ids), includeDeleted: opts.includeDeleted ? 1 : 0 });
}

const listShapes = new WeakMap<Db, Set<string>>();

/**
 * The organization's users, by name. `columns` (userColumnsFor) reads only those columns: the
 * other keys of the rows are then missing. At most 64 column sets get a statement of their own;
 * beyond that every list reads whole rows.
 */
export function listUsers(db: Db, orgId: string, filter: ListFilter = {}, columns: ReadonlyArray<keyof UserRow> | null = null): UserRow[] {
  let shapes = listShapes.get(db);
  if (!shapes) listShapes.set(db, (shapes = new Set()));
  const shape = columns && (shapes.has(columns.join(',')) || shapes.size < 64) ? columns.join(',') : '*';
  shapes.add(shape);
  const fields = shape === '*' ? getTableColumns(users) : Object.fromEntries(columns!.map((c) => [c, users[c]]));
  const query = preparedRows<UserRow>(db, `users.list:${shape}`, users, () =>
    db
      .select(fields)
      .from(users)
      .where(
        and(
          scoped(),
          sql`(${sql.placeholder('status')} is null or ${users.status} = ${sql.placeholder('status')})`,
          sql`(${sql.placeholder('level')} is null or ${users.permission_level} = ${sql.placeholder('level')})`,
        ),
      )
      .orderBy(asc(users.full_name), asc(users.id)),
  );
  return query.all({ orgId, includeDeleted: filter.includeDeleted ? 1 : 0, status: filter.status ?? null, level: filter.permission_level ?? null });
}

export function listUsersByTeamIds(db: Db, orgId: string, teamIds: readonly string[]): UserRow[] {
  if (!teamIds.length) return [];
  const query = preparedRows<UserRow>(db, 'users.byTeamIds', users, () =>
    db
      .select()
      .from(users)
      .where(and(scoped(), inJsonList(users.team_id, 'ids')))
      .orderBy(asc(users.full_name)),
  );
  return query.all({ orgId, ids: jsonList(teamIds), includeDeleted: 0 });
}

export function listUsersByManagerIds(db: Db, orgId: string, managerIds: readonly string[]): UserRow[] {
  if (!managerIds.length) return [];
  const query = prepared(db, 'users.byManagerIds', () =>
    db
      .select()
      .from(users)
      .where(and(scoped(), inJsonList(users.manager_id, 'ids')))
      .prepare(),
  );
  return query.all({ orgId, ids: jsonList(managerIds), includeDeleted: 0 });
}

export function findUserByEmail(db: Db, orgId: string, email: string, opts: { includeDeleted?: boolean } = {}): UserRow | undefined {
  return db
    .select()
    .from(users)
    .where(and(visible(orgId, opts.includeDeleted), eq(users.email, email.trim().toLowerCase())))
    .get();
}

/** Emails are unique across the whole server (they are the sign-in name), deleted users included. */
export function emailTaken(db: Db, email: string): boolean {
  return !!db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

/** Which organization holds each of these (lower-case) emails, deleted users included: email -> organization id. */
export function findEmailOrganizations(db: Db, emails: readonly string[]): Map<string, string> {
  return new Map(
    chunked(emails, (part) =>
      db.select({ email: users.email, organization_id: users.organization_id }).from(users).where(inArray(users.email, part)).all(),
    ).map((r) => [r.email, r.organization_id]),
  );
}

export function updateUser(db: Db, orgId: string, id: string, patch: UserPatch): void {
  if (Object.keys(patch).length === 0) return;
  db.update(users)
    .set(patch)
    .where(and(eq(users.organization_id, orgId), eq(users.id, id)))
    .run();
}

export function updateUsers(db: Db, orgId: string, ids: readonly string[], patch: UserPatch): void {
  if (Object.keys(patch).length === 0) return;
  db.transaction(() => {
    chunked(ids, (part) => {
      db.update(users)
        .set(patch)
        .where(and(visible(orgId), inArray(users.id, part)))
        .run();
      return [];
    });
  });
}

/** Soft delete; returns the ids actually removed. Their direct reports lose that manager. */
export function softDeleteUsers(db: Db, orgId: string, ids: readonly string[]): string[] {
  return db.transaction(() => {
    const found = findUsersByIds(db, orgId, ids).map((u) => u.id);
    const at = nowIso();
    chunked(found, (part) => {
      db.update(users)
        .set({ deleted_at: at })
        .where(and(eq(users.organization_id, orgId), inArray(users.id, part)))
        .run();
      db.update(users)
        .set({ manager_id: null })
        .where(and(eq(users.organization_id, orgId), inArray(users.manager_id, part)))
        .run();
      return [];
    });
    return found;
  });
}

/** Records that an invitation was just sent to these people (the latest one counts). */
export function markInvited(db: Db, orgId: string, ids: readonly string[], at = nowIso()): void {
  chunked(ids, (part) => {
    db.update(users)
      .set({ invited_at: at })
      .where(and(eq(users.organization_id, orgId), inArray(users.id, part)))
      .run();
    return [];
  });
}

/** INVITED people among these whose invitation link was ended (docs/decisions/0057): "not invited" again, until an admin sends a new one. */
export function clearInvitedAt(db: Db, orgId: string, ids: readonly string[]): void {
  chunked(ids, (part) => {
    db.update(users)
      .set({ invited_at: null })
      .where(and(eq(users.organization_id, orgId), inArray(users.id, part), eq(users.status, 'INVITED')))
      .run();
    return [];
  });
}

/** Live INVITED people of the organization who were never sent an invitation. */
export function findNotInvitedUsers(db: Db, orgId: string): UserRow[] {
  return db
    .select()
    .from(users)
    .where(and(visible(orgId), eq(users.status, 'INVITED'), isNull(users.invited_at)))
    .orderBy(asc(users.full_name), asc(users.id))
    .all();
}

export function countActiveAdmins(db: Db, orgId: string): number {
  return (
    db
      .select({ n: count() })
      .from(users)
      .where(and(visible(orgId), eq(users.permission_level, 'ADMIN'), eq(users.status, 'ACTIVE')))
      .get()?.n ?? 0
  );
}

export function secondaryEmailsByUserIds(db: Db, userIds: readonly string[]) {
  if (!userIds.length) return [];
  return prepared(db, 'users.secondaryEmails', () => db.select().from(userSecondaryEmails).where(inJsonList(userSecondaryEmails.user_id, 'ids')).prepare()).all(
    { ids: jsonList(userIds) },
  );
}

export function secondaryPhonesByUserIds(db: Db, userIds: readonly string[]) {
  if (!userIds.length) return [];
  return prepared(db, 'users.secondaryPhones', () => db.select().from(userSecondaryPhones).where(inJsonList(userSecondaryPhones.user_id, 'ids')).prepare()).all(
    { ids: jsonList(userIds) },
  );
}

export function getWidgetPreferences(db: Db, userId: string): WidgetType[] {
  return db.select().from(widgetPreferences).where(eq(widgetPreferences.user_id, userId)).get()?.enabled_widgets ?? [...DEFAULT_WIDGETS];
}

export function setWidgetPreferences(db: Db, userId: string, widgets: WidgetType[]): void {
  db.insert(widgetPreferences)
    .values({ user_id: userId, enabled_widgets: widgets })
    .onConflictDoUpdate({ target: widgetPreferences.user_id, set: { enabled_widgets: widgets, updated_at: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` } })
    .run();
}

export function insertUser(db: Db, row: typeof users.$inferInsert): void {
  db.insert(users)
    .values({ ...row, email: row.email.trim().toLowerCase() })
    .run();
}

/** Live people per sub-department of the organization; the null key counts those without one. */
export function countUsersBySubdepartment(db: Db, orgId: string): Map<string | null, number> {
  const rows = db.select({ subdepartment_id: users.subdepartment_id, n: count() }).from(users).where(visible(orgId)).groupBy(users.subdepartment_id).all();
  return new Map(rows.map((r) => [r.subdepartment_id, r.n]));
}

/** Live people of each of these teams (members only: a manager or lead who is not a member is not counted). */
export function countMembersByTeamIds(db: Db, orgId: string, teamIds: readonly string[]): Map<string, number> {
  if (!teamIds.length) return new Map();
  const rows = prepared(db, 'teams.memberCounts', () =>
    db
      .select({ team_id: users.team_id, n: count() })
      .from(users)
      .where(and(eq(users.organization_id, sql.placeholder('orgId')), isNull(users.deleted_at), inJsonList(users.team_id, 'ids')))
      .groupBy(users.team_id)
      .prepare(),
  ).all({ orgId, ids: jsonList(teamIds) });
  return new Map(rows.map((r) => [r.team_id ?? '', r.n]));
}
