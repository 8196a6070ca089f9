import type { ScopeKind, StatusCategory } from '../../../../shared/integrations.js';
import { IntegrationError, NotTheService } from '../integrations.errors.js';
import type {
  AccountInput,
  ConnectionTest,
  CreatedIssue,
  IssueInput,
  OpenConnection,
  ProviderAdapter,
  ScopeInfo,
  SyncContext,
} from '../integrations.provider.js';
import { azureCall, azureClients, type AzureClients } from './azure.client.js';
import type { TreeStructureGroup } from 'azure-devops-node-api/interfaces/WorkItemTrackingInterfaces.js';
import {
  REVISION_FIELDS,
  categoryOfAzure,
  htmlOf,
  instant,
  iterationSprints,
  mapWorkItem,
  workItemUrl as editUrl,
  type AzureRevision,
  type ItemHistory,
  type ItemState,
} from './azure.map.js';
import { azureWebhook } from './azure.webhook.js';

/**
 * Azure DevOps Boards through azure-devops-node-api. Work items come from the Reporting Work Item
 * Revisions API (`_apis/wit/reporting/workitemrevisions`): a backfill starts at `startDateTime`,
 * then every page's continuation token is the cursor (saved after the page is written), so an
 * incremental run asks only for revisions made since. Transitions are state changes between
 * consecutive revisions, categorised by the work item type's state categories.
 */
const PAGE = 200;
const WORK_ITEM_CONCURRENCY = 4;

async function test(connection: OpenConnection, _signal: AbortSignal): Promise<ConnectionTest> {
  const clients = await azureClients(connection);
  let who: string;
  try {
    const data = await azureCall('your profile', async () => (await clients.locations()).getConnectionData());
    // Azure DevOps always names the signed-in user: other JSON is another server's.
    if (!data || typeof data !== 'object' || !data.authenticatedUser) throw new NotTheService('AZURE_BOARDS');
    who = data.authenticatedUser.providerDisplayName ?? data.authenticatedUser.customDisplayName ?? 'this token';
  } catch (err) {
    if (err instanceof NotTheService) throw err;
    if (err instanceof IntegrationError)
      return {
        ok: false,
        missing: [],
        message: err.kind === 'NOT_FOUND' ? 'Azure DevOps does not know this organization URL: check the base URL and the organization.' : err.message,
      };
    throw err;
  }
  try {
    const projects = await azureCall('projects', async () => (await clients.core()).getProjects(undefined, 100));
    const n = projects?.length ?? 0;
    if (n === 0)
      return {
        ok: false,
        missing: ['Project and Team (Read)'],
        message: `Connected as ${who}, but the token sees no project: give it the “Project and Team (Read)” and “Work Items (Read)” scopes.`,
        info: { user: who },
      };
    return { ok: true, missing: [], info: { user: who }, message: `Connected as ${who} to ${connection.account} (${n} ${n === 1 ? 'project' : 'projects'}).` };
  } catch (err) {
    if (err instanceof IntegrationError && err.kind === 'ACCESS')
      return {
        ok: false,
        missing: ['Project and Team (Read)'],
        message: `Connected as ${who}, but the token may not read projects: give it the “Project and Team (Read)” scope.`,
        info: { user: who },
      };
    if (err instanceof IntegrationError) return { ok: false, missing: [], message: err.message, info: { user: who } };
    throw err;
  }
}

async function listScopes(connection: OpenConnection, _signal: AbortSignal): Promise<ScopeInfo[]> {
  const clients = await azureClients(connection);
  const core = await clients.core();
  const out: ScopeInfo[] = [];
  for (let skip = 0; ; skip += 100) {
    const page = await azureCall('projects', () => core.getProjects(undefined, 100, skip));
    for (const p of page ?? [])
      out.push({
        kind: 'PROJECT',
        externalId: String(p.id),
        name: p.name ?? String(p.id),
        url: `${clients.orgUrl}/${encodeURIComponent(p.name ?? '')}`,
        defaultBranch: null,
      });
    if (!page || page.length < 100) break;
  }
  return out;
}

