import type { OperationRules } from '../../graphql/operation-rules.js';

/** Who may call each organization and company-structure operation (docs/decisions/0041). */
export const orgRules: OperationRules = {
  Query: { organization: 'SIGNED_IN', businessUnits: 'SIGNED_IN', departments: 'SIGNED_IN', subdepartments: 'SIGNED_IN', structureHeadcount: 'SIGNED_IN' },
  Mutation: {
    updateOrganization: 'ADMIN',
    createBusinessUnit: 'ADMIN',
    renameBusinessUnit: 'ADMIN',
    deleteBusinessUnit: 'ADMIN',
    createDepartment: 'ADMIN',
    renameDepartment: 'ADMIN',
    deleteDepartment: 'ADMIN',
    createSubdepartment: 'ADMIN',
    renameSubdepartment: 'ADMIN',
    deleteSubdepartment: 'ADMIN',
  },
};
