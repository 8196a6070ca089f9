import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { groupBy } from '../../graphql/loaders.js';
import { countUsersBySubdepartment } from '../users/users.repo.js';
import { structureMutations } from './org.structure.mutations.js';
import { listDepartmentsByBusinessUnitIds, listSubdepartmentsByDepartmentIds, type DepartmentRow, type SubdepartmentRow } from './org.structure.repo.js';
import { requireViewer } from '../../graphql/context.js';

/** Company structure: the tree below business units, headcounts, and the admin's edits (docs/decisions/0009). */
const schema = /* GraphQL */ `
  type StructureHeadcount {
    "Live people of the organization."
    people: Int!
    "Live people who belong to no sub-department."
    without_subdepartment: Int!
  }
  extend type BusinessUnit { departments: [Department!]! headcount: Int! }
  extend type Department { subdepartments: [Subdepartment!]! headcount: Int! }
  extend type Subdepartment { headcount: Int! }
  extend type Query { structureHeadcount: StructureHeadcount! }
  extend type Mutation {
    "Admin. Names are unique per organization (CONFLICT)."
    createBusinessUnit(unit_name: String!): BusinessUnit!
    "Admin."
    renameBusinessUnit(id: ID!, unit_name: String!): BusinessUnit!
    "Admin: refused (CONFLICT) while the unit has departments. Returns the id."
    deleteBusinessUnit(id: ID!): ID!
    "Admin. Names are unique within the business unit (CONFLICT)."
    createDepartment(business_unit_id: ID!, name: String!): Department!
    renameDepartment(id: ID!, name: String!): Department!
    "Admin: refused (CONFLICT) while the department has sub-departments."
    deleteDepartment(id: ID!): ID!
    "Admin. Titles are unique within the department (CONFLICT)."
    createSubdepartment(department_id: ID!, title: String!): Subdepartment!
    renameSubdepartment(id: ID!, title: String!): Subdepartment!
    "Admin: refused (CONFLICT) while people belong to it."
    deleteSubdepartment(id: ID!): ID!
  }
`;

const orgOf = (ctx: MercuriusContext) => ctx.viewer?.organizationId ?? '';

/** The organization's headcounts, computed once per request. */
function loadHeadcount(ctx: MercuriusContext, subdepartmentId: string): Promise<number> {
  return ctx.loaders
    .get(
      'structure.headcount',
      (ids) => {
        const counts = countUsersBySubdepartment(ctx.services.db, orgOf(ctx));
        return new Map(ids.map((id) => [id, counts.get(id) ?? 0]));
      },
      0,
    )
    .load(subdepartmentId);
}

function loadDepartmentsOf(ctx: MercuriusContext, businessUnitId: string): Promise<DepartmentRow[]> {
  return ctx.loaders
    .get(
      'structure.departmentsOf',
      (ids) => groupBy(listDepartmentsByBusinessUnitIds(ctx.services.db, orgOf(ctx), ids), (d) => d.business_unit_id),
      [] as DepartmentRow[],
    )
    .load(businessUnitId);
}

function loadSubdepartmentsOf(ctx: MercuriusContext, departmentId: string): Promise<SubdepartmentRow[]> {
  return ctx.loaders
    .get(
      'structure.subdepartmentsOf',
      (ids) => groupBy(listSubdepartmentsByDepartmentIds(ctx.services.db, orgOf(ctx), ids), (s) => s.department_id),
      [] as SubdepartmentRow[],
    )
    .load(departmentId);
}

async function departmentHeadcount(ctx: MercuriusContext, departmentId: string): Promise<number> {
  const subs = await loadSubdepartmentsOf(ctx, departmentId);
  const counts = await Promise.all(subs.map((s) => loadHeadcount(ctx, s.id)));
  return counts.reduce((a, b) => a + b, 0);
}

export async function orgStructure(app: FastifyInstance): Promise<void> {
  app.graphql.extendSchema(schema);
  app.graphql.defineResolvers({
    Query: {
      structureHeadcount: (_: unknown, __: unknown, ctx: MercuriusContext) => {
        const counts = countUsersBySubdepartment(ctx.services.db, requireViewer(ctx).organizationId);
        return { people: [...counts.values()].reduce((a, b) => a + b, 0), without_subdepartment: counts.get(null) ?? 0 };
      },
    },
    Mutation: structureMutations,
    BusinessUnit: {
      departments: (bu: { id: string }, _: unknown, ctx: MercuriusContext) => loadDepartmentsOf(ctx, bu.id),
      headcount: async (bu: { id: string }, _: unknown, ctx: MercuriusContext) => {
        const depts = await loadDepartmentsOf(ctx, bu.id);
        const counts = await Promise.all(depts.map((d) => departmentHeadcount(ctx, d.id)));
        return counts.reduce((a, b) => a + b, 0);
      },
    },
    Department: {
      subdepartments: (d: { id: string }, _: unknown, ctx: MercuriusContext) => loadSubdepartmentsOf(ctx, d.id),
      headcount: (d: { id: string }, _: unknown, ctx: MercuriusContext) => departmentHeadcount(ctx, d.id),
    },
    Subdepartment: {
      headcount: (s: { id: string }, _: unknown, ctx: MercuriusContext) => loadHeadcount(ctx, s.id),
    },
  } as never);
}
