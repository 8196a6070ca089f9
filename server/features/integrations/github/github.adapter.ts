import type { Octokit } from '@octokit/rest';
import { IntegrationError, NotTheService, unreachable } from '../integrations.errors.js';
import type { ConnectionTest, CreatedIssue, OpenConnection, ProviderAdapter, ScopeInfo } from '../integrations.provider.js';
import { badPayload, ghCall, githubClient, githubFailure, splitRepo } from './github.client.js';
import { syncDeployments } from './github.deployments.js';
import { syncPullRequests } from './github.pulls.js';
import { githubWebhook } from './github.webhook.js';

/**
 * The GitHub adapter (docs/decisions/0051): a token or a GitHub App installation, github.com or
 * GitHub Enterprise Server. Pull requests through GraphQL (github.pulls.ts), deployments, releases,
 * tags and workflow runs through REST with ETags (github.deployments.ts), webhooks
 * (github.webhook.ts), issues for retro action items.
 */
type Repo = { full_name: string; html_url?: string; default_branch?: string; archived?: boolean };
const toScope = (r: Repo): ScopeInfo => ({
  kind: 'REPOSITORY',
  externalId: r.full_name,
  name: r.full_name,
  url: r.html_url ?? null,
  defaultBranch: r.default_branch ?? null,
});
const NEEDS_READ = ['Pull requests: read', 'Contents: read'];

async function listRepos(octokit: Octokit, connection: OpenConnection, signal: AbortSignal, perPage = 100): Promise<Repo[]> {
  if (connection.authKind === 'APP') {
    return ghCall(
      'installation repositories',
      () => octokit.paginate('GET /installation/repositories', { per_page: perPage }) as unknown as Promise<Repo[]>,
      signal,
    );
  }
  try {
    return (await octokit.paginate('GET /orgs/{org}/repos', { org: connection.account, per_page: perPage, type: 'all' })) as Repo[];
  } catch (err) {
    if ((err as { status?: number }).status !== 404) throw githubFailure(err, `${connection.account} repositories`, signal);
  }
  return ghCall(
    `${connection.account} repositories`,
    () => octokit.paginate('GET /users/{username}/repos', { username: connection.account, per_page: perPage, type: 'all' }) as Promise<Repo[]>,
    signal,
  );
}

const repositories = (n: number): string => (n === 1 ? '1 repository' : `${n} repositories`);

