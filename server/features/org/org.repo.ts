import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { inJsonList, jsonList, prepared } from '../../db/prepared.js';
import { newId, nowIso } from '../../lib/tokens.js';
import { businessUnits, departments, githubIntegrations, organizations, subdepartments } from './org.tables.js';

/** For another feature's repo that joins organizations in one statement (docs/decisions/0076). */
export { organizations };

export type OrganizationRow = typeof organizations.$inferSelect;

export function findOrganization(db: Db, id: string): OrganizationRow | undefined {
  return db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, id), isNull(organizations.deleted_at)))
    .get();
}

export function countOrganizations(db: Db): number {
  return db.select({ id: organizations.id }).from(organizations).all().length;
}

export function createOrganization(db: Db, name: string): OrganizationRow {
  const id = newId();
  db.insert(organizations).values({ id, name: name.trim() }).run();
  return db.select().from(organizations).where(eq(organizations.id, id)).get()!;
}

export function closeOrganization(db: Db, id: string): void {
  db.update(organizations).set({ deleted_at: nowIso() }).where(eq(organizations.id, id)).run();
}

export function listGithubIntegrations(db: Db, orgId: string) {
  return db.select().from(githubIntegrations).where(eq(githubIntegrations.organization_id, orgId)).orderBy(asc(githubIntegrations.created_at)).all();
}

export function listBusinessUnits(db: Db, orgId: string) {
  return db.select().from(businessUnits).where(eq(businessUnits.organization_id, orgId)).orderBy(asc(businessUnits.unit_name)).all();
}

export function listDepartments(db: Db, orgId: string) {
  return db.select().from(departments).where(eq(departments.organization_id, orgId)).orderBy(asc(departments.name)).all();
}

export function listSubdepartments(db: Db, orgId: string) {
  return db.select().from(subdepartments).where(eq(subdepartments.organization_id, orgId)).orderBy(asc(subdepartments.title)).all();
}

export function findSubdepartmentsByIds(db: Db, orgId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  return prepared(db, 'org.subdepartmentsByIds', () =>
    db
      .select()
      .from(subdepartments)
      .where(and(eq(subdepartments.organization_id, sql.placeholder('orgId')), inJsonList(subdepartments.id, 'ids')))
      .prepare(),
  ).all({ orgId, ids: jsonList(ids) });
}

export function findDepartmentsByIds(db: Db, orgId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  return prepared(db, 'org.departmentsByIds', () =>
    db
      .select()
      .from(departments)
      .where(and(eq(departments.organization_id, sql.placeholder('orgId')), inJsonList(departments.id, 'ids')))
      .prepare(),
  ).all({ orgId, ids: jsonList(ids) });
}

export function findBusinessUnitsByIds(db: Db, orgId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  return prepared(db, 'org.businessUnitsByIds', () =>
    db
      .select()
      .from(businessUnits)
      .where(and(eq(businessUnits.organization_id, sql.placeholder('orgId')), inJsonList(businessUnits.id, 'ids')))
      .prepare(),
  ).all({ orgId, ids: jsonList(ids) });
}

export function createBusinessUnit(db: Db, orgId: string, unitName: string) {
  const row = { id: newId(), organization_id: orgId, unit_name: unitName };
  db.insert(businessUnits).values(row).run();
  return row;
}

export function createDepartment(db: Db, orgId: string, businessUnitId: string, name: string) {
  const row = { id: newId(), organization_id: orgId, business_unit_id: businessUnitId, name };
  db.insert(departments).values(row).run();
  return row;
}

export function createSubdepartment(db: Db, orgId: string, departmentId: string, title: string) {
  const row = { id: newId(), organization_id: orgId, department_id: departmentId, title };
  db.insert(subdepartments).values(row).run();
  return row;
}

export function updateOrganization(
  db: Db,
  id: string,
  patch: Partial<
    Pick<
      OrganizationRow,
      | 'name'
      | 'slack_integration'
      | 'profile_picture_id'
      | 'onboarding_phase'
      | 'is_onboarding_phase_skipped'
      | 'allowed_email_domains'
      | 'blocked_email_domains'
    >
  >,
): void {
  if (Object.keys(patch).length) db.update(organizations).set(patch).where(eq(organizations.id, id)).run();
}
