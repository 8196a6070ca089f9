import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { basicAuthorization } from '../azure/azure.webhook.js';
import { ISSUES, PEOPLE, SPRINTS, shiftIso, type SampleStatus } from '../sample/synthetic-dataset.js';
import type { FakeOptions, FakeService } from './fake-service.js';

/**
 * A fake Azure DevOps organization on 127.0.0.1 serving the synthetic dataset's ALPHA project as
 * Azure Boards work items (ALPHA-n is work item n in project Alpha) through the paths
 * azure-devops-node-api calls: the resource location answers (`OPTIONS {org}/_apis/{area}`), resource
 * areas, connection data, projects, the Reporting Work Item Revisions API paged by continuation
 * token (each revision's watermark), work item type states with their categories, a revision,
 * work items, and creating a Task. The PAT is checked (basic auth); faults are scripted; work items
 * change between syncs; service hook deliveries (the “Web Hooks” consumer, Basic authentication)
 * are sent as Azure DevOps sends them.
 */
export const AZURE_ORG = 'acme';
export const AZURE_PROJECT = { id: '6ce954b1-ce1f-45d1-b94d-e6bf2464ba2c', name: 'Alpha' };
const STATE: Record<SampleStatus, string> = { 'To Do': 'New', 'In Progress': 'Active', 'In Review': 'Resolved', Done: 'Closed' };
const STATES = [
  { name: 'New', color: 'b2b2b2', category: 'Proposed' },
  { name: 'Active', color: '007acc', category: 'InProgress' },
  { name: 'Resolved', color: 'ff9d00', category: 'Resolved' },
  { name: 'Closed', color: '339933', category: 'Completed' },
  { name: 'Removed', color: 'ffffff', category: 'Removed' },
];
const HOOK_SUBSCRIPTION = '8d3c5a1e-7f20-4b9e-9c41-2f6b0d9e3a17';
const COLLECTION_ID = 'c12d0eb8-e382-443b-9f9c-c52cba5014c2';
const SPRINT_PATH = (id: string) => `${AZURE_PROJECT.name}\\${SPRINTS.find((s) => s.id === id)?.name ?? `Sprint ${id}`}`;

export const azureIdentity = (key: string) => {
  const p = PEOPLE.find((x) => x.key === key)!;
  return { displayName: p.name, id: `ado-${p.key}`, uniqueName: p.emails[0]!, descriptor: `aad.${p.key}` };
};

type Revision = { id: number; rev: number; fields: Record<string, unknown> };

function buildRevisions(shiftMs: number): Revision[] {
  const t = (iso: string) => shiftIso(iso, shiftMs);
  const out: Revision[] = [];
  for (const issue of ISSUES) {
    const id = Number(issue.key.split('-')[1]);
    const createdInSprint = issue.sprint && issue.sprint.addedAt === issue.createdAt;
    let fields: Record<string, unknown> = {
      'System.Id': id,
      'System.Title': issue.title,
      'System.WorkItemType': issue.type === 'Story' ? 'User Story' : issue.type,
      'System.State': 'New',
      'System.AssignedTo': issue.assignee ? azureIdentity(issue.assignee) : undefined,
      'System.CreatedDate': t(issue.createdAt),
      'System.ChangedDate': t(issue.createdAt),
      'Microsoft.VSTS.Scheduling.StoryPoints': issue.points ?? undefined,
      'System.IterationPath': createdInSprint ? SPRINT_PATH(issue.sprint!.id) : AZURE_PROJECT.name,
      'System.TeamProject': AZURE_PROJECT.name,
    };
    out.push({ id, rev: 1, fields });
    const changes: Array<{ at: string; apply: (f: Record<string, unknown>) => void }> = issue.transitions.map((tr) => ({
      at: tr.at,
      apply: (f) => {
        f['System.State'] = STATE[tr.to];
        f['Microsoft.VSTS.Common.ClosedDate'] = tr.to === 'Done' ? t(tr.at) : undefined;
      },
    }));
    if (issue.sprint && !createdInSprint)
      changes.push({
        at: issue.sprint.addedAt,
        apply: (f) => {
          f['System.IterationPath'] = SPRINT_PATH(issue.sprint!.id);
        },
      });
    changes
      .sort((a, b) => a.at.localeCompare(b.at))
      .forEach((c, i) => {
        fields = { ...fields, 'System.ChangedDate': t(c.at) };
        c.apply(fields);
        out.push({ id, rev: i + 2, fields });
      });
  }
  return out.sort((a, b) => String(a.fields['System.ChangedDate']).localeCompare(String(b.fields['System.ChangedDate'])) || a.id - b.id || a.rev - b.rev);
}

