import { createHash } from 'node:crypto';
import { BOT, DEPLOYMENTS, PEOPLE, PULL_REQUESTS, REPOS, shiftIso } from '../sample/synthetic-dataset.js';

import { DAY_MS } from '../../../../shared/dates.days.js';

/**
 * The synthetic dataset (sample/synthetic-dataset.ts) as GitHub holds it: users and a bot, two
 * repositories, pull requests with their reviews (the PENDING one without submittedAt), comments,
 * commits and timeline, deployments with statuses. Shifted by `shiftMs`.
 */
export type GhUser = { id: number; login: string; type: 'User' | 'Bot'; name: string | null; email: string | null };
export type GhReview = { id: string; author: GhUser; state: string; submittedAt: string | null };
export type GhComment = { id: string; author: GhUser; createdAt: string };
export type GhTimeline = {
  __typename: 'ReadyForReviewEvent' | 'ConvertToDraftEvent' | 'ReviewRequestedEvent';
  id: string;
  createdAt: string;
  actor: GhUser;
  requestedReviewer?: GhUser;
};
export type GhPullRequest = {
  repo: string;
  id: string;
  number: number;
  title: string;
  state: 'OPEN' | 'CLOSED' | 'MERGED';
  isDraft: boolean;
  createdAt: string;
  updatedAt: string;
  mergedAt: string | null;
  closedAt: string | null;
  additions: number;
  deletions: number;
  baseRefName: string;
  mergeCommitOid: string | null;
  author: GhUser;
  reviews: GhReview[];
  comments: GhComment[];
  commits: Array<{ oid: string; authoredDate: string }>;
  timeline: GhTimeline[];
};
export type GhDeployment = {
  id: number;
  repo: string;
  sha: string;
  ref: string;
  environment: string;
  createdAt: string;
  status: { id: number; state: string; createdAt: string };
};
export type GhRepo = { id: number; full_name: string; name: string; owner: string; default_branch: string; html_url: string; private: boolean };
export type GhIssue = {
  id: number;
  node_id: string;
  repo: string;
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  created_at: string;
  closed_at: string | null;
};
/** `version`: bumped on every change of a pull request (the GraphQL resolvers cache their ordering by it). */
export type GhData = {
  users: Map<string, GhUser>;
  repos: GhRepo[];
  pullRequests: GhPullRequest[];
  deployments: GhDeployment[];
  issues: GhIssue[];
  version: number;
};

export const sha = (s: string): string => createHash('sha1').update(s).digest('hex');
const max = (list: Array<string | null | undefined>): string =>
  list
    .filter((x): x is string => Boolean(x))
    .sort()
    .at(-1) as string;

export function emptyData(htmlBase: string): GhData {
  return {
    users: new Map(),
    repos: REPOS.map((r, i) => repoOf(r.owner, r.name, r.defaultBranch, 500 + i, htmlBase)),
    pullRequests: [],
    deployments: [],
    issues: [],
    version: 0,
  };
}

function repoOf(owner: string, name: string, branch: string, id: number, htmlBase: string): GhRepo {
  return { id, full_name: `${owner}/${name}`, name, owner, default_branch: branch, html_url: `${htmlBase}/${owner}/${name}`, private: true };
}

