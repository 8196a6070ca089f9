import type { AccountInput, DeploymentInput, IssueInput, PrEventInput, PullRequestInput, ScopeInfo, SprintInput } from '../integrations.provider.js';
import {
  BOT,
  DEPLOYMENTS,
  ISSUES,
  JIRA_PROJECT,
  PEOPLE,
  PULL_REQUESTS,
  REPOS,
  SPRINTS,
  STATUS_CATEGORY,
  shiftIso,
  type SampleStatus,
} from './synthetic-dataset.js';

/**
 * The synthetic dataset (synthetic-dataset.ts) as the provider-neutral records an adapter hands the
 * ingest writer (integrations.provider.ts), with GitHub- and Jira-like ids: what a sync of the fake
 * GitHub and the fake Jira must produce. Tests write it straight through the writer; adapters' tests
 * compare what they write with it.
 *
 * - GitHub accounts: externalId = the numeric GitHub id, login, name; the bot is `ci-bot[bot]` (isBot).
 * - Jira accounts: externalId = the Jira accountId, email = the Jira email (carol's differs from Git).
 * - Pull requests: externalId `acme/<repo>#<n>`; events keep stable ids (commit sha, review `r<n>-<i>`,
 *   comment `c<n>-<i>`, ready `ready<n>-<i>`, review request `rr<n>-<i>`); PENDING reviews are dropped.
 * - Deployments: externalId = the dataset id (A0, D1...), environment as in the dataset.
 * - Issues: externalId = the Jira id, transitions from the changelog (the first with no “from”), sprint membership.
 */
export type SyntheticRecords = {
  accounts: AccountInput[];
  repos: Array<{ scope: ScopeInfo; pullRequests: PullRequestInput[]; deployments: DeploymentInput[] }>;
  projects: Array<{ scope: ScopeInfo; issues: IssueInput[]; sprints: SprintInput[] }>;
};

export function githubAccount(key: string): AccountInput {
  if (key === 'bot') return { externalId: String(BOT.githubId), login: BOT.login, displayName: BOT.login, email: null, isBot: true };
  const p = PEOPLE.find((x) => x.key === key);
  if (!p) throw new Error(`Unknown sample person ${key}`);
  return { externalId: String(p.githubId), login: p.login, displayName: p.name, email: null, isBot: false };
}

export function jiraAccount(key: string): AccountInput {
  const p = PEOPLE.find((x) => x.key === key);
  if (!p) throw new Error(`Unknown sample person ${key}`);
  return { externalId: p.jiraAccountId, login: null, displayName: p.name, email: p.jiraEmail, isBot: false };
}

