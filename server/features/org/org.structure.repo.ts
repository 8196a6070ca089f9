import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { inJsonList, jsonList, prepared } from '../../db/prepared.js';
import { businessUnits, departments, subdepartments } from './org.tables.js';

/** Company structure writes and tree reads; creation lives in org.repo.ts. Every query is scoped to one organization. */
export type BusinessUnitRow = typeof businessUnits.$inferSelect;
export type DepartmentRow = typeof departments.$inferSelect;
export type SubdepartmentRow = typeof subdepartments.$inferSelect;

const sameName = (column: SQL, name: string) => sql`lower(${column}) = lower(${name.trim()})`;

export function findBusinessUnit(db: Db, orgId: string, id: string): BusinessUnitRow | undefined {
  return db
    .select()
    .from(businessUnits)
    .where(and(eq(businessUnits.organization_id, orgId), eq(businessUnits.id, id)))
    .get();
}

export function findDepartment(db: Db, orgId: string, id: string): DepartmentRow | undefined {
  return db
    .select()
    .from(departments)
    .where(and(eq(departments.organization_id, orgId), eq(departments.id, id)))
    .get();
}

export function findSubdepartment(db: Db, orgId: string, id: string): SubdepartmentRow | undefined {
  return db
    .select()
    .from(subdepartments)
    .where(and(eq(subdepartments.organization_id, orgId), eq(subdepartments.id, id)))
    .get();
}

/** Another business unit of the organization with this name (any case); `exceptId` is the one being renamed. */
export function businessUnitNamed(db: Db, orgId: string, name: string, exceptId = ''): BusinessUnitRow | undefined {
  return db
    .select()
    .from(businessUnits)
    .where(and(eq(businessUnits.organization_id, orgId), ne(businessUnits.id, exceptId), sameName(sql`${businessUnits.unit_name}`, name)))
    .get();
}

export function departmentNamed(db: Db, orgId: string, businessUnitId: string, name: string, exceptId = ''): DepartmentRow | undefined {
  return db
    .select()
    .from(departments)
    .where(
      and(
        eq(departments.organization_id, orgId),
        eq(departments.business_unit_id, businessUnitId),
        ne(departments.id, exceptId),
        sameName(sql`${departments.name}`, name),
      ),
    )
    .get();
}

export function subdepartmentNamed(db: Db, orgId: string, departmentId: string, name: string, exceptId = ''): SubdepartmentRow | undefined {
  return db
    .select()
    .from(subdepartments)
    .where(
      and(
        eq(subdepartments.organization_id, orgId),
        eq(subdepartments.department_id, departmentId),
        ne(subdepartments.id, exceptId),
        sameName(sql`${subdepartments.title}`, name),
      ),
    )
    .get();
}

export function renameBusinessUnit(db: Db, orgId: string, id: string, unitName: string): void {
  db.update(businessUnits)
    .set({ unit_name: unitName })
    .where(and(eq(businessUnits.organization_id, orgId), eq(businessUnits.id, id)))
    .run();
}

export function renameDepartment(db: Db, orgId: string, id: string, name: string): void {
  db.update(departments)
    .set({ name })
    .where(and(eq(departments.organization_id, orgId), eq(departments.id, id)))
    .run();
}

export function renameSubdepartment(db: Db, orgId: string, id: string, title: string): void {
  db.update(subdepartments)
    .set({ title })
    .where(and(eq(subdepartments.organization_id, orgId), eq(subdepartments.id, id)))
    .run();
}

export function countDepartmentsOf(db: Db, orgId: string, businessUnitId: string): number {
  return (
    db
      .select({ n: count() })
      .from(departments)
      .where(and(eq(departments.organization_id, orgId), eq(departments.business_unit_id, businessUnitId)))
      .get()?.n ?? 0
  );
}

export function countSubdepartmentsOf(db: Db, orgId: string, departmentId: string): number {
  return (
    db
      .select({ n: count() })
      .from(subdepartments)
      .where(and(eq(subdepartments.organization_id, orgId), eq(subdepartments.department_id, departmentId)))
      .get()?.n ?? 0
  );
}

/** Hard deletes: callers refuse while children or people remain (users.subdepartment_id of deleted people is set null by the foreign key). */
export function deleteBusinessUnit(db: Db, orgId: string, id: string): void {
  db.delete(businessUnits)
    .where(and(eq(businessUnits.organization_id, orgId), eq(businessUnits.id, id)))
    .run();
}

export function deleteDepartment(db: Db, orgId: string, id: string): void {
  db.delete(departments)
    .where(and(eq(departments.organization_id, orgId), eq(departments.id, id)))
    .run();
}

export function deleteSubdepartment(db: Db, orgId: string, id: string): void {
  db.delete(subdepartments)
    .where(and(eq(subdepartments.organization_id, orgId), eq(subdepartments.id, id)))
    .run();
}

export function listDepartmentsByBusinessUnitIds(db: Db, orgId: string, ids: readonly string[]): DepartmentRow[] {
  if (!ids.length) return [];
  return prepared(db, 'org.departmentsByUnitIds', () =>
    db
      .select()
      .from(departments)
      .where(and(eq(departments.organization_id, sql.placeholder('orgId')), inJsonList(departments.business_unit_id, 'ids')))
      .orderBy(asc(departments.name))
      .prepare(),
  ).all({ orgId, ids: jsonList(ids) });
}

export function listSubdepartmentsByDepartmentIds(db: Db, orgId: string, ids: readonly string[]): SubdepartmentRow[] {
  if (!ids.length) return [];
  return prepared(db, 'org.subdepartmentsByDeptIds', () =>
    db
      .select()
      .from(subdepartments)
      .where(and(eq(subdepartments.organization_id, sql.placeholder('orgId')), inJsonList(subdepartments.department_id, 'ids')))
      .orderBy(asc(subdepartments.title))
      .prepare(),
  ).all({ orgId, ids: jsonList(ids) });
}