/** `pageSize`: pull requests per GraphQL page (50); `restPageSize`: repositories per REST page (100). Tests use small pages. */
export function createGithubAdapter(options: { pageSize?: number; restPageSize?: number } = {}): ProviderAdapter {
  const pageSize = options.pageSize ?? 50;
  const restPageSize = options.restPageSize ?? 100;
  return {
    provider: 'GITHUB',

    async test(connection, signal): Promise<ConnectionTest> {
      const app = connection.authKind === 'APP';
      try {
        const octokit = await githubClient(connection, signal);
        let login = '';
        const missing: string[] = [];
        if (!app) {
          const me = await ghCall('the signed-in user', () => octokit.request('GET /user'), signal);
          // GitHub always names the signed-in user: a page or another service's JSON is not GitHub.
          if (!me.data || typeof me.data !== 'object' || typeof (me.data as { login?: unknown }).login !== 'string') throw new NotTheService('GITHUB');
          login = (me.data as { login: string }).login;
          const scopes = me.headers['x-oauth-scopes'];
          if (typeof scopes === 'string') {
            const have = scopes
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean);
            if (!have.includes('repo')) missing.push('repo');
          }
        }
        let repos: Repo[];
        try {
          repos = await listRepos(octokit, connection, signal, restPageSize);
          if (!Array.isArray(repos) || repos.some((r) => typeof r?.full_name !== 'string')) throw new NotTheService('GITHUB');
        } catch (err) {
          if (err instanceof IntegrationError && err.kind === 'ACCESS') {
            return {
              ok: false,
              message: `Connected as ${login}, but GitHub refused to list the repositories of ${connection.account}: the token needs read access to pull requests and contents.`,
              missing: [...new Set([...missing, ...NEEDS_READ])],
              info: login ? { login } : {},
            };
          }
          if (err instanceof IntegrationError && err.kind === 'NOT_FOUND') {
            return {
              ok: false,
              message: `GitHub knows no organization or user “${connection.account}” that this token can see.`,
              missing,
              info: login ? { login } : {},
            };
          }
          throw err;
        }
        const who = app ? `the GitHub App installation ${connection.credentials.installation_id}` : login;
        const to = app ? '' : ` to ${connection.account}`;
        const lacking = missing.length ? ` The token lacks: ${missing.join(', ')}.` : '';
        return {
          ok: missing.length === 0,
          message: `Connected as ${who}${to} (${repositories(repos.length)}).${lacking}`,
          missing,
          info: login ? { login } : {},
        };
      } catch (err) {
        if (err instanceof NotTheService) throw err;
        if (err instanceof IntegrationError) {
          if (err.kind === 'AUTH') {
            return {
              ok: false,
              message: app
                ? 'GitHub rejected the app credentials: check the app id, the installation id and the private key.'
                : 'GitHub rejected the token: it is wrong, expired or revoked.',
              missing: [],
            };
          }
          return { ok: false, message: err.message, missing: [] };
        }
        if (signal.aborted) throw err;
        return { ok: false, message: unreachable('GITHUB').message, missing: [] };
      }
    },

    async listScopes(connection, signal) {
      const repos = await listRepos(await githubClient(connection, signal), connection, signal, restPageSize);
      return repos.map(toScope);
    },

    async sync(ctx) {
      const octokit = await githubClient(ctx.connection, ctx.signal);
      // A repository the token may not read (403) or that is gone (404) does not stop the others:
      // they are synced, then the sync fails with the names of those it could not read.
      const refused: Array<{ name: string; error: IntegrationError }> = [];
      for (const scope of ctx.scopes) {
        if (scope.kind !== 'REPOSITORY') continue;
        ctx.signal.throwIfAborted();
        try {
          await syncPullRequests(octokit, ctx, scope, pageSize);
          await syncDeployments(octokit, ctx, scope);
        } catch (err) {
          if (err instanceof IntegrationError && (err.kind === 'ACCESS' || err.kind === 'NOT_FOUND')) refused.push({ name: scope.name, error: err });
          else throw err;
        }
      }
      const first = refused[0];
      if (first) {
        const names = refused.map((r) => r.name).join(', ');
        throw new IntegrationError(
          first.error.kind,
          refused.length === 1
            ? first.error.message
            : `GitHub refused ${refused.length} repositories (${names}): the token may not read them, or they are gone.`,
        );
      }
    },

    async createIssue(connection, scope, issue, signal): Promise<CreatedIssue> {
      const { owner, repo } = splitRepo(scope.externalId);
      const res = await ghCall(
        `${scope.name}: new issue`,
        async () =>
          (await githubClient(connection, signal)).request('POST /repos/{owner}/{repo}/issues', { owner, repo, title: issue.title, body: issue.body }),
        signal,
      );
      const data = res.data as { number?: number; html_url?: string };
      if (typeof data?.number !== 'number') throw badPayload(`${scope.name}: new issue`);
      const key = `${scope.externalId}#${data.number}`;
      return { externalId: key, key, url: data.html_url ?? null };
    },

    async issueStates(connection, scope, externalIds, signal) {
      const octokit = await githubClient(connection, signal);
      const out: Array<{ externalId: string; closedAt: string | null }> = [];
      for (const externalId of externalIds) {
        const m = /^(.+)#(\d+)$/.exec(externalId);
        const { owner, repo } = splitRepo(m?.[1] ?? scope.externalId);
        const number = Number(m?.[2] ?? externalId);
        if (!Number.isInteger(number)) continue;
        const res = await ghCall(
          `${scope.name}: issue #${number}`,
          () => octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}', { owner, repo, issue_number: number }),
          signal,
        );
        const data = res.data as { state?: string; closed_at?: string | null };
        out.push({ externalId, closedAt: data.state === 'closed' ? (data.closed_at ?? new Date().toISOString()) : null });
      }
      return out;
    },

    webhook: githubWebhook,
  };
}

export const githubAdapter: ProviderAdapter = createGithubAdapter();
