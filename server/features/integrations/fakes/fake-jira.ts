import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { jiraSignatureOf } from '../jira/jira.webhook.js';
import { JIRA_PROJECT, PEOPLE, SPRINTS, shiftIso, type SampleStatus } from '../sample/synthetic-dataset.js';
import {
  DC_SITE_URL,
  SITE_URL,
  STATUSES,
  buildIssues,
  fieldIds,
  historyJson,
  issueJson,
  sprintJson,
  statusByName,
  statusJson,
  userJson,
  wallToUtc,
  type FakeIssue,
} from './fake-jira.data.js';
import type { FakeOptions, FakeService } from './fake-service.js';

/**
 * A fake Jira Cloud site on 127.0.0.1 serving the synthetic dataset's ALPHA project through the
 * real REST API v3 and Agile API paths jira.js calls: /myself (with a non-UTC time zone), project
 * search, statuses, fields, users, the enhanced JQL search paged by `nextPageToken` (reading the
 * JQL's `updated >=` bound in the user's time zone), embedded changelogs that can be truncated (the
 * changelog endpoint then serves the rest), boards and sprints, issue create and get. Basic auth
 * (email + API token) is checked; faults are scripted; issues change between syncs; webhooks are
 * signed as Jira Cloud admin webhooks with a secret do.
 *
 * `flavour: 'DATA_CENTER'` makes it a Jira Data Center 10 server instead, under a context path
 * (`/jira` by default: `url` includes it): REST API v2 only (`/rest/api/2/search` paged by
 * `startAt` with `total`, `/rest/api/2/project` as a plain list, `/rest/api/2/user/search?username=`,
 * the whole changelog on `/rest/api/2/issue/{id}?expand=changelog`, no changelog endpoint), a
 * personal access token as `Authorization: Bearer`, users by `key`/`name`, its own custom field
 * ids, the Sprint field as greenhopper strings, a plain-text description on create. serverInfo
 * answers anonymously in both flavours (deploymentType Cloud / Server).
 */
/** A scripted failure: the next request (matching `path`, after `after` matching ones pass) gets it; `body` replaces the JSON (a malformed payload). */
export type FakeJiraFault = { status: number; headers?: Record<string, string>; body?: string; path?: RegExp; after?: number };

export type FakeJira = FakeService & {
  flavour: 'CLOUD' | 'DATA_CENTER';
  email: string;
  /** The JQL of every search received, in order. */
  jqls: string[];
  issues: FakeIssue[];
  /** Project search answers 403 while set (a user without “Browse projects”). */
  denyProjects: boolean;
  failNext(fault: FakeJiraFault): void;
  /** Changes an issue at `at`: a status change (with its history), a new title. */
  updateIssue(key: string, patch: { at: string; status?: SampleStatus; summary?: string }): void;
  /** A signed webhook delivery for an issue event (headers + raw body), as Jira Cloud sends it. */
  webhookDelivery(
    event: 'jira:issue_created' | 'jira:issue_updated' | 'jira:issue_deleted',
    key: string,
    secret: string,
    identifier?: string,
  ): { headers: Record<string, string>; body: Buffer };
  /** Posts that delivery to a URL (the app's webhook route); returns the status. */
  sendWebhook(
    url: string,
    event: 'jira:issue_created' | 'jira:issue_updated' | 'jira:issue_deleted',
    key: string,
    secret: string,
    identifier?: string,
  ): Promise<number>;
};

export type FakeJiraOptions = FakeOptions & {
  /** CLOUD (default) or DATA_CENTER (REST API v2, Bearer personal access token, a context path). */
  flavour?: 'CLOUD' | 'DATA_CENTER';
  /** Data Center's context path (default `/jira`; `''` for none). */
  contextPath?: string;
  email?: string;
  /** The user's time zone /myself reports (JQL dates are read in it). */
  timeZone?: string;
  /** Cap on `maxResults` of searches and changelog pages. */
  maxResults?: number;
  /** How many histories a search embeds per issue before the changelog counts as truncated (Jira: 100). */
  changelogMax?: number;
  /** Clock for issues created through the API. */
  now?: () => Date;
};

