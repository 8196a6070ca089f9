/**
 * What an import does besides creating people, decided once the accepted rows are known and
 * reported by the dry run (the preview) exactly as the import applies it (docs/decisions/0029):
 * - people who manage others in the file become Managers, unless their row gives a level or the
 *   admin turned it off;
 * - each team: an existing one (matched by name, any case) is joined and keeps its manager; a new
 *   one gets as manager the person its members report to, when they all share one (the manager
 *   may be a member, reporting elsewhere);
 * - divisions are business units of the company structure (matched by name, any case), with the
 *   rows' departments as departments under them.
 */
import type { PermissionLevel } from '../../../shared/enums.js';
import type { Db } from '../../db/connection.js';
import { countMembersByTeamIds } from '../users/users.repo.js';
import { listStructureByName } from './mass-creation.repo.js';

export type PlannedTeam = {
  name: string;
  existing: boolean;
  /** Live members before the import (0 for a new team). */
  members_before: number;
  joining: number;
  /** New teams only: the manager the import sets. */
  manager_email: string | null;
  manager_name: string | null;
};
export type PlannedDivision = { name: string; existing: boolean; departments: { name: string; existing: boolean }[] };
export type Promotion = { row: number; email: string; full_name: string; reports: number };
export type MassCreatePlan = { teams: PlannedTeam[]; divisions: PlannedDivision[]; promoted: Promotion[] };

/** The part of an accepted row the plan reads. */
export type PlanRow = {
  id: string;
  row: number;
  email: string;
  full_name: string;
  manager_email: string | null;
  team_key: string | null;
  /** True when the row gave a permission level (then it is never promoted). */
  levelGiven: boolean;
  division: string | null;
  department: string | null;
  permission_level: PermissionLevel;
  manager_id: string | null;
};

/** Ids the write needs: new teams' managers, and the structure to create. */
export type PlanWrite = {
  teamManagers: Map<string, string>;
  newUnits: Map<string, { name: string; departments: Map<string, string> }>;
  /** Existing unit key (lower case) -> its id, and departments to add under it. */
  existingUnits: Map<string, { id: string; newDepartments: Map<string, string> }>;
};

/**
 * The person every member of the team reports to, the manager themselves aside (they may report
 * elsewhere); null when none. Linear: the first member either reports to that person or is them.
 */
function sharedManager(members: PlanRow[]): string | null {
  const first = members[0]!;
  const candidates = [first.manager_email, first.email].filter((e): e is string => e !== null);
  return candidates.find((boss) => members.some((m) => m.manager_email === boss) && members.every((m) => m.email === boss || m.manager_email === boss)) ?? null;
}

export function planImport(
  db: Db,
  orgId: string,
  accepted: PlanRow[],
  /** Users of the organization named as managers in the file (email -> user). */
  orgUsers: ReadonlyMap<string, { id: string; full_name: string }>,
  teams: { live: Map<string, string>; liveNames: Map<string, string>; newTeams: Map<string, string> },
  promoteManagers: boolean,
): { plan: MassCreatePlan; write: PlanWrite } {
  const byEmail = new Map(accepted.map((r) => [r.email, r]));
  const reportCount = new Map<string, number>();
  for (const r of accepted) if (r.manager_email) reportCount.set(r.manager_email, (reportCount.get(r.manager_email) ?? 0) + 1);

  const promoted: Promotion[] = [];
  if (promoteManagers) {
    for (const r of accepted) {
      const reports = reportCount.get(r.email) ?? 0;
      if (reports > 0 && !r.levelGiven && r.permission_level === 'MEMBER') {
        r.permission_level = 'MANAGER';
        promoted.push({ row: r.row, email: r.email, full_name: r.full_name, reports });
      }
    }
  }

  const members = new Map<string, PlanRow[]>();
  for (const r of accepted) {
    if (r.team_key === null) continue;
    const list = members.get(r.team_key);
    if (list) list.push(r);
    else members.set(r.team_key, [r]);
  }
  const liveIds = [...members.keys()].flatMap((k) => (teams.live.has(k) ? [teams.live.get(k)!] : []));
  const counts = countMembersByTeamIds(db, orgId, liveIds);

  const planned: PlannedTeam[] = [];
  const teamManagers = new Map<string, string>();
  for (const [key, list] of members) {
    const liveId = teams.live.get(key);
    if (liveId !== undefined) {
      planned.push({
        name: teams.liveNames.get(key) ?? key,
        existing: true,
        members_before: counts.get(liveId) ?? 0,
        joining: list.length,
        manager_email: null,
        manager_name: null,
      });
      continue;
    }
    const managerEmail = sharedManager(list);
    const manager = managerEmail === null ? undefined : (byEmail.get(managerEmail) ?? orgUsers.get(managerEmail));
    if (manager) teamManagers.set(key, manager.id);
    planned.push({
      name: teams.newTeams.get(key)!,
      existing: false,
      members_before: 0,
      joining: list.length,
      manager_email: manager ? managerEmail : null,
      manager_name: manager?.full_name ?? null,
    });
  }
  planned.sort((a, b) => a.name.localeCompare(b.name));

  const structure = listStructureByName(db, orgId);
  const newUnits: PlanWrite['newUnits'] = new Map();
  const existingUnits: PlanWrite['existingUnits'] = new Map();
  const usedDepartments = new Map<string, Set<string>>();
  for (const r of accepted) {
    if (!r.division) continue;
    const unitKey = r.division.toLowerCase();
    const depKey = r.department?.toLowerCase() ?? null;
    const known = structure.get(unitKey);
    if (depKey !== null) usedDepartments.set(unitKey, (usedDepartments.get(unitKey) ?? new Set<string>()).add(depKey));
    if (known) {
      const entry = existingUnits.get(unitKey) ?? { id: known.id, newDepartments: new Map<string, string>() };
      if (depKey !== null && !known.departments.has(depKey) && !entry.newDepartments.has(depKey)) entry.newDepartments.set(depKey, r.department!);
      existingUnits.set(unitKey, entry);
    } else {
      const entry = newUnits.get(unitKey) ?? { name: r.division, departments: new Map<string, string>() };
      if (depKey !== null && !entry.departments.has(depKey)) entry.departments.set(depKey, r.department!);
      newUnits.set(unitKey, entry);
    }
  }
  const divisions: PlannedDivision[] = [];
  for (const [key, { newDepartments }] of existingUnits) {
    const known = structure.get(key)!;
    const used = usedDepartments.get(key) ?? new Set<string>();
    divisions.push({
      name: known.name,
      existing: true,
      departments: [...used].map((d) => ({ name: newDepartments.get(d) ?? known.departments.get(d)!, existing: !newDepartments.has(d) })),
    });
  }
  for (const { name, departments } of newUnits.values())
    divisions.push({ name, existing: false, departments: [...departments.values()].map((d) => ({ name: d, existing: false })) });
  divisions.sort((a, b) => a.name.localeCompare(b.name));

  return { plan: { teams: planned, divisions, promoted }, write: { teamManagers, newUnits, existingUnits } };
}
