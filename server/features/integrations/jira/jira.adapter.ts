import type { ScopeKind } from '../../../../shared/integrations.js';
import { IntegrationError } from '../integrations.errors.js';
import type { AccountInput, ConnectionTest, CreatedIssue, OpenConnection, ProviderAdapter, ScopeInfo, SprintInput, SyncContext } from '../integrations.provider.js';
import { jiraCall, jiraClients, type JiraClients } from './jira.client.js';
import { adf, categoryOf, jiraAccountOf, jiraInstant, jqlDate, mapIssue, statusCategories, type JiraHistory, type JiraIssue, type JiraStatus, type JiraUser } from './jira.map.js';
import { jiraWebhook } from './jira.webhook.js';

/**
 * Jira Cloud / Data Center through jira.js (REST API v3 and the Agile API). Issues come from the
 * enhanced search (`/rest/api/3/search/jql`, pages by `nextPageToken`) ordered by `updated`, with
 * their changelog (the rest fetched per issue when the embedded one is truncated): status changes
 * become transitions, Sprint field changes sprint membership. The JQL lower bound is written in
 * the Jira user's time zone (JQL reads dates that way) with 24 h of overlap; the cursor per
 * project is the latest `updated` written, saved after each page.
 */
const PAGE = 100;
const DAY = 24 * 3_600_000;
const SPRINT_SCHEMA = 'com.pyxis.greenhopper.jira:gh-sprint';

const siteOf = (c: OpenConnection) => (c.externalInfo.siteUrl || c.baseUrl).replace(/\/+$/, '');

async function test(connection: OpenConnection, signal: AbortSignal): Promise<ConnectionTest> {
  const { v3 } = jiraClients(connection, signal);
  let me: JiraUser & { timeZone?: string };
  try {
    me = await jiraCall('your profile', () => v3.myself.getCurrentUser());
  } catch (err) {
    if (err instanceof IntegrationError) {
      if (err.kind === 'AUTH') return { ok: false, missing: [], message: 'Jira rejected the email and API token: the token is wrong, expired or revoked, or the email is not its owner.' };
      return { ok: false, missing: [], message: err.message };
    }
    throw err;
  }
  const info: Record<string, string> = { timeZone: me.timeZone || 'UTC', accountId: me.accountId ?? '' };
  try {
    const server = await jiraCall('server info', () => v3.serverInfo.getServerInfo());
    if (server.baseUrl) info.siteUrl = server.baseUrl.replace(/\/+$/, '');
  } catch { /* optional: the browse links fall back to the base URL */ }
  let total: number;
  try {
    const page = await jiraCall('projects', () => v3.projects.searchProjects({ maxResults: 1 }));
    total = page.total ?? page.values?.length ?? 0;
  } catch (err) {
    if (err instanceof IntegrationError && (err.kind === 'ACCESS' || err.kind === 'NOT_FOUND')) {
      return { ok: false, missing: ['Browse projects'], message: `Connected as ${me.displayName ?? 'this account'}, but it may not browse projects: give it the “Browse projects” permission.`, info };
    }
    if (err instanceof IntegrationError) return { ok: false, missing: [], message: err.message, info };
    throw err;
  }
  if (total === 0) return { ok: false, missing: ['Browse projects'], message: `Connected as ${me.displayName ?? 'this account'}, but it sees no project: give it the “Browse projects” permission.`, info };
  return { ok: true, missing: [], info, message: `Connected as ${me.displayName ?? 'this account'} (time zone ${info.timeZone}); ${total} ${total === 1 ? 'project' : 'projects'} visible.` };
}

async function listScopes(connection: OpenConnection, signal: AbortSignal): Promise<ScopeInfo[]> {
  const { v3, agile } = jiraClients(connection, signal);
  const site = siteOf(connection);
  const out: ScopeInfo[] = [];
  for (let startAt = 0; ;) {
    const page = await jiraCall('projects', () => v3.projects.searchProjects({ startAt, maxResults: 50 }));
    const values = page.values ?? [];
    for (const p of values) out.push({ kind: 'PROJECT', externalId: String(p.id), name: p.key ?? String(p.id), url: `${site}/browse/${p.key}`, defaultBranch: null });
    startAt += values.length;
    if (page.isLast || values.length === 0 || (page.total !== undefined && startAt >= page.total)) break;
  }
  for (let startAt = 0; ;) {
    const page = await jiraCall('boards', () => agile.board.getAllBoards({ startAt, maxResults: 50 }));
    const values = page.values ?? [];
    for (const b of values) out.push({ kind: 'BOARD', externalId: String(b.id), name: b.name ?? `Board ${b.id}`, url: null, defaultBranch: null });
    startAt += values.length;
    if (page.isLast || values.length === 0) break;
  }
  return out;
}

