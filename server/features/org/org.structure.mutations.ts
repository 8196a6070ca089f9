import type { MercuriusContext } from 'mercurius';
import { conflict, notFound } from '../../../shared/app-error.js';
import { createBusinessUnitSchema, createDepartmentSchema, createSubdepartmentSchema, renameStructureNodeSchema } from '../../../shared/structure.schemas.js';
import { requireAdmin } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import { countUsersBySubdepartment } from '../users/users.repo.js';
import { createBusinessUnit, createDepartment, createSubdepartment } from './org.repo.js';
import {
  businessUnitNamed,
  countDepartmentsOf,
  countSubdepartmentsOf,
  deleteBusinessUnit,
  deleteDepartment,
  deleteSubdepartment,
  departmentNamed,
  findBusinessUnit,
  findDepartment,
  findSubdepartment,
  renameBusinessUnit,
  renameDepartment,
  renameSubdepartment,
  subdepartmentNamed,
} from './org.structure.repo.js';

type Ctx = MercuriusContext;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function admin(ctx: Ctx) {
  return { orgId: requireAdmin(ctx).organizationId, db: ctx.services.db };
}

function unitOf(ctx: Ctx, orgId: string, id: string) {
  const unit = findBusinessUnit(ctx.services.db, orgId, id);
  if (!unit) throw notFound('Business unit');
  return unit;
}

function departmentOf(ctx: Ctx, orgId: string, id: string) {
  const dept = findDepartment(ctx.services.db, orgId, id);
  if (!dept) throw notFound('Department');
  return dept;
}

function subdepartmentOf(ctx: Ctx, orgId: string, id: string) {
  const sub = findSubdepartment(ctx.services.db, orgId, id);
  if (!sub) throw notFound('Sub-department');
  return sub;
}

export const structureMutations = {
  createBusinessUnit: (_: unknown, args: unknown, ctx: Ctx) => {
    const { orgId, db } = admin(ctx);
    const input = parseInput(createBusinessUnitSchema, args);
    if (businessUnitNamed(db, orgId, input.unit_name)) throw conflict(`A business unit named "${input.unit_name}" already exists.`);
    return createBusinessUnit(db, orgId, input.unit_name);
  },

  renameBusinessUnit: (_: unknown, args: { id: string; unit_name: string }, ctx: Ctx) => {
    const { orgId, db } = admin(ctx);
    const input = parseInput(renameStructureNodeSchema, { id: args.id, name: args.unit_name });
    const unit = unitOf(ctx, orgId, input.id);
    if (businessUnitNamed(db, orgId, input.name, unit.id)) throw conflict(`A business unit named "${input.name}" already exists.`);
    renameBusinessUnit(db, orgId, unit.id, input.name);
    return findBusinessUnit(db, orgId, unit.id);
  },

  deleteBusinessUnit: (_: unknown, args: { id: string }, ctx: Ctx) => {
    const { orgId, db } = admin(ctx);
    const unit = unitOf(ctx, orgId, args.id);
    const children = countDepartmentsOf(db, orgId, unit.id);
    if (children) throw conflict(`"${unit.unit_name}" still has ${plural(children, 'department', 'departments')}. Delete them first.`);
    deleteBusinessUnit(db, orgId, unit.id);
    return unit.id;
  },

  createDepartment: (_: unknown, args: unknown, ctx: Ctx) => {
    const { orgId, db } = admin(ctx);
    const input = parseInput(createDepartmentSchema, args);
    const unit = unitOf(ctx, orgId, input.business_unit_id);
    if (departmentNamed(db, orgId, unit.id, input.name)) throw conflict(`${unit.unit_name} already has a department named "${input.name}".`);
    return createDepartment(db, orgId, unit.id, input.name);
  },

  renameDepartment: (_: unknown, args: { id: string; name: string }, ctx: Ctx) => {
    const { orgId, db } = admin(ctx);
    const input = parseInput(renameStructureNodeSchema, args);
    const dept = departmentOf(ctx, orgId, input.id);
    if (departmentNamed(db, orgId, dept.business_unit_id, input.name, dept.id))
      throw conflict(`This business unit already has a department named "${input.name}".`);
    renameDepartment(db, orgId, dept.id, input.name);
    return findDepartment(db, orgId, dept.id);
  },

  deleteDepartment: (_: unknown, args: { id: string }, ctx: Ctx) => {
    const { orgId, db } = admin(ctx);
    const dept = departmentOf(ctx, orgId, args.id);
    const children = countSubdepartmentsOf(db, orgId, dept.id);
    if (children) throw conflict(`"${dept.name}" still has ${plural(children, 'sub-department', 'sub-departments')}. Delete them first.`);
    deleteDepartment(db, orgId, dept.id);
    return dept.id;
  },

  createSubdepartment: (_: unknown, args: unknown, ctx: Ctx) => {
    const { orgId, db } = admin(ctx);
    const input = parseInput(createSubdepartmentSchema, args);
    const dept = departmentOf(ctx, orgId, input.department_id);
    if (subdepartmentNamed(db, orgId, dept.id, input.title)) throw conflict(`${dept.name} already has a sub-department named "${input.title}".`);
    return createSubdepartment(db, orgId, dept.id, input.title);
  },

  renameSubdepartment: (_: unknown, args: { id: string; title: string }, ctx: Ctx) => {
    const { orgId, db } = admin(ctx);
    const input = parseInput(renameStructureNodeSchema, { id: args.id, name: args.title });
    const sub = subdepartmentOf(ctx, orgId, input.id);
    if (subdepartmentNamed(db, orgId, sub.department_id, input.name, sub.id))
      throw conflict(`This department already has a sub-department named "${input.name}".`);
    renameSubdepartment(db, orgId, sub.id, input.name);
    return findSubdepartment(db, orgId, sub.id);
  },

  deleteSubdepartment: (_: unknown, args: { id: string }, ctx: Ctx) => {
    const { orgId, db } = admin(ctx);
    const sub = subdepartmentOf(ctx, orgId, args.id);
    const people = countUsersBySubdepartment(db, orgId).get(sub.id) ?? 0;
    if (people) throw conflict(`"${sub.title}" still has ${plural(people, 'person', 'people')}. Move them to another sub-department first.`);
    deleteSubdepartment(db, orgId, sub.id);
    return sub.id;
  },
};
