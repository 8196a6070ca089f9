import type { StructureLevel } from '../../../shared/structure.schemas.js';
import type { StructureTree } from './api.js';

/** One node of the tree at any level, in one shape for the editor and the chart. */
export type StructureNode = { level: StructureLevel; id: string; name: string; headcount: number; children: StructureNode[] };

export const LEVEL_LABEL: Record<StructureLevel, string> = { BUSINESS_UNIT: 'business unit', DEPARTMENT: 'department', SUBDEPARTMENT: 'sub-department' };
export const CHILD_LEVEL: Record<StructureLevel, StructureLevel | null> = { BUSINESS_UNIT: 'DEPARTMENT', DEPARTMENT: 'SUBDEPARTMENT', SUBDEPARTMENT: null };

export function toNodes(tree: StructureTree): StructureNode[] {
  return tree.businessUnits.map((bu) => ({
    level: 'BUSINESS_UNIT',
    id: bu.id,
    name: bu.unit_name,
    headcount: bu.headcount,
    children: bu.departments.map((d) => ({
      level: 'DEPARTMENT',
      id: d.id,
      name: d.name,
      headcount: d.headcount,
      children: d.subdepartments.map((s) => ({ level: 'SUBDEPARTMENT', id: s.id, name: s.title, headcount: s.headcount, children: [] })),
    })),
  }));
}

export const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/** Counts per level, for the overview. */
export function countNodes(nodes: StructureNode[]): Record<StructureLevel, number> {
  const out: Record<StructureLevel, number> = { BUSINESS_UNIT: 0, DEPARTMENT: 0, SUBDEPARTMENT: 0 };
  const walk = (list: StructureNode[]) =>
    list.forEach((n) => {
      out[n.level]++;
      walk(n.children);
    });
  walk(nodes);
  return out;
}
