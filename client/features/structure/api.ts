import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StructureLevel } from '../../../shared/structure.schemas.js';
import { gql } from '../../lib/graphql.js';

export type SubdepartmentNode = { id: string; title: string; headcount: number };
export type DepartmentNode = { id: string; name: string; headcount: number; subdepartments: SubdepartmentNode[] };
export type BusinessUnitNode = { id: string; unit_name: string; headcount: number; departments: DepartmentNode[] };
export type StructureTree = { businessUnits: BusinessUnitNode[]; structureHeadcount: { people: number; without_subdepartment: number } };

const TREE = /* GraphQL */ `
  query CompanyStructure {
    businessUnits { id unit_name headcount departments { id name headcount subdepartments { id title headcount } } }
    structureHeadcount { people without_subdepartment }
  }
`;

export const structureQueryOptions = queryOptions({
  queryKey: ['structure', 'tree'],
  queryFn: () => gql<StructureTree>(TREE),
});

const CREATE: Record<StructureLevel, string> = {
  BUSINESS_UNIT: 'mutation CreateBusinessUnit($name: String!) { createBusinessUnit(unit_name: $name) { id } }',
  DEPARTMENT: 'mutation CreateDepartment($parent: ID!, $name: String!) { createDepartment(business_unit_id: $parent, name: $name) { id } }',
  SUBDEPARTMENT: 'mutation CreateSubdepartment($parent: ID!, $name: String!) { createSubdepartment(department_id: $parent, title: $name) { id } }',
};
const RENAME: Record<StructureLevel, string> = {
  BUSINESS_UNIT: 'mutation RenameBusinessUnit($id: ID!, $name: String!) { renameBusinessUnit(id: $id, unit_name: $name) { id } }',
  DEPARTMENT: 'mutation RenameDepartment($id: ID!, $name: String!) { renameDepartment(id: $id, name: $name) { id } }',
  SUBDEPARTMENT: 'mutation RenameSubdepartment($id: ID!, $name: String!) { renameSubdepartment(id: $id, title: $name) { id } }',
};
const DELETE: Record<StructureLevel, string> = {
  BUSINESS_UNIT: 'mutation DeleteBusinessUnit($id: ID!) { deleteBusinessUnit(id: $id) }',
  DEPARTMENT: 'mutation DeleteDepartment($id: ID!) { deleteDepartment(id: $id) }',
  SUBDEPARTMENT: 'mutation DeleteSubdepartment($id: ID!) { deleteSubdepartment(id: $id) }',
};

export type StructureChange =
  | { op: 'create'; level: StructureLevel; parentId?: string; name: string }
  | { op: 'rename'; level: StructureLevel; id: string; name: string }
  | { op: 'delete'; level: StructureLevel; id: string };

async function runChange(change: StructureChange): Promise<void> {
  if (change.op === 'create') await gql(CREATE[change.level], { name: change.name, ...(change.parentId ? { parent: change.parentId } : {}) });
  else if (change.op === 'rename') await gql(RENAME[change.level], { id: change.id, name: change.name });
  else await gql(DELETE[change.level], { id: change.id });
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
