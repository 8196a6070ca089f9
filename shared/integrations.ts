import { z } from 'zod';

/**
 * Integrations with code hosts, issue trackers and team chat (docs/decisions/0051). One connection
 * per provider and organization; its credentials are sealed at rest (server/lib/secret-box.ts) and
 * never returned. What a sync brings in lands in the canonical ext_* tables
 * (server/features/integrations/integrations.tables.ts), whatever the provider.
 */
export const INTEGRATION_PROVIDERS = ['GITHUB', 'BITBUCKET', 'JIRA', 'AZURE_BOARDS', 'SLACK'] as const;
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];

export const PROVIDER_LABEL: Record<IntegrationProvider, string> = {
  GITHUB: 'GitHub',
  BITBUCKET: 'Bitbucket Cloud',
  JIRA: 'Jira',
  AZURE_BOARDS: 'Azure Boards',
  SLACK: 'Slack',
};

/** Where each provider lives by default; GitHub Enterprise Server, Jira Data Center and a tests' fake take their own base URL. */
export const PROVIDER_DEFAULT_BASE_URL: Record<IntegrationProvider, string> = {
  GITHUB: 'https://api.github.com',
  BITBUCKET: 'https://api.bitbucket.org/2.0',
  JIRA: '',
  AZURE_BOARDS: 'https://dev.azure.com',
  SLACK: 'https://slack.com/api',
};

/** What kind of data a provider brings: code (pull requests, deployments), issues (issues, sprints), people (chat). */
export const PROVIDER_KIND: Record<IntegrationProvider, 'CODE' | 'ISSUES' | 'CHAT'> = {
  GITHUB: 'CODE',
  BITBUCKET: 'CODE',
  JIRA: 'ISSUES',
  AZURE_BOARDS: 'ISSUES',
  SLACK: 'CHAT',
};

export const AUTH_KINDS = ['TOKEN', 'APP'] as const;
export type AuthKind = (typeof AUTH_KINDS)[number];

export const CONNECTION_STATUSES = ['CONNECTED', 'ERROR', 'PAUSED'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const SCOPE_KINDS = ['REPOSITORY', 'PROJECT', 'BOARD', 'WORKSPACE'] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];

export const SYNC_KINDS = ['BACKFILL', 'INCREMENTAL', 'RECONCILE'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

/** RATE_LIMITED: the service asked us to wait; the run resumes from its cursor at `resumes_at`. */
export const SYNC_RUN_STATUSES = ['QUEUED', 'RUNNING', 'RATE_LIMITED', 'DONE', 'FAILED', 'INTERRUPTED'] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];

