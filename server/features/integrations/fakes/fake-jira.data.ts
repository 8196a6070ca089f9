import { ISSUES, JIRA_PROJECT, PEOPLE, SPRINTS, shiftIso, type SampleStatus } from '../sample/synthetic-dataset.js';
import { atWallTime } from '../../../../shared/dates.js';

/**
 * The synthetic dataset's ALPHA project as Jira Cloud stores it (fake-jira.ts serves it): statuses
 * with their categories, issues with changelog histories (status and Sprint field changes), the
 * board and its sprint, the people as Jira users. Instants in Jira's own format (`+0000`).
 * `dc` shapes are Jira Data Center's (REST API v2): users by `key`/`name` (no accountId), its own
 * custom field ids, the Sprint field as greenhopper strings, changelog items without `fieldId`.
 */
export const STATUSES: Array<{ id: string; name: SampleStatus; category: 'new' | 'indeterminate' | 'done' }> = [
  { id: '1', name: 'To Do', category: 'new' },
  { id: '3', name: 'In Progress', category: 'indeterminate' },
  { id: '10001', name: 'In Review', category: 'indeterminate' },
  { id: '10002', name: 'Done', category: 'done' },
];
export const statusByName = (name: string) => STATUSES.find((s) => s.name === name) ?? STATUSES[0]!;
const CATEGORY_NAME = { new: 'To Do', indeterminate: 'In Progress', done: 'Done' } as const;
const CATEGORY_ID = { new: 2, indeterminate: 4, done: 3 } as const;

export const POINTS_FIELD = 'customfield_10016';
export const SPRINT_FIELD = 'customfield_10020';
export const SITE_URL = 'https://acme.atlassian.net';
export const DC_POINTS_FIELD = 'customfield_10106';
export const DC_SPRINT_FIELD = 'customfield_10104';
export const DC_SITE_URL = 'https://jira.acme.test/jira';
/** Custom field ids as each flavour names them. */
export const fieldIds = (dc: boolean) => (dc ? { points: DC_POINTS_FIELD, sprint: DC_SPRINT_FIELD } : { points: POINTS_FIELD, sprint: SPRINT_FIELD });

export type FakeHistory = {
  id: string;
  created: string;
  author: string;
  items: Array<{
    field: string;
    fieldtype: string;
    fieldId: string;
    from: string | null;
    fromString: string | null;
    to: string | null;
    toString: string | null;
  }>;
};
export type FakeIssue = {
  id: string;
  key: string;
  type: string;
  summary: string;
  points: number | null;
  assignee: string | null;
  reporter: string;
  created: string;
  updated: string;
  status: string;
  resolutiondate: string | null;
  sprintIds: string[];
  histories: FakeHistory[];
};

/** Jira's instant format. */
export const jiraTime = (iso: string) => new Date(iso).toISOString().replace('Z', '+0000');

export function statusJson(name: string) {
  const s = statusByName(name);
  return {
    self: '',
    id: s.id,
    name: s.name,
    statusCategory: { id: CATEGORY_ID[s.category], key: s.category, name: CATEGORY_NAME[s.category], colorName: 'blue-gray' },
  };
}

export function userJson(key: string, dc = false) {
  const p = PEOPLE.find((x) => x.key === key);
  if (dc) {
    // Data Center: the key is stable (the dataset's Jira ids), the name is the username.
    if (!p) return { self: '', key, name: key, displayName: key, active: true, deleted: false };
    return {
      self: '',
      key: p.jiraAccountId,
      name: p.key,
      displayName: p.name,
      emailAddress: p.jiraEmail,
      active: true,
      deleted: false,
      timeZone: 'Europe/Berlin',
      locale: 'en_GB',
    };
  }
  if (!p) return { accountId: key, displayName: key, accountType: 'atlassian', active: true };
  return { accountId: p.jiraAccountId, displayName: p.name, emailAddress: p.jiraEmail, accountType: 'atlassian', active: true, timeZone: 'Europe/Berlin' };
}

/** A sprint in Data Center's API v2 Sprint field: greenhopper's toString. */
export function dcSprintString(id: string, shift: (iso: string) => string) {
  const s = SPRINTS.find((x) => x.id === id)!;
  return `com.atlassian.greenhopper.service.sprint.Sprint@5c1e${s.id}[id=${s.id},rapidViewId=${JIRA_PROJECT.boardId},state=${s.state.toUpperCase()},name=${s.name},startDate=${shift(s.startAt)},endDate=${shift(s.endAt)},completeDate=${shift(s.completeAt)},activatedDate=${shift(s.startAt)},sequence=${s.id},goal=,autoStartStop=false,synced=false]`;
}

export function sprintJson(id: string, shift: (iso: string) => string) {
  const s = SPRINTS.find((x) => x.id === id)!;
  return {
    id: Number(s.id),
    self: '',
    state: s.state,
    name: s.name,
    startDate: shift(s.startAt),
    endDate: shift(s.endAt),
    completeDate: shift(s.completeAt),
    originBoardId: JIRA_PROJECT.boardId,
    boardId: JIRA_PROJECT.boardId,
  };
}

