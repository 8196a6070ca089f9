import type { StatusCategory } from '../../../../shared/integrations.js';
import type { AccountInput, IssueInput, IssueTransitionInput } from '../integrations.provider.js';
import { UTC, wallTimeOf } from '../../../../shared/dates.js';
import { isTimeZone } from '../../../../shared/format.js';

/**
 * Jira's shapes (REST API v3 on Cloud, v2 on Data Center, as jira.js returns them) turned into the provider-neutral records of
 * integrations.provider.ts. Pure functions: the adapter fetches, these map.
 */

/** Cloud names a user by `accountId`; Data Center by `key` (stable) and `name` (the username, can be renamed). */
export type JiraUser = {
  accountId?: string;
  key?: string;
  name?: string;
  displayName?: string;
  emailAddress?: string | null;
  accountType?: string;
  active?: boolean;
};
export type JiraChangeItem = {
  field?: string;
  fieldId?: string;
  from?: string | null;
  fromString?: string | null;
  to?: string | null;
  toString?: string | null;
};
export type JiraHistory = { id?: string; created?: string; author?: JiraUser; items?: JiraChangeItem[] };
export type JiraStatus = { id?: string; name?: string; statusCategory?: { key?: string } };
export type JiraIssue = {
  id: string;
  key: string;
  fields: Record<string, unknown> & {
    summary?: string;
    issuetype?: { name?: string };
    status?: JiraStatus;
    assignee?: JiraUser | null;
    created?: string;
    updated?: string;
    resolutiondate?: string | null;
  };
  changelog?: { startAt?: number; maxResults?: number; total?: number; histories?: JiraHistory[] };
};

/** Jira's status category keys: new / indeterminate / done. */
export function categoryOf(key: string | undefined | null): StatusCategory {
  if (key === 'done') return 'DONE';
  if (key === 'indeterminate') return 'IN_PROGRESS';
  return 'TODO';
}