async function sprintsOfBoard(clients: JiraClients, boardId: number): Promise<SprintInput[]> {
  const out: SprintInput[] = [];
  for (let startAt = 0; ;) {
    const page = await jiraCall(`sprints of board ${boardId}`, () => clients.agile.board.getAllSprints({ boardId, startAt, maxResults: 50 }));
    const values = page.values ?? [];
    for (const s of values) {
      out.push({ externalId: String(s.id), name: s.name ?? `Sprint ${s.id}`, state: s.state ?? 'unknown', startAt: jiraInstant(s.startDate), endAt: jiraInstant(s.endDate), completeAt: jiraInstant(s.completeDate) });
    }
    startAt += values.length;
    if (page.isLast || values.length === 0) break;
  }
  return out;
}

async function fullChangelog(clients: JiraClients, issue: JiraIssue): Promise<JiraHistory[]> {
  const embedded = issue.changelog?.histories ?? [];
  const total = issue.changelog?.total ?? embedded.length;
  if (total <= embedded.length) return embedded;
  const out: JiraHistory[] = [];
  for (let startAt = 0; ;) {
    const page = await jiraCall(`changelog of ${issue.key}`, () => clients.v3.issues.getChangeLogs({ issueIdOrKey: issue.id, startAt, maxResults: PAGE }));
    const values = (page.values ?? []) as JiraHistory[];
    out.push(...values);
    startAt += values.length;
    if (page.isLast || values.length === 0 || (page.total !== undefined && startAt >= page.total)) break;
  }
  return out;
}

async function sync(ctx: SyncContext): Promise<void> {
  const clients = jiraClients(ctx.connection, ctx.signal);
  const { v3 } = clients;
  let requests = 0;
  const call = async <T>(what: string, run: () => Promise<T>) => { requests += 1; ctx.progress({ requests }); return jiraCall(what, run, () => ctx.now.getTime()); };
  const knownZone = ctx.connection.externalInfo.timeZone;
  const timeZone = knownZone || 'UTC';
  const site = siteOf(ctx.connection);
  const pointsField = ctx.settings.story_points_field || 'customfield_10016';

  const statuses = await call('statuses', () => v3.workflowStatuses.getStatuses()) as JiraStatus[];
  const categories = statusCategories(Array.isArray(statuses) ? statuses : []);
  const fields = await call('fields', () => v3.issueFields.getFields());
  const sprintField = (Array.isArray(fields) ? fields : []).find((f) => f.schema?.custom === SPRINT_SCHEMA)?.id ?? null;

  // People: every account the site lists (the matching screen offers them before they own an issue).
  const people: AccountInput[] = [];
  for (let startAt = 0; ;) {
    const page = await call('users', () => v3.users.getAllUsers({ startAt, maxResults: PAGE })) as JiraUser[];
    if (!Array.isArray(page)) throw new IntegrationError('BAD_PAYLOAD', 'Jira answered an unexpected list of users.');
    for (const u of page) {
      const a = jiraAccountOf(u);
      if (a && u.accountType !== 'customer') people.push(a);
    }
    startAt += page.length;
    // Jira may answer a short page before the end (inactive users filtered out): only an empty one ends the list.
    if (page.length === 0) break;
  }
  if (people.length) ctx.write.accounts(people);

  const boardScopes = ctx.scopes.filter((s) => s.kind === 'BOARD');
  const includedBoards = new Set(boardScopes.map((s) => s.externalId));
  let done = 0;
  for (const scope of ctx.scopes.filter((s) => s.kind === 'PROJECT')) {
    ctx.progress({ label: `Sprints of ${scope.name}` });
    for (let startAt = 0; ;) {
      const page = await call(`boards of ${scope.name}`, () => clients.agile.board.getAllBoards({ projectKeyOrId: scope.externalId, startAt, maxResults: 50 }));
      const values = page.values ?? [];
      for (const b of values) {
        if (b.id === undefined || includedBoards.has(String(b.id))) continue;
        requests += 1;
        const list = await sprintsOfBoard(clients, b.id);
        if (list.length) ctx.write.sprints(scope.id, list);
      }
      startAt += values.length;
      if (page.isLast || values.length === 0) break;
    }

    ctx.progress({ label: `Issues of ${scope.name}` });
    const stored = ctx.cursors.get(scope.externalId, 'issues').cursor;
    const storedMs = stored ? Date.parse(stored) : NaN;
    const fromMs = (Number.isFinite(storedMs) ? storedMs - DAY : Date.parse(ctx.since)) - (knownZone ? 0 : DAY);
    const jql = `project = ${jqlValue(scope.name)} AND updated >= "${jqlDate(new Date(fromMs), timeZone)}" ORDER BY updated ASC`;
    let latest = Number.isFinite(storedMs) ? storedMs : null;
    let nextPageToken: string | undefined;
    do {
      const token = nextPageToken;
      const page = await call(`issues of ${scope.name}`, () => v3.issueSearch.searchForIssuesUsingJqlEnhancedSearch({
        jql, nextPageToken: token, maxResults: PAGE, expand: 'changelog',
        fields: ['summary', 'issuetype', 'status', 'assignee', 'created', 'updated', 'resolutiondate', 'project', pointsField, ...(sprintField ? [sprintField] : [])],
      }));
      const issues = (page as { issues?: JiraIssue[] }).issues;
      if (!Array.isArray(issues)) throw new IntegrationError('BAD_PAYLOAD', `Jira answered an unexpected page of issues (${scope.name}).`);
      const records = [];
      const assignees = new Map<string, AccountInput>();
      for (const issue of issues) {
        if (!issue?.id || !issue.fields) throw new IntegrationError('BAD_PAYLOAD', `Jira answered an issue without its fields (${scope.name}).`);
        const histories = await fullChangelog(clients, issue);
        const record = mapIssue(issue, histories, { categories, storyPointsField: pointsField, sprintField, browseBase: site });
        records.push(record);
        if (record.assignee) assignees.set(record.assignee.externalId, record.assignee);
        const updated = Date.parse(record.updatedAt);
        if (latest === null || updated > latest) latest = updated;
      }
      if (assignees.size) ctx.write.accounts([...assignees.values()]);
      if (records.length) ctx.write.issues(scope.id, records);
      if (latest !== null) ctx.cursors.set(scope.externalId, 'issues', { cursor: new Date(latest).toISOString() });
      done += records.length;
      ctx.progress({ done, requests });
      nextPageToken = (page as { nextPageToken?: string }).nextPageToken || undefined;
    } while (nextPageToken && !(ctx.signal.aborted));
  }

  for (const scope of boardScopes) {
    const list = await sprintsOfBoard(clients, Number(scope.externalId));
    requests += 1;
    if (list.length) ctx.write.sprints(scope.id, list);
  }
  ctx.progress({ done, requests, label: 'Done' });
}