export function buildIssues(shiftMs: number): FakeIssue[] {
  const t = (iso: string) => shiftIso(iso, shiftMs);
  return ISSUES.map((src) => {
    const histories: FakeHistory[] = [];
    let from: SampleStatus | null = null;
    src.transitions.forEach((tr, i) => {
      // The dataset's first change reads with no “from” (the ingest writer takes To Do for it).
      histories.push({
        id: `${src.id}-${i + 1}`,
        created: t(tr.at),
        author: src.assignee ?? 'alice',
        items: [
          {
            field: 'status',
            fieldtype: 'jira',
            fieldId: 'status',
            from: from ? statusByName(from).id : null,
            fromString: from,
            to: statusByName(tr.to).id,
            toString: tr.to,
          },
        ],
      });
      from = tr.to;
    });
    // Added to a sprint after creation: a Sprint field change; created in it: no history (as Jira).
    if (src.sprint && src.sprint.addedAt !== src.createdAt) {
      const sprint = SPRINTS.find((s) => s.id === src.sprint!.id)!;
      histories.push({
        id: `${src.id}-s1`,
        created: t(src.sprint.addedAt),
        author: src.assignee ?? 'alice',
        items: [{ field: 'Sprint', fieldtype: 'custom', fieldId: SPRINT_FIELD, from: '', fromString: '', to: sprint.id, toString: sprint.name }],
      });
    }
    histories.sort((a, b) => a.created.localeCompare(b.created));
    const status = src.transitions.at(-1)?.to ?? 'To Do';
    const lastDone = [...src.transitions].reverse().find((tr) => tr.to === 'Done');
    const instants = [src.createdAt, ...src.transitions.map((x) => x.at), ...(src.sprint ? [src.sprint.addedAt] : [])].sort();
    return {
      id: src.id,
      key: src.key,
      type: src.type,
      summary: src.title,
      points: src.points,
      assignee: src.assignee,
      reporter: src.assignee ?? 'alice',
      created: t(src.createdAt),
      updated: t(instants.at(-1)!),
      status,
      resolutiondate: status === 'Done' && lastDone ? t(lastDone.at) : null,
      sprintIds: src.sprint ? [src.sprint.id] : [],
      histories,
    };
  });
}

/** An issue as the REST API v3 (Data Center: v2) returns it; `fields` limits the fields (as `fields=` does). */
export function issueJson(
  issue: FakeIssue,
  origin: string,
  shift: (iso: string) => string,
  opts: { fields?: string[] | null; changelogMax?: number | null; dc?: boolean } = {},
) {
  const dc = opts.dc ?? false;
  const ids = fieldIds(dc);
  const all: Record<string, unknown> = {
    summary: issue.summary,
    issuetype: { id: issue.type === 'Story' ? '10001' : '10002', name: issue.type, subtask: false },
    status: statusJson(issue.status),
    assignee: issue.assignee ? userJson(issue.assignee, dc) : null,
    reporter: userJson(issue.reporter, dc),
    created: jiraTime(issue.created),
    updated: jiraTime(issue.updated),
    resolutiondate: issue.resolutiondate ? jiraTime(issue.resolutiondate) : null,
    project: { id: JIRA_PROJECT.id, key: JIRA_PROJECT.key, name: 'Alpha' },
    [ids.points]: issue.points,
    [ids.sprint]: issue.sprintIds.length ? issue.sprintIds.map((id) => (dc ? dcSprintString(id, shift) : sprintJson(id, shift))) : null,
  };
  const wanted = opts.fields?.length && !opts.fields.includes('*all') ? opts.fields : null;
  const fields = wanted ? Object.fromEntries(Object.entries(all).filter(([k]) => wanted.includes(k))) : all;
  const out: Record<string, unknown> = { id: issue.id, key: issue.key, self: `${origin}/rest/api/${dc ? 2 : 3}/issue/${issue.id}`, fields };
  if (opts.changelogMax !== undefined && opts.changelogMax !== null) {
    const histories = issue.histories.slice(0, opts.changelogMax).map((h) => historyJson(h, dc));
    out.changelog = { startAt: 0, maxResults: opts.changelogMax, total: issue.histories.length, histories };
  }
  return out;
}

export const historyJson = (h: FakeHistory, dc = false) => ({
  id: h.id,
  author: userJson(h.author, dc),
  created: jiraTime(h.created),
  // Data Center's changelog items name the field, not its id.
  items: dc ? h.items.map(({ fieldId: _fieldId, ...item }) => item) : h.items,
});

/** A wall time `yyyy/MM/dd HH:mm` (or `yyyy-MM-dd[ HH:mm]`) read in a time zone, as an instant. */
export function wallToUtc(wall: string, timeZone: string): number {
  const m = /^(\d{4})[/-](\d{2})[/-](\d{2})(?:\s+(\d{2}):(\d{2}))?$/.exec(wall.trim());
  if (!m) return NaN;
  return atWallTime(`${m[1]}-${m[2]}-${m[3]}`, `${m[4] ?? '00'}:${m[5] ?? '00'}`, timeZone).getTime();
}