const LOCATIONS: Record<string, Array<{ id: string; resourceName: string; routeTemplate: string }>> = {
  location: [
    { id: '00d9565f-ed9c-4a06-9a50-00e7896ccab4', resourceName: 'ConnectionData', routeTemplate: '_apis/{resource}' },
    { id: 'e81700f7-3be2-46de-8624-2eb35882fcaa', resourceName: 'ResourceAreas', routeTemplate: '_apis/{resource}/{areaId}' },
  ],
  core: [{ id: '603fe2ac-9723-48b9-88ad-09305aa6c6e1', resourceName: 'projects', routeTemplate: '_apis/{resource}/{*projectId}' }],
  wit: [
    {
      id: '5a172953-1b41-49d3-840a-33f79c3ce89f',
      resourceName: 'classificationNodes',
      routeTemplate: '{project}/_apis/{area}/{resource}/{structureGroup}/{*path}',
    },
    { id: 'f828fe59-dd87-495d-a17c-7a8d6211ca6c', resourceName: 'workItemRevisions', routeTemplate: '{project}/_apis/{area}/reporting/{resource}' },
    { id: '7c9d7a76-4a09-43e8-b5df-bd792f4ac6aa', resourceName: 'states', routeTemplate: '{project}/_apis/{area}/workitemtypes/{type}/{resource}' },
    {
      id: 'a00c85a5-80fa-4565-99c3-bcd2181434bb',
      resourceName: 'revisions',
      routeTemplate: '{project}/_apis/{area}/workItems/{id}/{resource}/{revisionNumber}',
    },
    { id: '72c7ddf8-2cdc-4f60-90cd-ab71c14a399b', resourceName: 'workItems', routeTemplate: '{project}/_apis/{area}/{resource}/{id}' },
    { id: '62d3d110-0047-428c-ad3c-4fe872c91c74', resourceName: 'workItems', routeTemplate: '{project}/_apis/{area}/workitems/${type}' },
  ],
};

export type FakeAzureFault = { status: number; headers?: Record<string, string>; body?: string; path?: RegExp; after?: number };
export type FakeAzure = FakeService &
  FakeAzureHooks & {
    organization: string;
    revisions: Revision[];
    denyProjects: boolean;
    failNext(fault: FakeAzureFault): void;
    /** A new revision of work item `id` at `at` (a state change, a new title). */
    addRevision(id: number, patch: { at: string; state?: string; title?: string }): void;
  };
export type AzureHookEvent = 'workitem.created' | 'workitem.updated' | 'workitem.deleted' | 'workitem.restored';
/** Who the delivery authenticates as (Basic authentication: the subscription's user name and password; no password: no header), the event's id (Azure keeps it on a retry). */
export type AzureHookOptions = { password: string | null; username?: string; eventId?: string };
export type FakeAzureHooks = {
  /** A service hook delivery of work item `id`'s latest revision (created: its first), headers + raw body. */
  serviceHookDelivery(event: AzureHookEvent, id: number, options: AzureHookOptions): { headers: Record<string, string>; body: Buffer };
  /** Posts that delivery to a URL (the app's webhook route); returns the answer. */
  sendServiceHook(url: string, event: AzureHookEvent, id: number, options: AzureHookOptions): Promise<{ status: number; body: string }>;
};
export type FakeAzureOptions = FakeOptions & { pageSize?: number; now?: () => Date };

