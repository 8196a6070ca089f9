import { DEFAULT_CODE_PROCESS, type ScopeKind } from '../../../../shared/integrations.js';
import { IntegrationError, NotTheService } from '../integrations.errors.js';
import type {
  AccountInput,
  ConnectionTest,
  CreatedIssue,
  OpenConnection,
  ProviderAdapter,
  ScopeInfo,
  SprintInput,
  SyncContext,
} from '../integrations.provider.js';
import { anonymousJira, flavourOf, jiraCall, jiraClients, jiraGet, type JiraClients, type JiraFlavour } from './jira.client.js';
import {
  adf,
  categoryOf,
  jiraAccountOf,
  jiraInstant,
  jqlDate,
  mapIssue,
  statusCategories,
  type JiraHistory,
  type JiraIssue,
  type JiraStatus,
  type JiraUser,
} from './jira.map.js';
import { jiraWebhook } from './jira.webhook.js';

import { DAY_MS } from '../../../../shared/dates.days.js';

/**
 * Jira Cloud / Data Center through jira.js. Cloud: REST API v3, issues from the enhanced search
 * (`/rest/api/3/search/jql`, pages by `nextPageToken`). Data Center (Server 9.x/10.x): REST API v2,
 * issues from `/rest/api/2/search` (pages by `startAt`), a personal access token as Bearer. Both:
 * the Agile API for boards and sprints; issues ordered by `updated` with their changelog (the rest
 * fetched per issue when the embedded one is truncated): status changes become transitions,
 * Sprint field changes sprint membership. The JQL lower bound is written in the Jira user's time
 * zone (JQL reads dates that way) with 24 h of overlap; the cursor per project is the latest
 * `updated` written, saved after each page. The flavour is detected by the connection test
 * (`/rest/api/2/serverInfo` → deploymentType) and kept in the connection's external info.
 */
const PAGE = 100;
const SPRINT_SCHEMA = 'com.pyxis.greenhopper.jira:gh-sprint';

const siteOf = (c: OpenConnection) => (c.externalInfo.siteUrl || c.baseUrl).replace(/\/+$/, '');

type ServerInfo = { baseUrl?: string; deploymentType?: string; version?: string };
type JiraField = { id?: string; name?: string; schema?: { custom?: string } };
const DC_TOKEN_HELP = 'Create one in Jira under your profile → Personal Access Tokens.';

/**
 * The story points field: the admin's setting; left at Jira Cloud's default on a site without
 * that field (Data Center names its own, e.g. customfield_10106), the field called “Story Points”.
 */
export function pointsFieldOf(setting: string, fields: JiraField[] | null): string {
  const wanted = setting || DEFAULT_CODE_PROCESS.story_points_field;
  if (!fields || wanted !== DEFAULT_CODE_PROCESS.story_points_field || fields.some((f) => f.id === wanted)) return wanted;
  return fields.find((f) => /^story points?$|^story point estimate$/i.test(f.name ?? ''))?.id ?? wanted;
}

async function test(connection: OpenConnection, signal: AbortSignal): Promise<ConnectionTest> {
  // Which Jira is this? serverInfo answers without credentials on Cloud and Data Center alike.
  let server: ServerInfo | null = null;
  try {
    server = (await jiraCall('server info', async () => (await anonymousJira(connection, signal)).serverInfo.getServerInfo())) as ServerInfo;
  } catch (err) {
    if (!(err instanceof IntegrationError)) throw err;
    if (err.kind === 'UNREACHABLE') return { ok: false, missing: [], message: err.message };
    if (err.kind === 'NOT_FOUND')
      return {
        ok: false,
        missing: [],
        message:
          'No Jira answered at this base URL: check the address, including the context path if Jira runs under one (for example https://jira.example.com/jira).',
      };
    // Anonymous access closed by a proxy: the credentials tell the flavour.
  }
  const flavour: JiraFlavour = server?.deploymentType ? (server.deploymentType === 'Cloud' ? 'CLOUD' : 'DATA_CENTER') : flavourOf(connection);
  const siteUrl = server?.baseUrl ? server.baseUrl.replace(/\/+$/, '') : null;
  if (flavour === 'CLOUD' && !connection.account) {
    return {
      ok: false,
      missing: [],
      message: 'This is a Jira Cloud site: it signs in with the Atlassian account email and an API token. Choose Jira Cloud and give the email.',
    };
  }
  return flavour === 'DATA_CENTER' ? testDataCenter(connection, signal, server, siteUrl) : testCloud(connection, signal, siteUrl);
}