/** Jira writes instants as `2025-03-03T09:00:00.000+0000`: ISO with a colon-less offset. */
export function jiraInstant(value: string | null | undefined): string | null {
  if (!value) return null;
  const ms = Date.parse(value.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/**
 * The JQL date of an instant as the Jira user reads it: JQL dates are in the searching user's
 * time zone (`yyyy/MM/dd HH:mm`), so a UTC bound would miss (or repeat) hours of changes.
 */
export function jqlDate(at: Date, timeZone: string): string {
  const { day, time } = wallTimeOf(at, isTimeZone(timeZone) ? timeZone : UTC);
  return `${day.replaceAll('-', '/')} ${time}`;
}

/** Cloud: the accountId. Data Center: the user key (stable across renames), the username as the login. */
export function jiraAccountOf(user: JiraUser | null | undefined): AccountInput | null {
  if (user?.accountId)
    return {
      externalId: user.accountId,
      login: null,
      displayName: user.displayName ?? null,
      email: user.emailAddress ?? null,
      isBot: user.accountType === 'app',
    };
  if (user?.key)
    return { externalId: user.key, login: user.name ?? null, displayName: user.displayName ?? null, email: user.emailAddress ?? null, isBot: false };
  return null;
}

export type StatusCategories = Map<string, StatusCategory>;

/** Category of a status by id, then by name (the changelog names both), else the issue's own. */
function categoryFor(categories: StatusCategories, id: string | null | undefined, name: string | null | undefined): StatusCategory | null {
  if (id && categories.has(`id:${id}`)) return categories.get(`id:${id}`)!;
  if (name && categories.has(`name:${name.toLowerCase()}`)) return categories.get(`name:${name.toLowerCase()}`)!;
  return null;
}

export function statusCategories(statuses: JiraStatus[]): StatusCategories {
  const map: StatusCategories = new Map();
  for (const s of statuses) {
    const cat = categoryOf(s.statusCategory?.key);
    if (s.id) map.set(`id:${s.id}`, cat);
    if (s.name) map.set(`name:${s.name.toLowerCase()}`, cat);
  }
  return map;
}

const isSprintItem = (item: JiraChangeItem, sprintField: string | null) => item.field === 'Sprint' || (!!sprintField && item.fieldId === sprintField);
const ids = (v: string | null | undefined) =>
  new Set(
    (v ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );

export function mapIssue(
  issue: JiraIssue,
  histories: JiraHistory[],
  opts: { categories: StatusCategories; storyPointsField: string; sprintField: string | null; browseBase: string },
): IssueInput {
  const f = issue.fields;
  const createdAt = jiraInstant(f.created) ?? new Date(0).toISOString();
  const ordered = [...histories].sort(
    (a, b) => (jiraInstant(a.created) ?? '').localeCompare(jiraInstant(b.created) ?? '') || Number(a.id ?? 0) - Number(b.id ?? 0),
  );

  const transitions: IssueTransitionInput[] = [];
  const sprintOpen = new Map<string, { sprintExternalId: string; addedAt: string; removedAt: string | null }>();
  const sprintRows: Array<{ sprintExternalId: string; addedAt: string; removedAt: string | null }> = [];
  const sprintSeenInHistory = new Set<string>();
  for (const h of ordered) {
    const at = jiraInstant(h.created);
    if (!at) continue;
    (h.items ?? []).forEach((item, i) => {
      if (item.field === 'status') {
        const toStatus = item.toString ?? item.to ?? '';
        const fromStatus = item.fromString ?? null;
        transitions.push({
          externalId: (h.items ?? []).filter((x) => x.field === 'status').length > 1 ? `${h.id}-${i}` : String(h.id),
          at,
          fromStatus,
          toStatus,
          fromCategory: fromStatus === null && !item.from ? null : (categoryFor(opts.categories, item.from, fromStatus) ?? 'TODO'),
          toCategory: categoryFor(opts.categories, item.to, toStatus) ?? (toStatus === f.status?.name ? categoryOf(f.status?.statusCategory?.key) : 'TODO'),
        });
      } else if (isSprintItem(item, opts.sprintField)) {
        const before = ids(item.from);
        const after = ids(item.to);
        for (const id of after) {
          sprintSeenInHistory.add(id);
          if (before.has(id) || sprintOpen.has(id)) continue;
          const row = { sprintExternalId: id, addedAt: at, removedAt: null as string | null };
          sprintOpen.set(id, row);
          sprintRows.push(row);
        }
        for (const id of before) {
          sprintSeenInHistory.add(id);
          if (after.has(id)) continue;
          const open = sprintOpen.get(id);
          if (open) {
            open.removedAt = at;
            sprintOpen.delete(id);
          } else sprintRows.push({ sprintExternalId: id, addedAt: createdAt, removedAt: at });
        }
      }
    });
  }
  // Sprints the issue was created in have no history: a member since its creation.
  const current = opts.sprintField ? f[opts.sprintField] : null;
  if (Array.isArray(current)) {
    // Cloud: sprint objects; Data Center (API v2): `com.atlassian.greenhopper.service.sprint.Sprint@1f[id=1,rapidViewId=1,…]` strings.
    for (const s of current as Array<{ id?: number | string } | string>) {
      const id = typeof s === 'string' ? (/\bid=(\d+)/.exec(s)?.[1] ?? null) : s?.id === undefined ? null : String(s.id);
      if (id && !sprintSeenInHistory.has(id)) sprintRows.unshift({ sprintExternalId: id, addedAt: createdAt, removedAt: null });
    }
  }

  const statusCategory = categoryOf(f.status?.statusCategory?.key);
  const points = f[opts.storyPointsField];
  const lastDone = [...transitions].reverse().find((t) => t.toCategory === 'DONE');
  return {
    externalId: String(issue.id),
    key: issue.key,
    title: f.summary ?? issue.key,
    url: `${opts.browseBase}/browse/${issue.key}`,
    issueType: f.issuetype?.name ?? 'Task',
    status: f.status?.name ?? 'Unknown',
    statusCategory,
    storyPoints: typeof points === 'number' && Number.isFinite(points) ? points : null,
    assignee: jiraAccountOf(f.assignee),
    createdAt,
    updatedAt: jiraInstant(f.updated) ?? createdAt,
    resolvedAt: statusCategory === 'DONE' ? (jiraInstant(f.resolutiondate) ?? lastDone?.at ?? null) : null,
    transitions,
    sprints: sprintRows,
  };
}

/** Atlassian Document Format for a plain-text description (API v3 wants ADF, not a string). */
export function adf(text: string) {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    type: 'doc' as const,
    version: 1 as const,
    content: paragraphs.map((p) => ({ type: 'paragraph' as const, content: [{ type: 'text' as const, text: p }] })),
  };
}
