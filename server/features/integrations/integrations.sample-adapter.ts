import { randomUUID } from 'node:crypto';
import type { ProviderAdapter, ScopeInfo, SyncContext } from './integrations.provider.js';
import { githubSampleAccount, sampleDeployments, samplePullRequests, sampleWeeks } from './sample/sample-code.js';
import { jiraSampleAccount, sampleIssues, sampleSprints } from './sample/sample-issues.js';
import { SAMPLE_BOT, SAMPLE_OWNER, SAMPLE_PEOPLE, SAMPLE_TEAMS, sampleRepoName } from './sample/sample-teams.js';

/**
 * What answers a sample connection (docs/decisions/0064): the sample data set itself, in this
 * process, without a network request. Its GitHub has the four sample teams' repositories, its Jira
 * their projects; a test says so in plain words; a sync writes the sample as it stands now through
 * the one ingest writer (the same upserts as any adapter's, so “Sync now” moves the sample on to this
 * week and never duplicates a row); an action item sent to it becomes a sample issue, numbered in the
 * sample's own range and with no page outside Teamlens, that stays open. Nothing here reaches an
 * address, so nothing is allowed through the outbound guard for it (docs/decisions/0054).
 */
export type SampleProvider = 'GITHUB' | 'JIRA';
/** How many issues this connection opened in a scope already (the next sample issue's number follows them). */
export type SampleIssueCount = (connectionId: string, scopeExternalId: string) => number;

export const SAMPLE_ISSUE_BASE = 90_000;

export function sampleScopes(provider: SampleProvider): ScopeInfo[] {
  return SAMPLE_TEAMS.map((t) =>
    provider === 'GITHUB'
      ? { kind: 'REPOSITORY' as const, externalId: sampleRepoName(t), name: sampleRepoName(t), url: null, defaultBranch: 'main' }
      : { kind: 'PROJECT' as const, externalId: t.project.id, name: t.project.key, url: null, defaultBranch: null },
  );
}

/** The sample team a scope of a sample connection stands for. */
export const sampleTeamOfScope = (provider: SampleProvider, externalId: string) =>
  SAMPLE_TEAMS.find((t) => (provider === 'GITHUB' ? sampleRepoName(t) === externalId : t.project.id === externalId));

async function syncGithub(ctx: SyncContext): Promise<void> {
  const now = ctx.now.getTime();
  const weeks = sampleWeeks(now);
  ctx.write.accounts([
    ...SAMPLE_PEOPLE.map(githubSampleAccount),
    { externalId: String(SAMPLE_BOT.githubId), login: SAMPLE_BOT.login, displayName: SAMPLE_BOT.login, email: null, isBot: true },
  ]);
  const repos = ctx.scopes.filter((s) => s.kind === 'REPOSITORY');
  let done = 0;
  for (const scope of repos) {
    const team = sampleTeamOfScope('GITHUB', scope.externalId);
    if (!team) continue;
    ctx.progress({ label: `Reading ${scope.name}`, done, total: repos.length });
    // Deployments first: a pull request is deployed by the first production deployment after its merge.
    ctx.write.deployments(
      scope.id,
      weeks.flatMap((w) => sampleDeployments(team, w, now)).map(({ at: _at, ...d }) => d),
    );
    ctx.write.pullRequests(
      scope.id,
      weeks.flatMap((w) => samplePullRequests(team, w, now)),
    );
    done += 1;
  }
  ctx.progress({ done, total: repos.length });
}

async function syncJira(ctx: SyncContext): Promise<void> {
  const now = ctx.now.getTime();
  const weeks = sampleWeeks(now);
  ctx.write.accounts(SAMPLE_PEOPLE.map(jiraSampleAccount));
  const projects = ctx.scopes.filter((s) => s.kind === 'PROJECT');
  let done = 0;
  for (const scope of projects) {
    const team = sampleTeamOfScope('JIRA', scope.externalId);
    if (!team) continue;
    ctx.progress({ label: `Reading ${scope.name}`, done, total: projects.length });
    ctx.write.sprints(scope.id, sampleSprints(team, weeks, now));
    ctx.write.issues(scope.id, sampleIssues(team, weeks, now));
    done += 1;
  }
  ctx.progress({ done, total: projects.length });
}

export function createSampleAdapter(provider: SampleProvider, issueCount: SampleIssueCount): ProviderAdapter {
  const label = provider === 'GITHUB' ? 'GitHub' : 'Jira';
  const what = provider === 'GITHUB' ? `${SAMPLE_TEAMS.length} repositories of ${SAMPLE_OWNER}` : `${SAMPLE_TEAMS.length} projects`;
  return {
    provider,
    test: async () => ({
      ok: true,
      missing: [],
      message: `The sample ${label} answers from the sample data set built into Teamlens (${what}). Nothing is fetched from ${label}.`,
    }),
    listScopes: async () => sampleScopes(provider),
    sync: (ctx) => (provider === 'GITHUB' ? syncGithub(ctx) : syncJira(ctx)),
    createIssue: async (connection, scope) => {
      const n = SAMPLE_ISSUE_BASE + issueCount(connection.id, scope.externalId) + 1;
      const key = provider === 'GITHUB' ? `${scope.name}#${n}` : `${scope.name}-${n}`;
      return { externalId: `sample-${randomUUID()}`, key, url: null };
    },
    // A sample issue is closed by no one: the action item stays as the team left it.
    issueStates: async (_connection, _scope, externalIds) => externalIds.map((externalId) => ({ externalId, closedAt: null })),
  };
}