async function testCloud(connection: OpenConnection, signal: AbortSignal, siteUrl: string | null): Promise<ConnectionTest> {
  const { v3 } = await jiraClients(connection, signal, 'CLOUD');
  let me: JiraUser & { timeZone?: string };
  try {
    me = await jiraCall('your profile', () => v3.myself.getCurrentUser());
    // Jira Cloud always names the account: other JSON is another server's.
    if (typeof me.accountId !== 'string') throw new NotTheService('JIRA');
  } catch (err) {
    if (err instanceof NotTheService) throw err;
    if (err instanceof IntegrationError) {
      if (err.kind === 'AUTH')
        return {
          ok: false,
          missing: [],
          message: 'Jira rejected the email and API token: the token is wrong, expired or revoked, or the email is not its owner.',
        };
      return { ok: false, missing: [], message: err.message };
    }
    throw err;
  }
  const info: Record<string, string> = { flavour: 'CLOUD', timeZone: me.timeZone || 'UTC', accountId: me.accountId ?? '' };
  if (siteUrl) info.siteUrl = siteUrl;
  let total: number;
  try {
    const page = await jiraCall('projects', () => v3.projects.searchProjects({ maxResults: 1 }));
    total = page.total ?? page.values?.length ?? 0;
  } catch (err) {
    if (err instanceof IntegrationError && (err.kind === 'ACCESS' || err.kind === 'NOT_FOUND')) {
      return {
        ok: false,
        missing: ['Browse projects'],
        message: `Connected as ${me.displayName ?? 'this account'}, but it may not browse projects: give it the “Browse projects” permission.`,
        info,
      };
    }
    if (err instanceof IntegrationError) return { ok: false, missing: [], message: err.message, info };
    throw err;
  }
  if (total === 0)
    return {
      ok: false,
      missing: ['Browse projects'],
      message: `Connected as ${me.displayName ?? 'this account'}, but it sees no project: give it the “Browse projects” permission.`,
      info,
    };
  return {
    ok: true,
    missing: [],
    info,
    message: `Connected as ${me.displayName ?? 'this account'} (time zone ${info.timeZone}); ${total} ${total === 1 ? 'project' : 'projects'} visible.`,
  };
}

async function testDataCenter(connection: OpenConnection, signal: AbortSignal, server: ServerInfo | null, siteUrl: string | null): Promise<ConnectionTest> {
  const { v2 } = await jiraClients(connection, signal, 'DATA_CENTER');
  const dc = (what: string, run: () => Promise<unknown>) => jiraCall(what, run, Date.now, 'DATA_CENTER');
  let me: JiraUser & { timeZone?: string };
  try {
    me = (await dc('your profile', () => v2.myself.getCurrentUser())) as JiraUser & { timeZone?: string };
    // Jira Data Center always names the account by its key and user name: other JSON is another server's.
    if (typeof me.key !== 'string' && typeof me.name !== 'string') throw new NotTheService('JIRA');
  } catch (err) {
    if (!(err instanceof IntegrationError) || err instanceof NotTheService) throw err;
    if (err.kind === 'AUTH')
      return { ok: false, missing: [], message: `Jira rejected the personal access token: it is wrong, expired or revoked. ${DC_TOKEN_HELP}` };
    if (err.kind === 'ACCESS')
      return {
        ok: false,
        missing: [],
        message:
          'Jira refused the personal access token: tokens may be turned off on this server, or the account must first sign in once in the browser (a CAPTCHA after failed sign-ins).',
      };
    if (err.kind === 'NOT_FOUND')
      return {
        ok: false,
        missing: [],
        message:
          'Jira has no REST API at this base URL: check the address, including the context path if Jira runs under one (for example https://jira.example.com/jira).',
      };
    return { ok: false, missing: [], message: err.message };
  }
  const who = me.displayName ?? me.name ?? 'this account';
  const info: Record<string, string> = { flavour: 'DATA_CENTER', timeZone: me.timeZone || 'UTC', accountId: me.key ?? '' };
  if (siteUrl) info.siteUrl = siteUrl;
  if (server?.version) info.version = server.version;
  let projects: unknown;
  try {
    projects = await dc('projects', () => jiraGet(v2, '/rest/api/2/project'));
  } catch (err) {
    if (err instanceof IntegrationError && (err.kind === 'ACCESS' || err.kind === 'NOT_FOUND')) {
      return {
        ok: false,
        missing: ['Browse projects'],
        message: `Connected as ${who}, but it may not browse projects: give it the “Browse projects” permission.`,
        info,
      };
    }
    if (err instanceof IntegrationError) return { ok: false, missing: [], message: err.message, info };
    throw err;
  }
  const total = Array.isArray(projects) ? projects.length : 0;
  // Data Center lists only the projects the user may browse: none visible is a missing permission.
  if (total === 0)
    return { ok: false, missing: ['Browse projects'], message: `Connected as ${who}, but it sees no project: give it the “Browse projects” permission.`, info };
  try {
    const fields = (await dc('fields', () => v2.issueFields.getFields())) as JiraField[];
    const points = pointsFieldOf('', Array.isArray(fields) ? fields : null);
    if (points !== DEFAULT_CODE_PROCESS.story_points_field) info.storyPointsField = points;
  } catch {
    /* optional: the sync reads the fields again */
  }
  const version = server?.version ? ` ${server.version}` : '';
  return {
    ok: true,
    missing: [],
    info,
    message: `Connected to Jira Data Center${version} as ${who} (time zone ${info.timeZone}); ${total} ${total === 1 ? 'project' : 'projects'} visible.`,
  };
}

