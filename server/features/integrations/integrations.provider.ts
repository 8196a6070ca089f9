import type { IntegrationProvider, PrEventKind, PrState, ReviewState, ScopeKind, StatusCategory, SyncKind } from '../../../shared/integrations.js';
import type { CodeProcessSettings } from '../../../shared/integrations.js';
import type { Outbound } from '../../lib/outbound/outbound.policy.js';

/**
 * What every provider adapter (github/, bitbucket/, jira/, azure/, slack/) offers the sync engine
 * (integrations.sync.ts), and the provider-neutral records it hands to the one ingest writer
 * (integrations.ingest.repo.ts). Adapters speak to the service through its SDK, pointed at
 * `connection.baseUrl` (a fake on 127.0.0.1 in tests) through `connection.outbound`, the guard of
 * every connection to an admin-typed address; they never touch the database themselves.
 * See docs/decisions/0051.
 */

/** A connection with its credentials opened (server/lib/secret-box.ts): only ever in memory. */
export type OpenConnection = {
  id: string;
  organizationId: string;
  provider: IntegrationProvider;
  baseUrl: string;
  account: string;
  authKind: 'TOKEN' | 'APP';
  credentials: { token?: string; app_id?: string; installation_id?: string; private_key?: string };
  externalInfo: Record<string, string>;
  backfillMonths: number;
  /** The one way out to `baseUrl` (server/lib/outbound, docs/decisions/0054): every client is built on `outbound.client(baseUrl)`. */
  outbound: Outbound;
  /** A sample connection: answered by the sample data set in this process, never over the network (docs/decisions/0064). */
  sample?: boolean;
};

export type ConnectionTest = {
  ok: boolean;
  /** In plain words: “Connected as acme-bot to acme (12 repositories).”, “GitHub rejected the token: it is wrong, expired or revoked.” */
  message: string;
  /** Scopes or permissions the token lacks (“read:org”, “Pull requests: read”). */
  missing: string[];
  /** What to remember about the account (Slack team id, GitHub login, Jira user time zone). */
  info?: Record<string, string>;
};

export type ScopeInfo = { kind: ScopeKind; externalId: string; name: string; url?: string | null; defaultBranch?: string | null };

/** An account as the service names it; `isBot` from the service (GitHub type Bot) or a `[bot]` login. */
export type AccountInput = { externalId: string; login?: string | null; displayName?: string | null; email?: string | null; isBot?: boolean };

export type PrEventInput = {
  /** The provider's id of the review, comment, commit sha or timeline event: the natural key with the kind. */
  externalId: string;
  kind: PrEventKind;
  at: string;
  actor: AccountInput | null;
  /** REVIEW_REQUESTED: who was asked. */
  target?: AccountInput | null;
  state?: ReviewState | null;
};

export type PullRequestInput = {
  externalId: string;
  number: number;
  title: string;
  url?: string | null;
  state: PrState;
  isDraft: boolean;
  author: AccountInput | null;
  baseRef?: string | null;
  mergeCommitSha?: string | null;
  additions?: number | null;
  deletions?: number | null;
  createdAt: string;
  updatedAt: string;
  mergedAt?: string | null;
  closedAt?: string | null;
  /** Every event known for the pull request (the writer replaces the stored set: upsert by natural key, none duplicated). */
  events: PrEventInput[];
};

export type DeploymentInput = { externalId: string; environment: string; result: string; sha?: string | null; startedAt?: string | null; finishedAt: string };

export type IssueTransitionInput = {
  externalId: string;
  at: string;
  fromStatus: string | null;
  toStatus: string;
  fromCategory: StatusCategory | null;
  toCategory: StatusCategory;
};

export type IssueInput = {
  externalId: string;
  key: string;
  title: string;
  url?: string | null;
  issueType: string;
  status: string;
  statusCategory: StatusCategory;
  storyPoints?: number | null;
  assignee: AccountInput | null;
  createdAt: string;
  updatedAt: string;
  resolvedAt?: string | null;
  transitions: IssueTransitionInput[];
  /** Sprint membership changes (from the changelog's Sprint field, or the sprint field when no history exists). */
  sprints?: Array<{ sprintExternalId: string; addedAt: string; removedAt?: string | null }>;
};