export async function startFakeAzure(options: FakeAzureOptions = {}): Promise<FakeAzure> {
  const token = options.token ?? 'fakeazurepat0000000000000000000000000000000000000000';
  const revisions = options.dataset === 'empty' ? [] : buildRevisions(options.shiftMs ?? 0);
  const shift = (iso: string) => shiftIso(iso, options.shiftMs ?? 0);
  const pageSize = options.pageSize ?? 200;
  const now = options.now ?? (() => new Date());
  const requests: FakeService['requests'] = [];
  const faults: FakeAzureFault[] = [];
  let origin = '';
  let notification = 0;
  const org = `/${AZURE_ORG}`;
  const latest = (id: number) => revisions.filter((r) => r.id === id).reduce<Revision | null>((a, b) => (!a || b.rev > a.rev ? b : a), null);
  const wiJson = (r: Revision, fields?: string[] | null) => ({
    id: r.id,
    rev: r.rev,
    url: `${origin}${org}/${AZURE_PROJECT.id}/_apis/wit/workItems/${r.id}`,
    fields: Object.fromEntries(Object.entries(r.fields).filter(([k, v]) => v !== undefined && (!fields || fields.includes(k)))),
  });
  const err = (message: string, typeKey = 'VssServiceException') => ({
    $id: '1',
    innerException: null,
    message,
    typeName: `Microsoft.VisualStudio.Services.${typeKey}`,
    typeKey,
    errorCode: 0,
    eventId: 3000,
  });

  function route(method: string, path: string, url: URL, body: unknown): { status: number; body: unknown } {
    if (!path.startsWith(`${org}/`)) return { status: 404, body: err(`No organization at ${path}`) };
    const rest = path.slice(org.length);
    let m = /^\/_apis\/([\w.]+)$/i.exec(rest);
    if (method === 'OPTIONS' && m) {
      const area = m[1]!.toLowerCase();
      const list = LOCATIONS[area] ?? [];
      return {
        status: 200,
        body: {
          count: list.length,
          value: list.map((l) => ({
            ...l,
            area: area === 'location' ? 'Location' : area,
            minVersion: '1.0',
            maxVersion: '7.2',
            releasedVersion: '7.1',
            resourceVersion: 3,
          })),
        },
      };
    }
    if (method === 'GET' && /^\/_apis\/ResourceAreas$/i.test(rest)) return { status: 200, body: { count: 0, value: [] } };
    if (method === 'GET' && /^\/_apis\/ConnectionData$/i.test(rest)) {
      return {
        status: 200,
        body: {
          authenticatedUser: { id: 'ado-teamlens', descriptor: 'aad.teamlens', providerDisplayName: 'Teamlens Sync', isActive: true },
          instanceId: '0d6d9c22-0000-4000-8000-000000000000',
          deploymentType: 'hosted',
        },
      };
    }
    if (method === 'GET' && /^\/_apis\/projects$/i.test(rest)) {
      if (fake.denyProjects) return { status: 403, body: err('TF50309: You do not have the permissions to read projects.', 'UnauthorizedRequestException') };
      const value = [
        {
          id: AZURE_PROJECT.id,
          name: AZURE_PROJECT.name,
          state: 'wellFormed',
          visibility: 'private',
          url: `${origin}${org}/_apis/projects/${AZURE_PROJECT.id}`,
        },
      ];
      const skip = Number(url.searchParams.get('$skip') ?? 0);
      return { status: 200, body: { count: value.slice(skip).length, value: value.slice(skip) } };
    }
    m = /^\/([^/]+)\/_apis\/wit\/(.*)$/i.exec(rest);
    if (!m) return { status: 404, body: err(`No fake route for ${method} ${path}`) };
    if (m[1] !== AZURE_PROJECT.name && m[1] !== AZURE_PROJECT.id)
      return { status: 404, body: err(`TF200016: The following project does not exist: ${m[1]}.`, 'ProjectDoesNotExistWithNameException') };
    const sub = m[2]!;
    if (method === 'GET' && /^reporting\/workItemRevisions$/i.test(sub)) {
      const fields = url.searchParams.get('fields')?.split(',') ?? null;
      const token = url.searchParams.get('continuationToken');
      const start = url.searchParams.get('startDateTime');
      const max = Math.min(Number(url.searchParams.get('$maxPageSize') ?? pageSize) || pageSize, pageSize);
      if (token !== null && !/^\d+$/.test(token)) return { status: 400, body: err('The continuation token is not valid.') };
      const from = token ? Number(token) : 0;
      const startMs = start ? Date.parse(start) : null;
      const eligible = revisions
        .map((r, i) => ({ r, watermark: i + 1 }))
        .filter(({ r, watermark }) => watermark > from && (startMs === null || Date.parse(String(r.fields['System.ChangedDate'])) >= startMs));
      const page = eligible.slice(0, max);
      const last = page.at(-1)?.watermark ?? Math.max(from, revisions.length);
      const isLastBatch = eligible.length <= max;
      const continuationToken = String(isLastBatch ? revisions.length : last);
      return {
        status: 200,
        body: {
          values: page.map(({ r }) => wiJson(r, fields)),
          isLastBatch,
          continuationToken,
          nextLink: `${origin}${org}/${AZURE_PROJECT.name}/_apis/wit/reporting/workItemRevisions?continuationToken=${continuationToken}&api-version=7.1`,
        },
      };
    }
    if (method === 'GET' && /^classificationNodes\/(1|iterations)$/i.test(sub)) {
      return {
        status: 200,
        body: {
          id: 1,
          identifier: AZURE_PROJECT.id,
          name: AZURE_PROJECT.name,
          structureType: 'iteration',
          hasChildren: true,
          path: `\\${AZURE_PROJECT.name}\\Iteration`,
          children: SPRINTS.map((sp, i) => ({
            id: i + 2,
            name: sp.name,
            structureType: 'iteration',
            hasChildren: false,
            path: `\\${AZURE_PROJECT.name}\\Iteration\\${sp.name}`,
            attributes: { startDate: shift(sp.startAt), finishDate: shift(sp.endAt), timeFrame: 'past' },
          })),
        },
      };
    }
    m = /^workitemtypes\/([^/]+)\/states$/i.exec(sub);
    if (method === 'GET' && m) return { status: 200, body: { count: STATES.length, value: STATES } };
    m = /^workItems\/(\d+)\/revisions\/(\d+)$/i.exec(sub);
    if (method === 'GET' && m) {
      const r = revisions.find((x) => x.id === Number(m![1]) && x.rev === Number(m![2]));
      return r ? { status: 200, body: wiJson(r) } : { status: 404, body: err(`TF401232: Work item ${m[1]} does not exist.`) };
    }
    if (method === 'GET' && /^workItems$/i.test(sub)) {
      const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean).map(Number);
      const fields = url.searchParams.get('fields')?.split(',') ?? null;
      const value = ids
        .map((id) => latest(id))
        .filter((r): r is Revision => !!r)
        .map((r) => wiJson(r, fields));
      return { status: 200, body: { count: value.length, value } };
    }
    if (method === 'POST' && /^workitems\/\$Task$/i.test(sub)) {
      const ops = Array.isArray(body) ? (body as Array<{ op?: string; path?: string; value?: unknown }>) : [];
      const title = ops.find((o) => o.op === 'add' && o.path === '/fields/System.Title')?.value;
      if (typeof title !== 'string' || !title)
        return { status: 400, body: err('TF401320: Rule Error for field Title. Error code: Required, InvalidEmpty.', 'RuleValidationException') };
      const id = Math.max(0, ...revisions.map((r) => r.id)) + 1;
      const at = now().toISOString();
      const r: Revision = {
        id,
        rev: 1,
        fields: {
          'System.Id': id,
          'System.Title': title,
          'System.WorkItemType': 'Task',
          'System.State': 'New',
          'System.CreatedDate': at,
          'System.ChangedDate': at,
          'System.Description': ops.find((o) => o.path === '/fields/System.Description')?.value,
          'System.IterationPath': AZURE_PROJECT.name,
          'System.TeamProject': AZURE_PROJECT.name,
        },
      };
      revisions.push(r);
      return { status: 200, body: wiJson(r) };
    }
    return { status: 404, body: err(`No fake route for ${method} ${path}`) };
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      requests.push({ method, path: `${url.pathname}${url.search}`, headers: { accept: String(req.headers.accept ?? '') } });
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(typeof body === 'string' ? body : JSON.stringify(body));
      const auth = String(req.headers.authorization ?? '');
      const password = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString().split(':').slice(1).join(':') : '';
      if (password !== token)
        return send(401, err('TF400813: The user is not authorized to access this resource.', 'UnauthorizedRequestException'), {
          'www-authenticate': 'Basic realm="https://dev.azure.com/"',
        });
      const i = faults.findIndex((f) => !f.path || f.path.test(url.pathname));
      if (i >= 0 && (faults[i]!.after ?? 0) > 0) faults[i]!.after! -= 1;
      else if (i >= 0) {
        const [fault] = faults.splice(i, 1);
        return send(
          fault!.status,
          fault!.body ?? err(fault!.status === 429 ? 'TF400733: The request has been blocked: too many requests.' : 'Service unavailable'),
          fault!.headers,
        );
      }
      let body: unknown = null;
      if (chunks.length) {
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return send(400, err('The request body is not JSON.'));
        }
      }
      const out = route(method, decodeURIComponent(url.pathname), url, body);
      send(out.status, out.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeAzure = {
    url: origin,
    token,
    organization: AZURE_ORG,
    requests,
    revisions,
    denyProjects: false,
    failNext(fault) {
      faults.push(fault);
    },
    addRevision(id, patch) {
      const prev = latest(id);
      if (!prev) throw new Error(`No work item ${id}`);
      const at = new Date(patch.at).toISOString();
      const fields: Record<string, unknown> = { ...prev.fields, 'System.ChangedDate': at };
      if (patch.state) {
        fields['System.State'] = patch.state;
        fields['Microsoft.VSTS.Common.ClosedDate'] = patch.state === 'Closed' ? at : undefined;
      }
      if (patch.title) fields['System.Title'] = patch.title;
      revisions.push({ id, rev: prev.rev + 1, fields });
    },
    serviceHookDelivery(event, id, options) {
      const last = latest(id);
      if (!last) throw new Error(`No work item ${id}`);
      const item = event === 'workitem.created' ? revisions.find((r) => r.id === id && r.rev === 1)! : last;
      const json = wiJson(item);
      let resource: Record<string, unknown> = { ...json, _links: { html: { href: `${origin}${org}/${AZURE_PROJECT.name}/_workitems/edit/${id}` } } };
      if (event === 'workitem.updated') {
        // The update: the changed fields as { oldValue, newValue }, and the whole work item at that revision.
        const prev = revisions.find((r) => r.id === id && r.rev === item.rev - 1);
        const names = new Set([...Object.keys(item.fields), ...Object.keys(prev?.fields ?? {})]);
        const fields: Record<string, unknown> = { 'System.Rev': { oldValue: item.rev - 1, newValue: item.rev } };
        for (const name of names) {
          const [was, now] = [prev?.fields[name], item.fields[name]];
          if (JSON.stringify(was) !== JSON.stringify(now))
            fields[name] = { ...(was === undefined ? {} : { oldValue: was }), ...(now === undefined ? {} : { newValue: now }) };
        }
        resource = {
          id: item.rev,
          workItemId: id,
          rev: item.rev,
          revisedBy: item.fields['System.AssignedTo'] ?? null,
          revisedDate: '9999-01-01T00:00:00Z',
          fields,
          url: `${origin}${org}/${AZURE_PROJECT.id}/_apis/wit/workItems/${id}/updates/${item.rev}`,
          revision: { ...json, url: `${json.url}/revisions/${item.rev}` },
        };
      }
      notification += 1;
      const title = String(item.fields['System.Title']);
      const verb = { 'workitem.created': 'created', 'workitem.updated': 'updated', 'workitem.deleted': 'deleted', 'workitem.restored': 'restored' }[event];
      const payload = {
        subscriptionId: HOOK_SUBSCRIPTION,
        notificationId: notification,
        id: options.eventId ?? randomUUID(),
        eventType: event,
        publisherId: 'tfs',
        message: { text: `${item.fields['System.WorkItemType']} #${id} (${title}) ${verb}`, html: '', markdown: '' },
        resource,
        resourceVersion: '1.0',
        resourceContainers: {
          collection: { id: COLLECTION_ID },
          account: { id: COLLECTION_ID },
          project: { id: AZURE_PROJECT.id, baseUrl: `${origin}${org}/` },
        },
        createdDate: new Date(now()).toISOString(),
      };
      const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'VSServices/16.0 (fake)' };
      if (options.password !== null) headers.authorization = basicAuthorization(options.username ?? 'teamlens', options.password);
      return { headers, body: Buffer.from(JSON.stringify(payload)) };
    },
    async sendServiceHook(target, event, id, options) {
      const { headers, body } = fake.serviceHookDelivery(event, id, options);
      const res = await fetch(target, { method: 'POST', headers, body: new Uint8Array(body) });
      return { status: res.status, body: await res.text() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