export function syntheticRecords(shiftMs = 0): SyntheticRecords {
  const t = (iso: string) => shiftIso(iso, shiftMs);
  const tn = (iso: string | null) => (iso === null ? null : shiftIso(iso, shiftMs));

  const accounts: AccountInput[] = [...PEOPLE.map((p) => githubAccount(p.key)), githubAccount('bot'), ...PEOPLE.map((p) => jiraAccount(p.key))];

  const repos = REPOS.map((repo) => {
    const fullName = `${repo.owner}/${repo.name}`;
    const scope: ScopeInfo = {
      kind: 'REPOSITORY',
      externalId: fullName,
      name: fullName,
      url: `https://github.com/${fullName}`,
      defaultBranch: repo.defaultBranch,
    };
    const pullRequests: PullRequestInput[] = PULL_REQUESTS.filter((pr) => pr.repo === repo.name).map((pr) => {
      const author = githubAccount(pr.author);
      const events: PrEventInput[] = [];
      pr.events.forEach((e, i) => {
        switch (e.kind) {
          case 'COMMIT':
            events.push({ externalId: e.sha, kind: 'COMMIT', at: t(e.at), actor: author });
            break;
          case 'REVIEW':
            if (e.state === 'PENDING' || e.at === null) break;
            events.push({ externalId: `r${pr.number}-${i}`, kind: 'REVIEW', at: t(e.at), actor: githubAccount(e.by), state: e.state });
            break;
          case 'COMMENT':
            events.push({ externalId: `c${pr.number}-${i}`, kind: 'COMMENT', at: t(e.at), actor: githubAccount(e.by) });
            break;
          case 'READY_FOR_REVIEW':
            events.push({ externalId: `ready${pr.number}-${i}`, kind: 'READY_FOR_REVIEW', at: t(e.at), actor: author });
            break;
          case 'REVIEW_REQUESTED':
            events.push({ externalId: `rr${pr.number}-${i}`, kind: 'REVIEW_REQUESTED', at: t(e.at), actor: author, target: githubAccount(e.reviewer) });
            break;
        }
      });
      const lastEvent = [pr.createdAt, pr.closedAt, pr.mergedAt, ...pr.events.map((e) => e.at)]
        .filter((x): x is string => !!x)
        .sort()
        .at(-1)!;
      return {
        externalId: `${fullName}#${pr.number}`,
        number: pr.number,
        title: pr.title,
        url: `https://github.com/${fullName}/pull/${pr.number}`,
        state: pr.state,
        // The dataset's `draft` says how it was created; a merged pull request is no longer a draft.
        isDraft: pr.draft && pr.state === 'OPEN' && !pr.events.some((e) => e.kind === 'READY_FOR_REVIEW'),
        author,
        baseRef: repo.defaultBranch,
        mergeCommitSha: null,
        additions: pr.additions,
        deletions: pr.deletions,
        createdAt: t(pr.createdAt),
        updatedAt: t(lastEvent),
        mergedAt: tn(pr.mergedAt),
        closedAt: tn(pr.closedAt),
        events,
      };
    });
    const deployments: DeploymentInput[] = DEPLOYMENTS.filter((d) => d.repo === repo.name).map((d) => ({
      externalId: d.id,
      environment: d.environment,
      result: d.result,
      sha: null,
      startedAt: null,
      finishedAt: t(d.finishedAt),
    }));
    return { scope, pullRequests, deployments };
  });

  const sprints: SprintInput[] = SPRINTS.map((s) => ({
    externalId: s.id,
    name: s.name,
    state: s.state,
    startAt: t(s.startAt),
    endAt: t(s.endAt),
    completeAt: t(s.completeAt),
  }));
  const issues: IssueInput[] = ISSUES.map((issue) => {
    // The first change has no “from” (as Jira's changelog reads after creation in To Do: the writer takes TODO for it).
    let from: SampleStatus | null = null;
    const transitions = issue.transitions.map((tr, i) => {
      const rec = {
        externalId: `${issue.id}-${i + 1}`,
        at: t(tr.at),
        fromStatus: from,
        toStatus: tr.to as string,
        fromCategory: from ? STATUS_CATEGORY[from] : null,
        toCategory: STATUS_CATEGORY[tr.to],
      };
      from = tr.to;
      return rec;
    });
    const status: SampleStatus = issue.transitions.at(-1)?.to ?? 'To Do';
    const lastDone = [...issue.transitions].reverse().find((tr) => STATUS_CATEGORY[tr.to] === 'DONE');
    return {
      externalId: issue.id,
      key: issue.key,
      title: issue.title,
      url: `https://acme.atlassian.net/browse/${issue.key}`,
      issueType: issue.type,
      status,
      statusCategory: STATUS_CATEGORY[status],
      storyPoints: issue.points,
      assignee: issue.assignee ? jiraAccount(issue.assignee) : null,
      createdAt: t(issue.createdAt),
      updatedAt: t(issue.transitions.at(-1)?.at ?? issue.createdAt),
      resolvedAt: STATUS_CATEGORY[status] === 'DONE' && lastDone ? t(lastDone.at) : null,
      transitions,
      sprints: issue.sprint ? [{ sprintExternalId: issue.sprint.id, addedAt: t(issue.sprint.addedAt), removedAt: null }] : [],
    };
  });
  const project: ScopeInfo = {
    kind: 'PROJECT',
    externalId: JIRA_PROJECT.id,
    name: JIRA_PROJECT.key,
    url: `https://acme.atlassian.net/browse/${JIRA_PROJECT.key}`,
    defaultBranch: null,
  };

  return { accounts, repos, projects: [{ scope: project, issues, sprints }] };
}