export type SprintInput = { externalId: string; name: string; state: string; startAt?: string | null; endAt?: string | null; completeAt?: string | null };

/** The one writer of the canonical ext_* tables (integrations.ingest.repo.ts). Each call is one transaction; rows are upserted by natural key. */
export type IngestWriter = {
  scope(input: ScopeInfo): { id: string; included: boolean };
  accounts(list: AccountInput[]): void;
  pullRequests(scopeId: string, list: PullRequestInput[]): number;
  deployments(scopeId: string, list: DeploymentInput[]): number;
  issues(scopeId: string, list: IssueInput[]): number;
  sprints(scopeId: string, list: SprintInput[]): number;
};

export type CursorStore = {
  get(scopeKey: string, entity: string): { cursor: string | null; etag: string | null };
  /** Saved with the page it follows: call it after the page's records were written. */
  set(scopeKey: string, entity: string, value: { cursor: string | null; etag?: string | null }): void;
};

export type SyncContext = {
  kind: SyncKind;
  connection: OpenConnection;
  settings: CodeProcessSettings;
  /** Scopes the admin left included (for REPOSITORY / PROJECT / BOARD), as stored. */
  scopes: Array<{ id: string; kind: ScopeKind; externalId: string; name: string }>;
  /** Backfill start (now - backfill months); incremental runs use their cursors. */
  since: string;
  now: Date;
  write: IngestWriter;
  cursors: CursorStore;
  /** Progress as the page shows it; `total` when known. */
  progress(update: { done?: number; total?: number | null; label?: string; requests?: number }): void;
  signal: AbortSignal;
  /** SLACK only: emails of the organization's active people not yet matched to an account of this connection (the adapter asks users.lookupByEmail for each one users.list did not name). */
  unmatchedEmails?: string[];
};

export type CreatedIssue = { externalId: string; key: string; url: string | null };

export type ProviderAdapter = {
  provider: IntegrationProvider;
  test(connection: OpenConnection, signal: AbortSignal): Promise<ConnectionTest>;
  /** Repositories, projects or boards the credentials can see. */
  listScopes(connection: OpenConnection, signal: AbortSignal): Promise<ScopeInfo[]>;
  /** Fetches what changed since the cursors (everything since `since` on a backfill) and writes it through ctx.write. Throws IntegrationError. */
  sync(ctx: SyncContext): Promise<void>;
  /** Opens an issue (a retro action item) in a repository or project. */
  createIssue?(
    connection: OpenConnection,
    scope: { kind: ScopeKind; externalId: string; name: string },
    issue: { title: string; body: string },
    signal: AbortSignal,
  ): Promise<CreatedIssue>;
  /** Whether issues opened by createIssue are closed now (the sync asks for the open ones after each run). */
  issueStates?(
    connection: OpenConnection,
    scope: { kind: ScopeKind; externalId: string; name: string },
    externalIds: string[],
    signal: AbortSignal,
  ): Promise<Array<{ externalId: string; closedAt: string | null }>>;
  /**
   * A webhook delivery: verify it (signature over the raw body, constant time) and turn it into
   * records. Return null when the signature is wrong (answered 401), `{ deliveryId, event, apply }`
   * otherwise; apply writes through the writer.
   */
  webhook?(input: {
    connection: OpenConnection;
    webhookSecret: string | null;
    headers: Record<string, string | string[] | undefined>;
    rawBody: Buffer;
  }): WebhookDelivery | null;
};

export type WebhookDelivery = {
  deliveryId: string;
  event: string;
  /** Writes what the delivery says; may return scopes or pull requests to refetch on the next sync. */
  apply(write: IngestWriter, settings: CodeProcessSettings): { written: number; closedIssues?: string[] };
};
