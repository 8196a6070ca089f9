/** Managers named in an import: checked once the whole file is known (rows may name each other in any order). */
import type { MassCreateErrorType } from '../../../shared/enums.js';

/** The part of a candidate row that manager resolution reads and sets. */
export type ManagedRow = { id: string; row: number; email: string; manager_email: string | null; manager_id: string | null };

/**
 * Managers: a row's manager_email must name a live user of the organization or an accepted
 * row of this batch (in any order). A row whose manager row is rejected is rejected too, and so
 * on down the chain (worklist, linear). Mutual managers inside the file are accepted, as
 * updateUser accepts them; naming oneself was already refused by the row schema.
 */
export function resolveManagers<C extends ManagedRow>(
  candidates: C[],
  orgUsers: ReadonlyMap<string, { id: string }>,
  fileRows: Map<string, number>,
  fail: (row: number, email: string, errorType: MassCreateErrorType, message: string) => void,
): C[] {
  const byEmail = new Map(candidates.map((c) => [c.email, c]));
  const reports = new Map<string, C[]>();
  const rejected = new Set<string>();
  const queue: Array<{ c: C; message: string }> = [];

  for (const c of candidates) {
    const manager = c.manager_email;
    if (!manager || orgUsers.has(manager)) continue;
    if (byEmail.has(manager)) {
      const list = reports.get(manager) ?? [];
      list.push(c);
      reports.set(manager, list);
    } else {
      const row = fileRows.get(manager);
      queue.push({
        c,
        message:
          row === undefined
            ? `manager_email: ${manager} is neither a user of this organization nor a row of this file.`
            : `manager_email: ${manager} (row ${row}) has an error, so that manager will not be created.`,
      });
    }
  }
  while (queue.length > 0) {
    const { c, message } = queue.pop()!;
    if (rejected.has(c.email)) continue;
    rejected.add(c.email);
    fail(c.row, c.email, 'UNKNOWN_MANAGER', message);
    for (const report of reports.get(c.email) ?? []) {
      queue.push({ c: report, message: `manager_email: ${c.email} (row ${c.row}) has an error, so that manager will not be created.` });
    }
  }

  const accepted = candidates.filter((c) => !rejected.has(c.email));
  for (const c of accepted) {
    if (c.manager_email) c.manager_id = orgUsers.get(c.manager_email)?.id ?? byEmail.get(c.manager_email)!.id;
  }
  return accepted;
}