export const MATCH_KINDS = ['FIELD', 'EMAIL', 'MANUAL', 'NONE', 'AMBIGUOUS'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

export const PR_STATES = ['OPEN', 'CLOSED', 'MERGED'] as const;
export type PrState = (typeof PR_STATES)[number];

export const PR_EVENT_KINDS = ['COMMIT', 'REVIEW', 'COMMENT', 'READY_FOR_REVIEW', 'CONVERTED_TO_DRAFT', 'REVIEW_REQUESTED'] as const;
export type PrEventKind = (typeof PR_EVENT_KINDS)[number];

export const REVIEW_STATES = ['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED', 'DISMISSED'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const STATUS_CATEGORIES = ['TODO', 'IN_PROGRESS', 'DONE'] as const;
export type StatusCategory = (typeof STATUS_CATEGORIES)[number];

/** How a deployment is recognised (code process). MERGE: every merge to a counted branch is a deployment (teams without CD). */
export const DEPLOYMENT_SOURCES = ['DEPLOYMENTS', 'RELEASES', 'TAGS', 'WORKFLOW', 'MERGE'] as const;
export type DeploymentSource = (typeof DEPLOYMENT_SOURCES)[number];

export const BACKFILL_MONTHS = { min: 1, max: 24, default: 6 } as const;

/** "acme.atlassian.net" as "https://acme.atlassian.net": an address typed without a scheme is an https one. */
export const withHttps = (v: string): string => (v && !/^[a-z][a-z\d+.-]*:\/\//i.test(v) ? `https://${v.replace(/^\/+/, '')}` : v);

/**
 * A base URL an admin types, checked as a first, friendly step: https, or http to an IP address or
 * localhost (an address on a private network the server's operator allows: a tests' fake, an
 * in-house Jira); no user name or password in it. Typed without a scheme, it is completed to https://
 * (the form and the server read it alike, docs/decisions/0064). Which addresses may really be reached
 * is the server's to decide, where it connects (server/lib/outbound, docs/decisions/0054).
 */
export const baseUrlSchema = z
  .string()
  .trim()
  .max(500, 'Base URL: at most 500 characters')
  .transform(withHttps)
  .pipe(
    z.string().refine((v) => {
      try {
        const u = new URL(v);
        if (u.username || u.password) return false;
        return (
          u.protocol === 'https:' || (u.protocol === 'http:' && (u.hostname === 'localhost' || /^(\d{1,3}\.){3}\d{1,3}$|^\[[\d:a-f.]+\]$/.test(u.hostname)))
        );
      } catch {
        return false;
      }
    }, 'Base URL: an https:// address (http:// only to an IP address your server’s operator allows)'),
  )
  .transform((v) => v.replace(/\/+$/, ''));

const secret = (label: string) => z.string().trim().min(1, `${label}: required`).max(10_000, `${label}: at most 10,000 characters`);

/**
 * Connecting a provider. `account`: the GitHub organization (or user), the Bitbucket workspace, the
 * Jira Cloud site's account email (basic auth; none for Jira Data Center, whose personal access
 * token signs in alone: the connection test tells a Cloud site without an email), the Azure
 * DevOps organization, unused for Slack. TOKEN: a
 * fine-grained token / app password / API token / PAT / bot token in `token`. APP (GitHub only): a
 * GitHub App's id, installation id and private key (PEM).
 */
export const connectIntegrationInput = z
  .object({
    provider: z.enum(INTEGRATION_PROVIDERS),
    base_url: baseUrlSchema.nullish(),
    account: z
      .string()
      .trim()
      .max(200, 'Account: at most 200 characters')
      .nullish()
      .transform((v) => v ?? ''),
    auth_kind: z
      .enum(AUTH_KINDS)
      .nullish()
      .transform((v) => v ?? 'TOKEN'),
    token: secret('Token').nullish(),
    app_id: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, 'App id: digits')
      .nullish(),
    installation_id: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, 'Installation id: digits')
      .nullish(),
    private_key: secret('Private key').nullish(),
    webhook_secret: z.string().trim().min(16, 'Webhook secret: at least 16 characters').max(200).nullish(),
    backfill_months: z
      .number()
      .int()
      .min(BACKFILL_MONTHS.min, `Backfill: at least ${BACKFILL_MONTHS.min} month`)
      .max(BACKFILL_MONTHS.max, `Backfill: at most ${BACKFILL_MONTHS.max} months`)
      .nullish()
      .transform((v) => v ?? BACKFILL_MONTHS.default),
  })
  .superRefine((v, ctx) => {
    if (v.auth_kind === 'APP') {
      if (v.provider !== 'GITHUB') ctx.addIssue({ code: 'custom', path: ['auth_kind'], message: 'Only GitHub connects as an app; the others use a token.' });
      if (!v.app_id || !v.installation_id || !v.private_key)
        ctx.addIssue({ code: 'custom', path: ['app_id'], message: 'A GitHub App needs its app id, installation id and private key.' });
    } else if (!v.token) ctx.addIssue({ code: 'custom', path: ['token'], message: 'Token: required' });
    if (v.provider !== 'SLACK' && v.provider !== 'JIRA' && !v.account) ctx.addIssue({ code: 'custom', path: ['account'], message: 'Account: required' });
    if (v.provider === 'JIRA' && !v.base_url)
      ctx.addIssue({
        code: 'custom',
        path: ['base_url'],
        message: 'Base URL: your Jira site, for example https://your-team.atlassian.net or https://jira.example.com/jira',
      });
  });
export type ConnectIntegrationInput = z.infer<typeof connectIntegrationInput>;

/** Changing a connection: a new token, the backfill depth, the webhook secret, pausing it. Empty fields keep what is stored. */
export const updateIntegrationInput = z.object({
  token: secret('Token').nullish(),
  private_key: secret('Private key').nullish(),
  webhook_secret: z.string().trim().min(16, 'Webhook secret: at least 16 characters').max(200).nullish(),
  backfill_months: z.number().int().min(BACKFILL_MONTHS.min).max(BACKFILL_MONTHS.max).nullish(),
  paused: z.boolean().nullish(),
});
export type UpdateIntegrationInput = z.infer<typeof updateIntegrationInput>;

const nameList = (label: string) => z.array(z.string().trim().min(1).max(200)).max(100, `${label}: at most 100`);

/** The code process: what counts and how deployments, bugs and incidents are recognised (/admin/integrations/code-process). */
export const codeProcessSettingsInput = z.object({
  branches: nameList('Branches').min(1, 'Branches: at least one (for example main)'),
  deployment_source: z.enum(DEPLOYMENT_SOURCES),
  /** Workflow name, tag or release name pattern (a regular expression, case-insensitive); empty: any. */
  deployment_pattern: z
    .string()
    .trim()
    .max(200)
    .refine((v) => {
      try {
        new RegExp(v, 'i');
        return true;
      } catch {
        return false;
      }
    }, 'Deployment pattern: not a valid regular expression'),
  production_environments: nameList('Production environments').min(1, 'Production environments: at least one (for example production)'),
  bug_issue_types: nameList('Bug issue types'),
  incident_issue_types: nameList('Incident issue types'),
  /** An incident counts against the latest production deployment before it within this many hours; null: however far back. */
  incident_window_hours: z
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .nullable(),
  bot_logins: nameList('Bot accounts'),
  story_points_field: z
    .string()
    .trim()
    .max(100)
    .regex(/^[\w.-]*$/, 'Story points field: a field id such as customfield_10016'),
});
export type CodeProcessSettings = z.infer<typeof codeProcessSettingsInput>;

export const DEFAULT_CODE_PROCESS: CodeProcessSettings = {
  branches: ['main', 'master'],
  deployment_source: 'DEPLOYMENTS',
  deployment_pattern: '',
  production_environments: ['production', 'prod'],
  bug_issue_types: ['Bug'],
  incident_issue_types: ['Incident'],
  incident_window_hours: 168,
  bot_logins: [],
  story_points_field: 'customfield_10016',
};

/** A bot by its account: GitHub type Bot, a `[bot]` suffix, or listed by the admin. */
export function isBotLogin(login: string | null | undefined, listed: readonly string[] = []): boolean {
  if (!login) return false;
  const l = login.toLowerCase();
  return l.endsWith('[bot]') || listed.some((b) => b.toLowerCase() === l);
}
