import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StructureLevel } from '../../../shared/structure.schemas.js';
import { gql, gqlField, graphql, type ResultOf } from '../../lib/graphql.js';

export const TREE = graphql(`
  query CompanyStructure {
    businessUnits { id unit_name headcount departments { id name headcount subdepartments { id title headcount } } }
    structureHeadcount { people without_subdepartment }
  }
`);

export type StructureTree = ResultOf<typeof TREE>;
export type BusinessUnitNode = StructureTree['businessUnits'][number];
export type DepartmentNode = BusinessUnitNode['departments'][number];
export type SubdepartmentNode = DepartmentNode['subdepartments'][number];

export const structureQueryOptions = queryOptions({
  queryKey: ['structure', 'tree'],
  queryFn: () => gql(TREE),
});

export const CREATE = {
  BUSINESS_UNIT: graphql('mutation CreateBusinessUnit($name: String!) { createBusinessUnit(unit_name: $name) { id } }'),
  DEPARTMENT: graphql('mutation CreateDepartment($parent: ID!, $name: String!) { createDepartment(business_unit_id: $parent, name: $name) { id } }'),
  SUBDEPARTMENT: graphql('mutation CreateSubdepartment($parent: ID!, $name: String!) { createSubdepartment(department_id: $parent, title: $name) { id } }'),
} satisfies Record<StructureLevel, unknown>;
export const RENAME = {
  BUSINESS_UNIT: graphql('mutation RenameBusinessUnit($id: ID!, $name: String!) { renameBusinessUnit(id: $id, unit_name: $name) { id } }'),
  DEPARTMENT: graphql('mutation RenameDepartment($id: ID!, $name: String!) { renameDepartment(id: $id, name: $name) { id } }'),
  SUBDEPARTMENT: graphql('mutation RenameSubdepartment($id: ID!, $name: String!) { renameSubdepartment(id: $id, title: $name) { id } }'),
} satisfies Record<StructureLevel, unknown>;
export const DELETE = {
  BUSINESS_UNIT: graphql('mutation DeleteBusinessUnit($id: ID!) { deleteBusinessUnit(id: $id) }'),
  DEPARTMENT: graphql('mutation DeleteDepartment($id: ID!) { deleteDepartment(id: $id) }'),
  SUBDEPARTMENT: graphql('mutation DeleteSubdepartment($id: ID!) { deleteSubdepartment(id: $id) }'),
} satisfies Record<StructureLevel, unknown>;

export type StructureChange =
  | { op: 'create'; level: StructureLevel; parentId?: string; name: string }
  | { op: 'rename'; level: StructureLevel; id: string; name: string }
  | { op: 'delete'; level: StructureLevel; id: string };

async function runChange(change: StructureChange): Promise<void> {
  if (change.op === 'create') {
    if (change.level === 'BUSINESS_UNIT') await gql(CREATE.BUSINESS_UNIT, { name: change.name });
    // A department or sub-department without its parent is refused by the server ($parent: ID!).
    else await gqlField(CREATE[change.level], { name: change.name, parent: change.parentId! });
  } else if (change.op === 'rename') await gqlField(RENAME[change.level], { id: change.id, name: change.name });
  else await gqlField(DELETE[change.level], { id: change.id });
}

/** Any edit of the tree; refreshes the tree and people (whose sub-department names may have changed). */
export function useStructureChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runChange,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['structure'] }), queryClient.invalidateQueries({ queryKey: ['users'] })]);
    },
  });
}