/** State categories of a project's work item types, read once per type (falls back to the state's name). */
function categories(clients: AzureClients, project: string, count: () => void) {
  const known = new Map<string, Promise<Map<string, string>>>();
  const load = (type: string) => {
    let p = known.get(type);
    if (!p) {
      count();
      p = (async () => {
        const states = await azureCall(`states of ${type}`, async () => (await clients.wit()).getWorkItemTypeStates(project, type));
        return new Map((states ?? []).map((s) => [String(s.name), String(s.category ?? '')]));
      })();
      known.set(type, p);
    }
    return p;
  };
  return {
    async prepare(types: string[]) {
      const out = new Map<string, Map<string, string>>();
      for (const t of new Set(types)) out.set(t, await load(t));
      return (type: string, state: string): StatusCategory => categoryOfAzure(out.get(type)?.get(state), state);
    },
  };
}

async function sync(ctx: SyncContext): Promise<void> {
  const clients = await azureClients(ctx.connection);
  let requests = 0;
  const count = () => {
    requests += 1;
  };
  const call = <T>(what: string, run: () => Promise<T>) => {
    count();
    return azureCall(what, run, () => ctx.now.getTime());
  };
  const wit = await call('the work item service', () => clients.wit());
  let done = 0;
  for (const scope of ctx.scopes.filter((s) => s.kind === 'PROJECT')) {
    ctx.progress({ label: `Sprints of ${scope.name}` });
    const root = await call(`iterations of ${scope.name}`, () => wit.getClassificationNode(scope.name, 1 as TreeStructureGroup.Iterations, undefined, 10));
    const sprints = iterationSprints(root, ctx.now);
    if (sprints.length) ctx.write.sprints(scope.id, sprints);

    ctx.progress({ label: `Work items of ${scope.name}` });
    const cats = categories(clients, scope.name, count);
    /** What this run knows of each work item's latest revision: the “before” of its next one. */
    const seen = new Map<number, ItemState>();
    let token = ctx.cursors.get(scope.externalId, 'revisions').cursor;
    const start = token ? undefined : new Date(ctx.since);
    for (;;) {
      if (ctx.signal.aborted) return;
      const page = await call(`work item revisions of ${scope.name}`, () =>
        wit.readReportingRevisionsGet(
          scope.name,
          [...REVISION_FIELDS],
          undefined,
          token ?? undefined,
          token ? undefined : start,
          true,
          false,
          false,
          false,
          undefined,
          false,
          PAGE,
        ),
      );
      const values = (page as { values?: AzureRevision[] } | null)?.values;
      if (!page || !Array.isArray(values))
        throw new IntegrationError('BAD_PAYLOAD', `Azure DevOps answered an unexpected page of work item revisions (${scope.name}).`);
      const byItem = new Map<number, AzureRevision[]>();
      for (const r of values) {
        if (typeof r?.id !== 'number' || typeof r.rev !== 'number' || !r.fields)
          throw new IntegrationError('BAD_PAYLOAD', `Azure DevOps answered a revision without its fields (${scope.name}).`);
        const list = byItem.get(r.id) ?? [];
        list.push(r);
        byItem.set(r.id, list);
      }
      // A work item first met at a later revision: the state it left comes from the revision before.
      const unknown = [...byItem.entries()].filter(([id, revs]) => !seen.has(id) && Math.min(...revs.map((r) => r.rev)) > 1);
      for (let i = 0; i < unknown.length; i += WORK_ITEM_CONCURRENCY) {
        await Promise.all(
          unknown.slice(i, i + WORK_ITEM_CONCURRENCY).map(async ([id, revs]) => {
            const rev = Math.min(...revs.map((r) => r.rev)) - 1;
            const prior = await call(`revision ${rev} of work item ${id}`, () => wit.getRevision(id, rev, undefined, scope.name));
            seen.set(id, { state: prior?.fields?.['System.State'] ?? null, iteration: prior?.fields?.['System.IterationPath'] ?? null, sprints: null });
          }),
        );
      }
      const category = await cats.prepare(values.map((r) => String(r.fields['System.WorkItemType'] ?? 'Task')));
      const records: IssueInput[] = [];
      const accounts = new Map<string, AccountInput>();
      for (const [id, revs] of byItem) {
        const history: ItemHistory = { before: seen.get(id) ?? { state: null, iteration: null, sprints: null }, revisions: revs };
        const record = mapWorkItem(history, { category, url: editUrl(clients.orgUrl, scope.name, id) });
        records.push(record);
        if (record.assignee) accounts.set(record.assignee.externalId, record.assignee);
        const last = revs.reduce((a, b) => (b.rev > a.rev ? b : a));
        seen.set(id, {
          state: String(last.fields['System.State'] ?? ''),
          iteration: (last.fields['System.IterationPath'] as string | undefined) ?? null,
          sprints: record.sprints ?? null,
        });
      }
      if (accounts.size) ctx.write.accounts([...accounts.values()]);
      if (records.length) ctx.write.issues(scope.id, records);
      const next = (page as { continuationToken?: string }).continuationToken ?? null;
      if (next) ctx.cursors.set(scope.externalId, 'revisions', { cursor: next });
      done += records.length;
      ctx.progress({ done, requests });
      if ((page as { isLastBatch?: boolean }).isLastBatch || !next || next === token) break;
      token = next;
    }
  }
  ctx.progress({ done, requests, label: 'Done' });
}

