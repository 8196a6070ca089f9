import { createHash, timingSafeEqual } from 'node:crypto';
import { headerOf } from '../integrations.webhook-signature.js';
import type { OpenConnection, WebhookDelivery } from '../integrations.provider.js';
import { azureOrgUrl } from './azure.client.js';
import { categoryOfAzure, instant, mapWorkItem, workItemUrl, type ItemState } from './azure.map.js';

/**
 * Azure DevOps service hooks, the “Web Hooks” consumer, for work item events (docs/decisions/0051).
 * Azure does not sign a delivery's body: the subscription carries Basic authentication, and the
 * admin sets the connection's webhook secret as its password (any user name). The password is
 * compared in constant time (both sides hashed first, so neither the length nor the content leaks).
 *
 * Payloads as Azure sends them: `id` (the event's id, kept by Azure's retries of one notification:
 * the de-duplication key), `eventType`, `resourceContainers.project.id` (the project: the scope the
 * sync reads), and `resource`:
 * - workitem.created / workitem.restored: the work item (`id`, `rev`, `fields`);
 * - workitem.updated: the update (`rev`, `fields` = the changed fields as `{ oldValue, newValue }`),
 *   with `revision` the whole work item at that revision;
 * - workitem.deleted: the work item, which went to the recycle bin.
 * Each work item is mapped as the sync maps a revision (azure.map.ts): a state change is the
 * transition `<id>-<rev>`, the very id the sync gives it, so the nightly reconciliation re-reading
 * the revision overwrites it instead of counting it twice. The payload does not name state
 * categories: they come from the state's name (New → To do, Closed/Done/Removed → Done, others in
 * progress) until the next sync writes the work item type's own categories under the same ids.
 * Sprint membership of an update is left to the sync (it needs the history); a created work item
 * has its whole history and brings it. A deleted work item is acknowledged and left as the sync
 * last saw it (the writer removes nothing; the sync does not read deleted work items either).
 * Other event types are acknowledged and write nothing; a body that is not a work item event is
 * refused (400 from the route) and not remembered, so a fixed redelivery is applied.
 */
export const AZURE_WORK_ITEM_EVENTS = ['workitem.created', 'workitem.updated', 'workitem.deleted', 'workitem.restored'] as const;

type Fields = Record<string, unknown>;
type WorkItemJson = { id?: unknown; rev?: unknown; fields?: unknown };
type HookPayload = {
  id?: unknown;
  subscriptionId?: unknown;
  notificationId?: unknown;
  eventType?: unknown;
  resource?: WorkItemJson & { workItemId?: unknown; revision?: WorkItemJson };
  resourceContainers?: { project?: { id?: unknown } };
};

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Whether an `Authorization: Basic …` header carries `secret` as its password (any user name), in constant time; no secret: false. */
export function basicPasswordMatches(secret: string | null | undefined, authorization: string | null | undefined): boolean {
  if (!secret || !authorization) return false;
  const m = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(authorization.trim());
  if (!m) return false;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // The user name cannot hold a colon (RFC 7617); the password may.
  const given = colon < 0 ? '' : decoded.slice(colon + 1);
  return timingSafeEqual(digest(given), digest(secret));
}

/** The `Authorization` header of a delivery whose password is `secret` (the fake Azure sends it). */
export const basicAuthorization = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const positiveInt = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** A refusal the route answers 400 (“The delivery could not be read.”); the reason goes to the log. */
class UnreadableDelivery extends Error {}