/** A project key in JQL: keys are [A-Z][A-Z0-9_]+, anything else quoted. */
function jqlValue(v: string): string {
  return /^[A-Za-z][A-Za-z0-9_]*$/.test(v) ? v : `"${v.replace(/["\\]/g, '\\$&')}"`;
}

async function createIssue(connection: OpenConnection, scope: { kind: ScopeKind; externalId: string; name: string }, issue: { title: string; body: string }, signal: AbortSignal): Promise<CreatedIssue> {
  if (scope.kind !== 'PROJECT') throw new IntegrationError('NOT_FOUND', 'Jira opens issues in a project: choose a Jira project, not a board.');
  const { v3 } = jiraClients(connection, signal);
  const created = await jiraCall('a new issue', () => v3.issues.createIssue({
    fields: { project: { id: scope.externalId }, summary: issue.title.slice(0, 255), issuetype: { name: 'Task' }, description: adf(issue.body) },
  }));
  return { externalId: String(created.id), key: created.key, url: `${siteOf(connection)}/browse/${created.key}` };
}

async function issueStates(connection: OpenConnection, _scope: { kind: ScopeKind; externalId: string; name: string }, externalIds: string[], signal: AbortSignal) {
  const { v3 } = jiraClients(connection, signal);
  const out: Array<{ externalId: string; closedAt: string | null }> = [];
  const ids = externalIds.filter((id) => /^\d+$/.test(id));
  for (let i = 0; i < ids.length; i += 50) {
    const chunk = ids.slice(i, i + 50);
    let nextPageToken: string | undefined;
    do {
      const token = nextPageToken;
      const page = await jiraCall('issue states', () => v3.issueSearch.searchForIssuesUsingJqlEnhancedSearch({ jql: `id in (${chunk.join(',')})`, nextPageToken: token, maxResults: 50, fields: ['status', 'resolutiondate', 'updated'] }));
      for (const issue of ((page as { issues?: JiraIssue[] }).issues ?? [])) {
        const done = categoryOf(issue.fields?.status?.statusCategory?.key) === 'DONE';
        out.push({ externalId: String(issue.id), closedAt: done ? (jiraInstant(issue.fields.resolutiondate) ?? jiraInstant(issue.fields.updated)) : null });
      }
      nextPageToken = (page as { nextPageToken?: string }).nextPageToken || undefined;
    } while (nextPageToken);
  }
  return out;
}

export const jiraAdapter: ProviderAdapter = {
  provider: 'JIRA',
  test,
  listScopes,
  sync,
  createIssue,
  issueStates,
  webhook: jiraWebhook,
};