async function createIssue(
  connection: OpenConnection,
  scope: { kind: ScopeKind; externalId: string; name: string },
  issue: { title: string; body: string },
  _signal: AbortSignal,
): Promise<CreatedIssue> {
  const clients = await azureClients(connection);
  const wit = await clients.wit();
  const created = await azureCall('a new work item', () =>
    wit.createWorkItem(
      null,
      [
        { op: 'add', path: '/fields/System.Title', value: issue.title.slice(0, 255) },
        { op: 'add', path: '/fields/System.Description', value: htmlOf(issue.body) },
      ],
      scope.name,
      'Task',
    ),
  );
  if (!created?.id) throw new IntegrationError('NOT_FOUND', `Azure DevOps could not open a Task in ${scope.name}: the project or the Task type is missing.`);
  return { externalId: String(created.id), key: String(created.id), url: editUrl(clients.orgUrl, scope.name, created.id) };
}

async function issueStates(
  connection: OpenConnection,
  scope: { kind: ScopeKind; externalId: string; name: string },
  externalIds: string[],
  _signal: AbortSignal,
) {
  const clients = await azureClients(connection);
  const wit = await clients.wit();
  const ids = externalIds.filter((id) => /^\d+$/.test(id)).map(Number);
  const out: Array<{ externalId: string; closedAt: string | null }> = [];
  const cats = categories(clients, scope.name, () => undefined);
  for (let i = 0; i < ids.length; i += 200) {
    // errorPolicy 2 = Omit: a deleted work item is left out instead of failing the batch.
    const items = await azureCall('work item states', () =>
      wit.getWorkItems(
        ids.slice(i, i + 200),
        ['System.State', 'System.WorkItemType', 'System.ChangedDate', 'Microsoft.VSTS.Common.ClosedDate'],
        undefined,
        undefined,
        2,
        scope.name,
      ),
    );
    const list = (items ?? []).filter((w): w is NonNullable<typeof w> => !!w?.id && !!w.fields);
    const category = await cats.prepare(list.map((w) => String(w.fields!['System.WorkItemType'] ?? 'Task')));
    for (const w of list) {
      const f = w.fields!;
      const isDone = category(String(f['System.WorkItemType'] ?? 'Task'), String(f['System.State'] ?? '')) === 'DONE';
      out.push({ externalId: String(w.id), closedAt: isDone ? (instant(f['Microsoft.VSTS.Common.ClosedDate']) ?? instant(f['System.ChangedDate'])) : null });
    }
  }
  return out;
}

export const azureAdapter: ProviderAdapter = {
  provider: 'AZURE_BOARDS',
  test,
  listScopes,
  sync,
  createIssue,
  issueStates,
  webhook: azureWebhook,
};
