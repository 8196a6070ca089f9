import type { StatusCategory } from '../../../../shared/integrations.js';
import type { AccountInput, IssueInput, IssueTransitionInput, SprintInput } from '../integrations.provider.js';

/**
 * Azure Boards work item revisions (the Reporting Work Item Revisions API) turned into the
 * provider-neutral records of integrations.provider.ts. A transition is a change of System.State
 * between consecutive revisions; sprint membership a change of System.IterationPath.
 */
export const REVISION_FIELDS = [
  'System.Id',
  'System.Title',
  'System.WorkItemType',
  'System.State',
  'System.AssignedTo',
  'System.CreatedDate',
  'System.ChangedDate',
  'Microsoft.VSTS.Common.ClosedDate',
  'Microsoft.VSTS.Scheduling.StoryPoints',
  'System.IterationPath',
  'System.TeamProject',
] as const;

export type AzureIdentity = { id?: string; displayName?: string; uniqueName?: string; descriptor?: string; isContainer?: boolean };
export type AzureRevision = { id: number; rev: number; fields: Record<string, unknown> };

/** A work item's page in Azure Boards (the issue's url, from the sync and from service hooks alike). */
export const workItemUrl = (orgUrl: string, project: string, id: number | string) => `${orgUrl}/${encodeURIComponent(project)}/_workitems/edit/${id}`;

/** State categories as Azure Boards names them (work item type states), or by the state's name. */
export function categoryOfAzure(category: string | null | undefined, state: string): StatusCategory {
  switch ((category ?? '').toLowerCase()) {
    case 'proposed':
      return 'TODO';
    case 'inprogress':
    case 'resolved':
      return 'IN_PROGRESS';
    case 'completed':
    case 'removed':
      return 'DONE';
    default:
      break;
  }
  const s = state.toLowerCase();
  if (['new', 'to do', 'proposed', 'approved'].includes(s)) return 'TODO';
  if (['closed', 'done', 'removed', 'completed'].includes(s)) return 'DONE';
  return 'IN_PROGRESS';
}

export const instant = (v: unknown): string | null => {
  if (v instanceof Date) return Number.isFinite(v.getTime()) ? v.toISOString() : null;
  if (typeof v !== 'string' || !v) return null;
  const ms = Date.parse(v);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
};

/** `System.AssignedTo`: an identity ref (includeIdentityRef=true) or `Name <email>`. uniqueName is the sign-in email. */
export function azureAccountOf(v: unknown): AccountInput | null {
  if (!v) return null;
  if (typeof v === 'string') {
    const m = /^(.*?)\s*<([^>]+)>$/.exec(v);
    const email = m ? m[2]! : v;
    return { externalId: email.toLowerCase(), login: email, displayName: m ? m[1]! : v, email: email.includes('@') ? email : null, isBot: false };
  }
  const id = v as AzureIdentity;
  if (!id.id && !id.uniqueName) return null;
  const unique = id.uniqueName ?? null;
  return {
    externalId: id.id ?? unique!.toLowerCase(),
    login: unique,
    displayName: id.displayName ?? unique,
    email: unique && unique.includes('@') ? unique : null,
    isBot: false,
  };
}

/** The sprint of an iteration path: none at the project's root. */
export const sprintOfPath = (path: unknown): string | null => (typeof path === 'string' && path.includes('\\') ? path : null);

export type ItemState = { state: string | null; iteration: string | null; sprints: NonNullable<IssueInput['sprints']> | null };

export type ItemHistory = {
  /** Before the first of these revisions: the state and iteration, and the sprint memberships so far (null: history not seen from revision 1). */
  before: ItemState;
  revisions: AzureRevision[];
};