export async function startFakeJira(options: FakeJiraOptions = {}): Promise<FakeJira> {
  const flavour = options.flavour ?? 'CLOUD';
  const dc = flavour === 'DATA_CENTER';
  const contextPath = dc ? (options.contextPath ?? '/jira').replace(/\/+$/, '') : '';
  const fields = fieldIds(dc);
  const email = options.email ?? 'teamlens@acme.test';
  const token = options.token ?? (dc ? 'NjM0NzE2MTk0NjQ4OkZha2VEYXRhQ2VudGVyUGF0MDAw' : 'ATATT3xFfGF0fakeJiraApiToken0000');
  const shiftMs = options.shiftMs ?? 0;
  const shift = (iso: string) => shiftIso(iso, shiftMs);
  const timeZone = options.timeZone ?? 'Europe/Berlin';
  const cap = options.maxResults ?? 100;
  // Data Center embeds the whole changelog in a search unless told otherwise.
  const changelogMax = options.changelogMax ?? (dc ? 10_000 : 100);
  const now = options.now ?? (() => new Date());
  const issues: FakeIssue[] = options.dataset === 'empty' ? [] : buildIssues(shiftMs);
  const requests: FakeService['requests'] = [];
  const jqls: string[] = [];
  const faults: FakeJiraFault[] = [];
  const accepted = dc ? `Bearer ${token}` : `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`;
  /** The server's address with its context path (links and `url` name it). */
  let origin = '';
  let nextId = 20000;

  const find = (idOrKey: string) => issues.find((i) => i.id === idOrKey || i.key === idOrKey);
  const int = (v: string | null, d: number) => (v !== null && /^\d+$/.test(v) ? Number(v) : d);
  const errors = (...messages: string[]) => ({ errorMessages: messages, errors: {} });

  function search(url: URL) {
    const jql = url.searchParams.get('jql') ?? '';
    jqls.push(jql);
    const wanted = (url.searchParams.get('fields') ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    const expand = (url.searchParams.get('expand') ?? '').split(',');
    const project = /project\s*=\s*"?([\w-]+)"?/i.exec(jql)?.[1];
    const since = /updated\s*>=\s*"([^"]+)"/i.exec(jql)?.[1];
    const idList = /\bid\s+in\s*\(([^)]*)\)/i.exec(jql)?.[1];
    const sinceMs = since ? wallToUtc(since, timeZone) : null;
    if (since && !Number.isFinite(sinceMs)) return { status: 400, body: errors(`Date value '${since}' for field 'updated' is invalid.`) };
    let list = issues.filter(
      (i) => (!project || project === JIRA_PROJECT.key || project === JIRA_PROJECT.id) && (sinceMs === null || Date.parse(i.updated) >= sinceMs!),
    );
    if (idList !== undefined) {
      const ids = idList.split(',').map((x) => x.trim());
      list = list.filter((i) => ids.includes(i.id) || ids.includes(i.key));
    }
    if (project && project !== JIRA_PROJECT.key && project !== JIRA_PROJECT.id)
      return { status: 400, body: errors(`The value '${project}' does not exist for the field 'project'.`) };
    list = [...list].sort((a, b) => a.updated.localeCompare(b.updated) || Number(a.id) - Number(b.id));
    const max = Math.min(int(url.searchParams.get('maxResults'), 50), cap);
    if (dc) {
      // /rest/api/2/search: startAt pages with the total.
      const startAt = int(url.searchParams.get('startAt'), 0);
      const page = list.slice(startAt, startAt + max);
      return {
        status: 200,
        body: {
          expand: 'schema,names',
          startAt,
          maxResults: max,
          total: list.length,
          issues: page.map((i) => issueJson(i, origin, shift, { fields: wanted, changelogMax: expand.includes('changelog') ? changelogMax : null, dc })),
        },
      };
    }
    const tokenIn = url.searchParams.get('nextPageToken');
    const offset = tokenIn ? Number(Buffer.from(tokenIn, 'base64url').toString().split(':')[1] ?? NaN) : 0;
    if (!Number.isFinite(offset)) return { status: 400, body: errors('The nextPageToken is invalid.') };
    const page = list.slice(offset, offset + max);
    const body: Record<string, unknown> = {
      issues: page.map((i) => issueJson(i, origin, shift, { fields: wanted, changelogMax: expand.includes('changelog') ? changelogMax : null })),
      isLast: offset + max >= list.length,
    };
    if (offset + max < list.length) body.nextPageToken = Buffer.from(`page:${offset + max}`).toString('base64url');
    return { status: 200, body };
  }

  function fieldList() {
    return [
      { id: 'summary', key: 'summary', name: 'Summary', custom: false, schema: { type: 'string', system: 'summary' } },
      dc
        ? {
            id: fields.points,
            name: 'Story Points',
            custom: true,
            schema: { type: 'number', custom: 'com.atlassian.jira.plugin.system.customfieldtypes:float', customId: 10106 },
          }
        : {
            id: fields.points,
            key: fields.points,
            name: 'Story point estimate',
            custom: true,
            schema: { type: 'number', custom: 'com.atlassian.jira.plugin.system.customfieldtypes:jsw-story-points', customId: 10016 },
          },
      {
        id: fields.sprint,
        key: fields.sprint,
        name: 'Sprint',
        custom: true,
        schema: { type: 'array', items: 'json', custom: 'com.pyxis.greenhopper.jira:gh-sprint', customId: dc ? 10104 : 10020 },
      },
    ];
  }

  /** Jira Data Center's REST API v2 (the agile API is shared with Cloud's routes). */
  function dcRoute(method: string, url: URL, body: unknown): { status: number; body: unknown } {
    const p = url.pathname;
    const startAt = int(url.searchParams.get('startAt'), 0);
    const maxResults = Math.min(int(url.searchParams.get('maxResults'), 50), cap);
    if (method === 'GET' && p === '/rest/api/2/myself') {
      return {
        status: 200,
        body: {
          self: `${origin}/rest/api/2/user?username=teamlens`,
          key: 'JIRAUSER10000',
          name: 'teamlens',
          emailAddress: email,
          displayName: 'Teamlens Sync',
          active: true,
          deleted: false,
          timeZone,
          locale: 'en_GB',
        },
      };
    }
    // Data Center lists only the projects the user may browse (none: an empty list, not a 403).
    if (method === 'GET' && p === '/rest/api/2/project')
      return {
        status: 200,
        body: fake.denyProjects ? [] : [{ self: '', id: JIRA_PROJECT.id, key: JIRA_PROJECT.key, name: 'Alpha', projectTypeKey: 'software' }],
      };
    if (method === 'GET' && p === '/rest/api/2/status') return { status: 200, body: STATUSES.map((s) => statusJson(s.name)) };
    if (method === 'GET' && p === '/rest/api/2/field') return { status: 200, body: fieldList() };
    if (method === 'GET' && p === '/rest/api/2/user/search') {
      const username = url.searchParams.get('username');
      if (!username) return { status: 400, body: errors('The username query parameter was not provided') };
      const all = PEOPLE.map((x) => userJson(x.key, true) as { name: string; displayName?: string; emailAddress?: string });
      const q = username.toLowerCase();
      // “.” matches every user (it is in every username, name or email Jira indexes); else a prefix.
      const found = q === '.' ? all : all.filter((u) => [u.name, u.displayName, u.emailAddress].some((v) => v?.toLowerCase().startsWith(q)));
      return { status: 200, body: found.slice(startAt, startAt + maxResults) };
    }
    if (method === 'GET' && p === '/rest/api/2/search') return search(url);
    const m = /^\/rest\/api\/2\/issue\/([\w-]+)$/.exec(p);
    if (method === 'GET' && m) {
      const issue = find(m[1]!);
      if (!issue) return { status: 404, body: errors('Issue Does Not Exist') };
      const wanted = (url.searchParams.get('fields') ?? '')
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean);
      const expand = (url.searchParams.get('expand') ?? '').split(',');
      return {
        status: 200,
        body: issueJson(issue, origin, shift, { fields: wanted, changelogMax: expand.includes('changelog') ? Number.MAX_SAFE_INTEGER : null, dc: true }),
      };
    }
    if (method === 'POST' && p === '/rest/api/2/issue') {
      const f = (
        body as { fields?: { project?: { id?: string; key?: string }; summary?: string; issuetype?: { name?: string }; description?: unknown } } | null
      )?.fields;
      if (!f?.summary || !f.issuetype?.name)
        return { status: 400, body: { errorMessages: [], errors: { summary: 'You must specify a summary of the issue.' } } };
      if (f.project?.id !== JIRA_PROJECT.id && f.project?.key !== JIRA_PROJECT.key)
        return { status: 400, body: { errorMessages: [], errors: { project: 'project is required' } } };
      if (f.description !== undefined && typeof f.description !== 'string')
        return { status: 400, body: { errorMessages: [], errors: { description: 'Operation value must be a string' } } };
      return { status: 201, body: created(f.summary, f.issuetype.name) };
    }
    return { status: 404, body: errors(`No fake route for ${method} ${p}`) };
  }

  function created(summary: string, type: string) {
    const at = now().toISOString();
    const id = String(nextId++);
    const key = `${JIRA_PROJECT.key}-${issues.length + 1}`;
    issues.push({
      id,
      key,
      type,
      summary,
      points: null,
      assignee: null,
      reporter: 'alice',
      created: at,
      updated: at,
      status: 'To Do',
      resolutiondate: null,
      sprintIds: [],
      histories: [],
    });
    return { id, key, self: `${origin}/rest/api/${dc ? 2 : 3}/issue/${id}` };
  }

  function route(method: string, url: URL, body: unknown): { status: number; body: unknown } {
    const p = url.pathname;
    const startAt = int(url.searchParams.get('startAt'), 0);
    const maxResults = Math.min(int(url.searchParams.get('maxResults'), 50), cap);
    const paged = <T>(values: T[]) => ({
      startAt,
      maxResults,
      total: values.length,
      isLast: startAt + maxResults >= values.length,
      values: values.slice(startAt, startAt + maxResults),
    });
    if (method === 'GET' && p === '/rest/api/2/serverInfo') {
      return {
        status: 200,
        body: dc
          ? { baseUrl: DC_SITE_URL, version: '10.3.1', versionNumbers: [10, 3, 1], deploymentType: 'Server', buildNumber: 10030001, serverTitle: 'Acme Jira' }
          : { baseUrl: SITE_URL, version: '1001.0.0-SNAPSHOT', deploymentType: 'Cloud', serverTitle: 'Jira' },
      };
    }
    const agile = p.startsWith('/rest/agile/1.0/');
    if (dc && !agile) return dcRoute(method, url, body);
    if (method === 'GET' && p === '/rest/api/3/myself')
      return {
        status: 200,
        body: {
          accountId: 'jira-teamlens',
          accountType: 'atlassian',
          emailAddress: email,
          displayName: 'Teamlens Sync',
          active: true,
          timeZone,
          locale: 'en_GB',
        },
      };
    if (method === 'GET' && p === '/rest/api/3/serverInfo')
      return { status: 200, body: { baseUrl: SITE_URL, version: '1001.0.0-SNAPSHOT', deploymentType: 'Cloud', serverTitle: 'Jira' } };
    if (method === 'GET' && p === '/rest/api/3/project/search') {
      if (fake.denyProjects) return { status: 403, body: errors('You do not have the permission to see the specified project.') };
      return {
        status: 200,
        body: paged([{ id: JIRA_PROJECT.id, key: JIRA_PROJECT.key, name: 'Alpha', projectTypeKey: 'software', simplified: false, style: 'classic' }]),
      };
    }
    if (method === 'GET' && p === '/rest/api/3/status') return { status: 200, body: STATUSES.map((s) => statusJson(s.name)) };
    if (method === 'GET' && p === '/rest/api/3/field') return { status: 200, body: fieldList() };
    if (method === 'GET' && p === '/rest/api/3/users/search')
      return { status: 200, body: PEOPLE.map((x) => userJson(x.key)).slice(startAt, startAt + maxResults) };
    if (method === 'GET' && p === '/rest/api/3/search/jql') return search(url);
    let m = /^\/rest\/api\/3\/issue\/([\w-]+)\/changelog$/.exec(p);
    if (method === 'GET' && m) {
      const issue = find(m[1]!);
      if (!issue) return { status: 404, body: errors('Issue does not exist or you do not have permission to see it.') };
      return { status: 200, body: { self: `${origin}${p}`, ...paged(issue.histories.map((h) => historyJson(h))) } };
    }
    m = /^\/rest\/api\/3\/issue\/([\w-]+)$/.exec(p);
    if (method === 'GET' && m) {
      const issue = find(m[1]!);
      return issue
        ? { status: 200, body: issueJson(issue, origin, shift) }
        : { status: 404, body: errors('Issue does not exist or you do not have permission to see it.') };
    }
    if (method === 'POST' && p === '/rest/api/3/issue') {
      const f = (
        body as {
          fields?: { project?: { id?: string; key?: string }; summary?: string; issuetype?: { name?: string }; description?: { type?: string } };
        } | null
      )?.fields;
      if (!f?.summary || !f.issuetype?.name)
        return { status: 400, body: { errorMessages: [], errors: { summary: 'You must specify a summary of the issue.' } } };
      if (f.project?.id !== JIRA_PROJECT.id && f.project?.key !== JIRA_PROJECT.key)
        return { status: 400, body: { errorMessages: [], errors: { project: 'valid project is required' } } };
      if (f.description !== undefined && f.description?.type !== 'doc')
        return { status: 400, body: { errorMessages: [], errors: { description: 'Operation value must be an Atlassian Document.' } } };
      return { status: 201, body: created(f.summary, f.issuetype.name) };
    }
    if (method === 'GET' && p === '/rest/agile/1.0/board') {
      const project = url.searchParams.get('projectKeyOrId');
      const boards =
        !project || project === JIRA_PROJECT.key || project === JIRA_PROJECT.id
          ? [
              {
                id: JIRA_PROJECT.boardId,
                self: '',
                name: 'ALPHA board',
                type: 'scrum',
                location: { projectId: Number(JIRA_PROJECT.id), projectKey: JIRA_PROJECT.key },
              },
            ]
          : [];
      return { status: 200, body: paged(boards) };
    }
    m = /^\/rest\/agile\/1\.0\/board\/(\d+)\/sprint$/.exec(p);
    if (method === 'GET' && m) {
      if (Number(m[1]) !== JIRA_PROJECT.boardId)
        return { status: 404, body: errors('The requested board cannot be viewed because it either does not exist or you do not have permission to view it.') };
      const { total: _total, ...page } = paged(SPRINTS.map((s) => sprintJson(s.id, shift)));
      return { status: 200, body: page };
    }
    return { status: 404, body: errors(`No fake route for ${method} ${p}`) };
  }

  const server = http.createServer((req, res) => {
    const full = new URL(req.url ?? '/', 'http://127.0.0.1');
    const url = new URL(full);
    // Data Center under a context path: only paths below it are Jira's.
    if (contextPath) url.pathname = full.pathname.startsWith(`${contextPath}/`) ? full.pathname.slice(contextPath.length) : '/outside-context-path';
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      requests.push({ method, path: `${url.pathname}${url.search}`, headers: { accept: String(req.headers.accept ?? '') } });
      if (url.pathname === '/outside-context-path') return void res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not Found</body></html>');
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers }).end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      // serverInfo answers anonymously (Cloud and Data Center alike).
      const anonymous = !req.headers.authorization && method === 'GET' && url.pathname === '/rest/api/2/serverInfo';
      if (!anonymous && req.headers.authorization !== accepted) {
        return send(
          401,
          dc
            ? { message: 'Client must be authenticated to access this resource.', 'status-code': 401 }
            : errors('Client must be authenticated to access this resource.'),
          { 'www-authenticate': dc ? 'OAuth realm="https%3A%2F%2Fjira.acme.test%2Fjira"' : 'Basic realm="protected-area"' },
        );
      }
      const i = faults.findIndex((f) => !f.path || f.path.test(url.pathname));
      if (i >= 0 && (faults[i]!.after ?? 0) > 0) faults[i]!.after! -= 1;
      else if (i >= 0) {
        const [fault] = faults.splice(i, 1);
        return send(fault!.status, fault!.body ?? errors(fault!.status === 429 ? 'Rate limit exceeded.' : 'Internal server error'), fault!.headers);
      }
      let body: unknown = null;
      if (chunks.length) {
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return send(400, errors('Unexpected character in the request body.'));
        }
      }
      const out = route(method, url, body);
      send(out.status, out.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}${contextPath}`;

  const fake: FakeJira = {
    url: origin,
    flavour,
    token,
    email,
    requests,
    jqls,
    issues,
    denyProjects: false,
    failNext(fault) {
      faults.push(fault);
    },
    updateIssue(key, patch) {
      const issue = find(key);
      if (!issue) throw new Error(`No issue ${key}`);
      const at = new Date(patch.at).toISOString();
      if (patch.status && patch.status !== issue.status) {
        const from = issue.status;
        issue.histories.push({
          id: `${issue.id}-${issue.histories.length + 1}u`,
          created: at,
          author: issue.assignee ?? 'alice',
          items: [
            {
              field: 'status',
              fieldtype: 'jira',
              fieldId: 'status',
              from: statusByName(from).id,
              fromString: from,
              to: statusByName(patch.status).id,
              toString: patch.status,
            },
          ],
        });
        issue.status = patch.status;
        issue.resolutiondate = statusByName(patch.status).category === 'done' ? at : null;
      }
      if (patch.summary) issue.summary = patch.summary;
      issue.updated = at;
    },
    webhookDelivery(event, key, secret, identifier) {
      const issue = find(key);
      if (!issue) throw new Error(`No issue ${key}`);
      const last = issue.histories.at(-1);
      const payload = {
        timestamp: Date.parse(issue.updated),
        webhookEvent: event,
        issue_event_type_name: event === 'jira:issue_created' ? 'issue_created' : 'issue_generic',
        user: userJson(issue.reporter, dc),
        issue: issueJson(issue, origin, shift, { dc }),
        ...(event === 'jira:issue_updated' && last ? { changelog: { id: last.id, items: historyJson(last, dc).items } } : {}),
      };
      const body = Buffer.from(JSON.stringify(payload));
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-hub-signature': jiraSignatureOf(secret, body) };
      if (identifier) headers['x-atlassian-webhook-identifier'] = identifier;
      return { headers, body };
    },
    async sendWebhook(target, event, key, secret, identifier) {
      const { headers, body } = fake.webhookDelivery(event, key, secret, identifier);
      const res = await fetch(target, { method: 'POST', headers, body: new Uint8Array(body) });
      await res.arrayBuffer();
      return res.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