/** The work item a delivery carries, checked: its id, revision and fields. */
function workItemOf(event: string, resource: HookPayload['resource']): { id: number; rev: number; fields: Fields; changed: Fields } {
  if (!isObject(resource)) throw new UnreadableDelivery(`An Azure DevOps ${event} delivery without its resource.`);
  const item = event === 'workitem.updated' ? resource.revision : resource;
  if (!isObject(item)) throw new UnreadableDelivery(`An Azure DevOps ${event} delivery without the work item's revision.`);
  const id = positiveInt(item.id) ?? positiveInt(resource.workItemId);
  const rev = positiveInt(item.rev) ?? positiveInt(resource.rev);
  const fields = item.fields;
  if (!id || !rev || !isObject(fields)) throw new UnreadableDelivery(`An Azure DevOps ${event} delivery whose work item has no id, revision or fields.`);
  if (typeof fields['System.State'] !== 'string' || !(instant(fields['System.ChangedDate']) ?? instant(fields['System.CreatedDate']))) {
    throw new UnreadableDelivery(`An Azure DevOps ${event} delivery whose work item ${id} has no state or date.`);
  }
  const changed = event === 'workitem.updated' && isObject(resource.fields) ? resource.fields : {};
  return { id, rev, fields, changed };
}

/** A changed field's value before the update (`{ oldValue, newValue }`); the current value when it did not change. */
function before(changed: Fields, fields: Fields, name: string): string | null {
  const c = changed[name];
  if (isObject(c)) return typeof c.oldValue === 'string' && c.oldValue ? c.oldValue : null;
  return typeof fields[name] === 'string' ? (fields[name] as string) : null;
}

export function azureWebhook(input: {
  connection: OpenConnection;
  webhookSecret: string | null;
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}): WebhookDelivery | null {
  if (!basicPasswordMatches(input.webhookSecret, headerOf(input.headers, 'authorization'))) return null;
  const bodyHash = createHash('sha256').update(input.rawBody).digest('hex').slice(0, 32);
  let payload: HookPayload;
  try {
    const parsed: unknown = JSON.parse(input.rawBody.toString('utf8'));
    if (!isObject(parsed)) throw new SyntaxError('not an object');
    payload = parsed as HookPayload;
  } catch {
    return {
      deliveryId: `malformed-${bodyHash}`,
      event: 'malformed',
      apply: () => {
        throw new UnreadableDelivery('An Azure DevOps service hook delivery that is not a JSON object.');
      },
    };
  }
  const event = text(payload.eventType) ?? 'unknown';
  // The event's id; else the subscription's notification number; else the body itself.
  const deliveryId =
    text(payload.id) ??
    (text(payload.subscriptionId) && typeof payload.notificationId === 'number'
      ? `${payload.subscriptionId as string}:${payload.notificationId}`
      : `body-${bodyHash}`);
  return {
    deliveryId,
    event,
    apply(write) {
      if (!(AZURE_WORK_ITEM_EVENTS as readonly string[]).includes(event)) return { written: 0 };
      const item = workItemOf(event, payload.resource);
      // Deleted: acknowledged, nothing written (see above).
      if (event === 'workitem.deleted') return { written: 0 };
      const projectId = text(payload.resourceContainers?.project?.id);
      if (!projectId) throw new UnreadableDelivery(`An Azure DevOps ${event} delivery that names no project.`);
      const projectName = text(item.fields['System.TeamProject']) ?? projectId;
      const scope = write.scope({ kind: 'PROJECT', externalId: projectId, name: projectName });
      if (!scope.included) return { written: 0 };

      const current = { state: before({}, item.fields, 'System.State'), iteration: before({}, item.fields, 'System.IterationPath') };
      // Created: the whole history (revision 1, from nothing). Updated: the state and iteration it left. Restored: as it is now.
      const prior: ItemState =
        event === 'workitem.created'
          ? { state: null, iteration: null, sprints: null }
          : event === 'workitem.updated'
            ? { state: before(item.changed, item.fields, 'System.State'), iteration: before(item.changed, item.fields, 'System.IterationPath'), sprints: null }
            : { ...current, sprints: null };
      const record = mapWorkItem(
        { before: prior, revisions: [{ id: item.id, rev: item.rev, fields: item.fields }] },
        {
          category: (_type, state) => categoryOfAzure(null, state),
          url: workItemUrl(azureOrgUrl(input.connection), projectName, item.id),
        },
      );
      const written = write.issues(scope.id, [record]);
      return { written, closedIssues: record.statusCategory === 'DONE' ? [record.externalId] : [] };
    },
  };
}