type Call = <T>(what: string, run: () => Promise<T>) => Promise<T>;
const callerOf =
  (clients: JiraClients, now: () => number = Date.now): Call =>
  (what, run) =>
    jiraCall(what, run, now, clients.flavour);

/** Projects the account may browse: Cloud's paged project search, Data Center's whole list (`/rest/api/2/project`). */
async function projectsOf(clients: JiraClients, call: Call): Promise<Array<{ id?: string | number; key?: string }>> {
  if (clients.flavour === 'DATA_CENTER') {
    const list = await call('projects', () => jiraGet<unknown>(clients.v2, '/rest/api/2/project'));
    if (!Array.isArray(list)) throw new IntegrationError('BAD_PAYLOAD', 'Jira answered an unexpected list of projects.');
    return list as Array<{ id?: string; key?: string }>;
  }
  const out: Array<{ id?: string | number; key?: string }> = [];
  for (let startAt = 0; ;) {
    const page = await call('projects', () => clients.v3.projects.searchProjects({ startAt, maxResults: 50 }));
    const values = page.values ?? [];
    out.push(...values);
    startAt += values.length;
    if (page.isLast || values.length === 0 || (page.total !== undefined && startAt >= page.total)) break;
  }
  return out;
}

async function listScopes(connection: OpenConnection, signal: AbortSignal): Promise<ScopeInfo[]> {
  const clients = await jiraClients(connection, signal);
  const call = callerOf(clients);
  const site = siteOf(connection);
  const out: ScopeInfo[] = [];
  for (const p of await projectsOf(clients, call))
    out.push({ kind: 'PROJECT', externalId: String(p.id), name: p.key ?? String(p.id), url: `${site}/browse/${p.key}`, defaultBranch: null });
  for (let startAt = 0; ;) {
    const page = await call('boards', () => clients.agile.board.getAllBoards({ startAt, maxResults: 50 }));
    const values = page.values ?? [];
    for (const b of values) out.push({ kind: 'BOARD', externalId: String(b.id), name: b.name ?? `Board ${b.id}`, url: null, defaultBranch: null });
    startAt += values.length;
    if (page.isLast || values.length === 0) break;
  }
  return out;
}

async function sprintsOfBoard(clients: JiraClients, call: Call, boardId: number): Promise<SprintInput[]> {
  const out: SprintInput[] = [];
  for (let startAt = 0; ;) {
    const page = await call(`sprints of board ${boardId}`, () => clients.agile.board.getAllSprints({ boardId, startAt, maxResults: 50 }));
    const values = page.values ?? [];
    for (const s of values) {
      out.push({
        externalId: String(s.id),
        name: s.name ?? `Sprint ${s.id}`,
        state: s.state ?? 'unknown',
        startAt: jiraInstant(s.startDate),
        endAt: jiraInstant(s.endDate),
        completeAt: jiraInstant(s.completeDate),
      });
    }
    startAt += values.length;
    if (page.isLast || values.length === 0) break;
  }
  return out;
}

async function fullChangelog(clients: JiraClients, call: Call, issue: JiraIssue): Promise<JiraHistory[]> {
  const embedded = issue.changelog?.histories ?? [];
  const total = issue.changelog?.total ?? embedded.length;
  if (total <= embedded.length) return embedded;
  if (clients.flavour === 'DATA_CENTER') {
    // Data Center has no changelog endpoint: the issue itself, expanded, carries the whole changelog.
    const full = (await call(`changelog of ${issue.key}`, () =>
      clients.v2.issues.getIssue({ issueIdOrKey: issue.id, expand: 'changelog', fields: ['status'] }),
    )) as JiraIssue;
    return full.changelog?.histories ?? embedded;
  }
  const out: JiraHistory[] = [];
  for (let startAt = 0; ;) {
    const page = await call(`changelog of ${issue.key}`, () => clients.v3.issues.getChangeLogs({ issueIdOrKey: issue.id, startAt, maxResults: PAGE }));
    const values = (page.values ?? []) as JiraHistory[];
    out.push(...values);
    startAt += values.length;
    if (page.isLast || values.length === 0 || (page.total !== undefined && startAt >= page.total)) break;
  }
  return out;
}