export function mapWorkItem(item: ItemHistory, opts: { category: (type: string, state: string) => StatusCategory; url: string }): IssueInput {
  const revs = [...item.revisions].sort((a, b) => a.rev - b.rev);
  const last = revs.at(-1)!;
  const f = last.fields;
  const type = String(f['System.WorkItemType'] ?? 'Task');
  const transitions: IssueTransitionInput[] = [];
  const complete = revs[0]!.rev === 1 || item.before.sprints !== null;
  const sprints: NonNullable<IssueInput['sprints']> = revs[0]!.rev === 1 ? [] : (item.before.sprints ?? []).map((s) => ({ ...s }));
  let state = item.before.state;
  let iteration = item.before.iteration;
  for (const r of revs) {
    const at = instant(r.fields['System.ChangedDate']) ?? instant(r.fields['System.CreatedDate'])!;
    const next = String(r.fields['System.State'] ?? state ?? '');
    if (r.rev > 1 && state !== null && next !== state) {
      transitions.push({
        externalId: `${r.id}-${r.rev}`,
        at,
        fromStatus: state,
        toStatus: next,
        fromCategory: opts.category(type, state),
        toCategory: opts.category(type, next),
      });
    }
    state = next;
    const path = sprintOfPath(r.fields['System.IterationPath']);
    if (path !== sprintOfPath(iteration)) {
      const open = sprints.find((s) => s.removedAt === null && s.sprintExternalId === sprintOfPath(iteration));
      if (open) open.removedAt = at;
      if (path) sprints.push({ sprintExternalId: path, addedAt: r.rev === 1 ? (instant(r.fields['System.CreatedDate']) ?? at) : at, removedAt: null });
    }
    iteration = (r.fields['System.IterationPath'] as string | undefined) ?? iteration;
  }
  const statusCategory = opts.category(type, String(f['System.State'] ?? ''));
  const points = f['Microsoft.VSTS.Scheduling.StoryPoints'];
  const lastDone = [...transitions].reverse().find((t) => t.toCategory === 'DONE');
  return {
    externalId: String(last.id),
    key: String(last.id),
    title: String(f['System.Title'] ?? `Work item ${last.id}`),
    url: opts.url,
    issueType: type,
    status: String(f['System.State'] ?? ''),
    statusCategory,
    storyPoints: typeof points === 'number' && Number.isFinite(points) ? points : null,
    assignee: azureAccountOf(f['System.AssignedTo']),
    createdAt: instant(f['System.CreatedDate']) ?? instant(f['System.ChangedDate'])!,
    updatedAt: instant(f['System.ChangedDate']) ?? instant(f['System.CreatedDate'])!,
    resolvedAt: statusCategory === 'DONE' ? (instant(f['Microsoft.VSTS.Common.ClosedDate']) ?? lastDone?.at ?? null) : null,
    transitions,
    // Membership only from a whole history (the writer replaces an issue's memberships with what it is given).
    ...(complete ? { sprints } : {}),
  };
}

/** HTML for System.Description (a plain-text body, escaped). */
export function htmlOf(text: string): string {
  const esc = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return esc
    .split(/\n{2,}/)
    .map((p) => `<div>${p.replace(/\n/g, '<br>')}</div>`)
    .join('');
}

export type IterationNode = { name?: string; path?: string; attributes?: Record<string, unknown>; children?: IterationNode[] };

/**
 * A node's path (`\\Alpha\\Iteration\\Sprint 1`) as work items name it in System.IterationPath
 * (`Alpha\\Sprint 1`): the sprint's external id, so memberships and sprints meet.
 */
export function iterationPathOf(nodePath: string): string {
  const parts = nodePath.split('\\').filter(Boolean);
  if (parts[1] === 'Iteration') parts.splice(1, 1);
  return parts.join('\\');
}

/** Iterations with dates are sprints: closed once finished, active while running, future before. */
export function iterationSprints(root: IterationNode | null | undefined, now: Date): SprintInput[] {
  const out: SprintInput[] = [];
  const walk = (node: IterationNode, depth: number) => {
    const start = instant(node.attributes?.startDate);
    const finish = instant(node.attributes?.finishDate);
    if (depth > 0 && node.path && start && finish) {
      const state = Date.parse(finish) < now.getTime() ? 'closed' : Date.parse(start) <= now.getTime() ? 'active' : 'future';
      out.push({
        externalId: iterationPathOf(node.path),
        name: node.name ?? iterationPathOf(node.path),
        state,
        startAt: start,
        endAt: finish,
        completeAt: state === 'closed' ? finish : null,
      });
    }
    for (const child of node.children ?? []) walk(child, depth + 1);
  };
  if (root) walk(root, 0);
  return out;
}
