import { z } from 'zod';

/** Company structure rules: business unit > department > sub-department. */
export const STRUCTURE_NAME_MAX = 80;

const id = z.string().trim().min(1).max(64);
export const structureNameSchema = z.string().trim().min(1, 'Enter a name.').max(STRUCTURE_NAME_MAX, `At most ${STRUCTURE_NAME_MAX} characters.`);

/** The inline name form of the tree editor (create and rename at any level). */
export const structureNodeNameSchema = z.object({ name: structureNameSchema });

export const createBusinessUnitSchema = z.object({ unit_name: structureNameSchema });
export const createDepartmentSchema = z.object({ business_unit_id: id, name: structureNameSchema });
export const createSubdepartmentSchema = z.object({ department_id: id, title: structureNameSchema });
export const renameStructureNodeSchema = z.object({ id, name: structureNameSchema });

export const STRUCTURE_LEVELS = ['BUSINESS_UNIT', 'DEPARTMENT', 'SUBDEPARTMENT'] as const;
export type StructureLevel = (typeof STRUCTURE_LEVELS)[number];