/**
 * Pages of a JQL search: Cloud's enhanced search by `nextPageToken`, Data Center's
 * `/rest/api/2/search` by `startAt` until `total`. Each page is handed out before the next is asked.
 */
async function* searchPages(
  clients: JiraClients,
  call: Call,
  what: string,
  q: { jql: string; fields: string[]; expand?: string; maxResults: number; signal?: AbortSignal },
): AsyncGenerator<JiraIssue[]> {
  const check = (page: unknown): JiraIssue[] => {
    const issues = (page as { issues?: JiraIssue[] } | null)?.issues;
    if (!Array.isArray(issues)) throw new IntegrationError('BAD_PAYLOAD', `Jira answered an unexpected page of issues (${what}).`);
    return issues;
  };
  if (clients.flavour === 'DATA_CENTER') {
    for (let startAt = 0; ;) {
      const at = startAt;
      const page = await call(what, () =>
        clients.v2.issueSearch.searchForIssuesUsingJql({ jql: q.jql, startAt: at, maxResults: q.maxResults, fields: q.fields, expand: q.expand }),
      );
      const issues = check(page);
      yield issues;
      startAt += issues.length;
      const total = (page as { total?: number }).total;
      if (issues.length === 0 || typeof total !== 'number' || startAt >= total || q.signal?.aborted) return;
    }
  }
  let nextPageToken: string | undefined;
  do {
    const token = nextPageToken;
    const page = await call(what, () =>
      clients.v3.issueSearch.searchForIssuesUsingJqlEnhancedSearch({
        jql: q.jql,
        nextPageToken: token,
        maxResults: q.maxResults,
        expand: q.expand,
        fields: q.fields,
      }),
    );
    yield check(page);
    nextPageToken = (page as { nextPageToken?: string }).nextPageToken || undefined;
  } while (nextPageToken && !q.signal?.aborted);
}

/** Every person the site lists (the matching screen offers them before they own an issue). */
async function people(clients: JiraClients, call: Call): Promise<AccountInput[]> {
  const out: AccountInput[] = [];
  const dc = clients.flavour === 'DATA_CENTER';
  for (let startAt = 0; ;) {
    let page: JiraUser[];
    try {
      // Data Center: `username=.` matches every active user (the search reads username, name and email).
      page = (await call('users', () =>
        dc ? clients.v2.userSearch.findUsers({ username: '.', startAt, maxResults: PAGE }) : clients.v3.users.getAllUsers({ startAt, maxResults: PAGE }),
      )) as JiraUser[];
    } catch (err) {
      // Data Center asks the “Browse users” global permission for the list: without it, assignees still come with their issues.
      if (dc && err instanceof IntegrationError && err.kind === 'ACCESS') return out;
      throw err;
    }
    if (!Array.isArray(page)) throw new IntegrationError('BAD_PAYLOAD', 'Jira answered an unexpected list of users.');
    for (const u of page) {
      const a = jiraAccountOf(u);
      if (a && u.accountType !== 'customer') out.push(a);
    }
    startAt += page.length;
    // Jira may answer a short page before the end (inactive users filtered out): only an empty one ends the list.
    if (page.length === 0) break;
  }
  return out;
}