export function syntheticData(shiftMs: number, htmlBase: string): GhData {
  const at = (iso: string): string => shiftIso(iso, shiftMs);
  const data = emptyData(htmlBase);
  for (const p of PEOPLE) data.users.set(p.key, { id: p.githubId, login: p.login, type: 'User', name: p.name, email: null }); // emails kept private, as most are
  data.users.set('bot', { id: BOT.githubId, login: BOT.login, type: 'Bot', name: null, email: null });
  const user = (key: string): GhUser => {
    const u = data.users.get(key);
    if (!u) throw new Error(`fake GitHub: unknown person ${key}`);
    return u;
  };
  for (const s of PULL_REQUESTS) {
    const repo = `acme/${s.repo}`;
    const author = user(s.author);
    const pr: GhPullRequest = {
      repo,
      id: `${repo}#${s.number}`,
      number: s.number,
      title: s.title,
      state: s.state,
      isDraft: s.draft && !s.events.some((e) => e.kind === 'READY_FOR_REVIEW'),
      createdAt: at(s.createdAt),
      updatedAt: '',
      mergedAt: s.mergedAt ? at(s.mergedAt) : null,
      closedAt: s.closedAt ? at(s.closedAt) : null,
      additions: s.additions,
      deletions: s.deletions,
      baseRefName: 'main',
      mergeCommitOid: null,
      author, // the dataset names no merge commits (deployments follow merges by time)
      reviews: [],
      comments: [],
      commits: [],
      timeline: [],
    };
    s.events.forEach((e, i) => {
      // Node ids as sample/synthetic-records.ts names them (r<n>-<i>, c<n>-<i>, ready<n>-<i>, rr<n>-<i>; a commit by its sha).
      const id = `${s.number}-${i}`;
      if (e.kind === 'COMMIT') pr.commits.push({ oid: e.sha, authoredDate: at(e.at) });
      else if (e.kind === 'REVIEW') pr.reviews.push({ id: `r${id}`, author: user(e.by), state: e.state, submittedAt: e.at ? at(e.at) : null });
      else if (e.kind === 'COMMENT') pr.comments.push({ id: `c${id}`, author: user(e.by), createdAt: at(e.at) });
      else if (e.kind === 'READY_FOR_REVIEW') pr.timeline.push({ __typename: 'ReadyForReviewEvent', id: `ready${id}`, createdAt: at(e.at), actor: author });
      else if (e.kind === 'REVIEW_REQUESTED')
        pr.timeline.push({ __typename: 'ReviewRequestedEvent', id: `rr${id}`, createdAt: at(e.at), actor: author, requestedReviewer: user(e.reviewer) });
    });
    pr.updatedAt = max([
      pr.createdAt,
      pr.mergedAt,
      pr.closedAt,
      ...pr.reviews.map((r) => r.submittedAt),
      ...pr.comments.map((c) => c.createdAt),
      ...pr.commits.map((c) => c.authoredDate),
      ...pr.timeline.map((t) => t.createdAt),
    ]);
    data.pullRequests.push(pr);
  }
  DEPLOYMENTS.forEach((d, i) => {
    data.deployments.push({
      id: 7000 + i,
      repo: `acme/${d.repo}`,
      sha: sha(`deploy ${d.id}`),
      ref: 'main',
      environment: d.environment,
      createdAt: at(d.finishedAt),
      status: { id: 8000 + i, state: d.result === 'SUCCESS' ? 'success' : 'failure', createdAt: at(d.finishedAt) },
    });
  });
  return data;
}

/** Many pull requests for the bench: `pullRequests` spread over the last year, each with `eventsPerPr` events. */
export function generatedData(count: number, eventsPerPr: number, nowMs: number, htmlBase: string): GhData {
  const data = emptyData(htmlBase);
  const people = PEOPLE.map((p) => ({ id: p.githubId, login: p.login, type: 'User' as const, name: p.name, email: p.emails[0] ?? null }));
  people.forEach((p, i) => data.users.set(PEOPLE[i]!.key, p));
  const span = 365 * DAY_MS;
  for (let n = 1; n <= count; n++) {
    const repo = n % 2 ? 'acme/api' : 'acme/web';
    const created = nowMs - span + Math.floor((n / count) * span);
    const iso = (ms: number): string => new Date(ms).toISOString();
    const author = people[n % people.length]!;
    const reviewer = people[(n + 1) % people.length]!;
    const pr: GhPullRequest = {
      repo,
      id: `PR_gen_${n}`,
      number: n,
      title: `Change ${n}`,
      state: 'MERGED',
      isDraft: false,
      createdAt: iso(created),
      updatedAt: iso(created + 6 * 3_600_000),
      mergedAt: iso(created + 6 * 3_600_000),
      closedAt: iso(created + 6 * 3_600_000),
      additions: 10 + (n % 300),
      deletions: n % 50,
      baseRefName: 'main',
      mergeCommitOid: sha(`m${n}`),
      author,
      reviews: [],
      comments: [],
      commits: [],
      timeline: [],
    };
    for (let e = 0; e < eventsPerPr; e++) {
      const t = iso(created - 3_600_000 + e * 60_000);
      if (e % 3 === 0) pr.commits.push({ oid: sha(`c${n}_${e}`), authoredDate: t });
      else if (e % 3 === 1) pr.reviews.push({ id: `PRR_gen_${n}_${e}`, author: reviewer, state: 'COMMENTED', submittedAt: iso(created + e * 60_000) });
      else pr.comments.push({ id: `IC_gen_${n}_${e}`, author: reviewer, createdAt: iso(created + e * 60_000) });
    }
    data.pullRequests.push(pr);
  }
  return data;
}