async function sync(ctx: SyncContext): Promise<void> {
  const clients = await jiraClients(ctx.connection, ctx.signal);
  const dc = clients.flavour === 'DATA_CENTER';
  let requests = 0;
  const call: Call = async (what, run) => {
    requests += 1;
    ctx.progress({ requests });
    return jiraCall(what, run, () => ctx.now.getTime(), clients.flavour);
  };
  const knownZone = ctx.connection.externalInfo.timeZone;
  const timeZone = knownZone || 'UTC';
  const site = siteOf(ctx.connection);

  const statuses = (await call('statuses', () => (dc ? clients.v2 : clients.v3).workflowStatuses.getStatuses())) as JiraStatus[];
  const categories = statusCategories(Array.isArray(statuses) ? statuses : []);
  const fields = (await call('fields', () => (dc ? clients.v2 : clients.v3).issueFields.getFields())) as JiraField[];
  const fieldList = Array.isArray(fields) ? fields : [];
  const sprintField = fieldList.find((f) => f.schema?.custom === SPRINT_SCHEMA)?.id ?? null;
  const pointsField = pointsFieldOf(ctx.settings.story_points_field, fieldList);

  const accounts = await people(clients, call);
  if (accounts.length) ctx.write.accounts(accounts);

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
        const list = await sprintsOfBoard(clients, call, b.id);
        if (list.length) ctx.write.sprints(scope.id, list);
      }
      startAt += values.length;
      if (page.isLast || values.length === 0) break;
    }

    ctx.progress({ label: `Issues of ${scope.name}` });
    const stored = ctx.cursors.get(scope.externalId, 'issues').cursor;
    const storedMs = stored ? Date.parse(stored) : NaN;
    const fromMs = (Number.isFinite(storedMs) ? storedMs - DAY_MS : Date.parse(ctx.since)) - (knownZone ? 0 : DAY_MS);
    const jql = `project = ${jqlValue(scope.name)} AND updated >= "${jqlDate(new Date(fromMs), timeZone)}" ORDER BY updated ASC`;
    let latest = Number.isFinite(storedMs) ? storedMs : null;
    const wanted = [
      'summary',
      'issuetype',
      'status',
      'assignee',
      'created',
      'updated',
      'resolutiondate',
      'project',
      pointsField,
      ...(sprintField ? [sprintField] : []),
    ];
    for await (const issues of searchPages(clients, call, `issues of ${scope.name}`, {
      jql,
      fields: wanted,
      expand: 'changelog',
      maxResults: PAGE,
      signal: ctx.signal,
    })) {
      const records = [];
      const assignees = new Map<string, AccountInput>();
      for (const issue of issues) {
        if (!issue?.id || !issue.fields) throw new IntegrationError('BAD_PAYLOAD', `Jira answered an issue without its fields (${scope.name}).`);
        const histories = await fullChangelog(clients, call, issue);
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
    }
  }

  for (const scope of boardScopes) {
    const list = await sprintsOfBoard(clients, call, Number(scope.externalId));
    if (list.length) ctx.write.sprints(scope.id, list);
  }
  ctx.progress({ done, requests, label: 'Done' });
}

/** A project key in JQL: keys are [A-Z][A-Z0-9_]+, anything else quoted. */
function jqlValue(v: string): string {
  return /^[A-Za-z][A-Za-z0-9_]*$/.test(v) ? v : `"${v.replace(/["\\]/g, '\\$&')}"`;
}

async function createIssue(
  connection: OpenConnection,
  scope: { kind: ScopeKind; externalId: string; name: string },
  issue: { title: string; body: string },
  signal: AbortSignal,
): Promise<CreatedIssue> {
  if (scope.kind !== 'PROJECT') throw new IntegrationError('NOT_FOUND', 'Jira opens issues in a project: choose a Jira project, not a board.');
  const clients = await jiraClients(connection, signal);
  const call = callerOf(clients);
  const summary = issue.title.slice(0, 255);
  // API v3 wants the description in the Atlassian Document Format; Data Center's v2 takes wiki text.
  const created =
    clients.flavour === 'DATA_CENTER'
      ? await call('a new issue', () =>
          clients.v2.issues.createIssue({ fields: { project: { id: scope.externalId }, summary, issuetype: { name: 'Task' }, description: issue.body } }),
        )
      : await call('a new issue', () =>
          clients.v3.issues.createIssue({ fields: { project: { id: scope.externalId }, summary, issuetype: { name: 'Task' }, description: adf(issue.body) } }),
        );
  return { externalId: String(created.id), key: created.key, url: `${siteOf(connection)}/browse/${created.key}` };
}

async function issueStates(
  connection: OpenConnection,
  _scope: { kind: ScopeKind; externalId: string; name: string },
  externalIds: string[],
  signal: AbortSignal,
) {
  const clients = await jiraClients(connection, signal);
  const call = callerOf(clients);
  const out: Array<{ externalId: string; closedAt: string | null }> = [];
  const ids = externalIds.filter((id) => /^\d+$/.test(id));
  for (let i = 0; i < ids.length; i += 50) {
    const chunk = ids.slice(i, i + 50);
    for await (const issues of searchPages(clients, call, 'issue states', {
      jql: `id in (${chunk.join(',')})`,
      fields: ['status', 'resolutiondate', 'updated'],
      maxResults: 50,
    })) {
      for (const issue of issues) {
        const done = categoryOf(issue.fields?.status?.statusCategory?.key) === 'DONE';
        out.push({ externalId: String(issue.id), closedAt: done ? (jiraInstant(issue.fields.resolutiondate) ?? jiraInstant(issue.fields.updated)) : null });
      }
    }
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
