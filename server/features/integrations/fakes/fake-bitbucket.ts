import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeOptions, FakeService } from './fake-service.js';
import { BOT, DEPLOYMENTS, PEOPLE, PULL_REQUESTS, REPOS, shiftIso, type SamplePullRequest } from '../sample/synthetic-dataset.js';

/**
 * A fake Bitbucket Cloud (REST 2.0 under `/2.0`) on 127.0.0.1 serving the synthetic dataset in
 * Bitbucket's shapes: workspace `acme`, repositories `acme/api` and `acme/web`, pull requests with
 * activity (approvals, changes requested, comments, state and draft updates, each update carrying
 * the reviewers asked at that moment), commits, diffstat, environments and deployments, tags and
 * pipelines, and an issue tracker (`POST`/`GET …/issues`; a repository in `trackerOff` answers 404
 * there, as one with the tracker switched off does). Pages carry `next` (absolute, `page=`), `pagelen` is capped like
 * Bitbucket's; `q=updated_on>=…` and `sort` work on pull requests. Auth: `Basic base64(token)`
 * when the token holds a colon (username:app_password), else `Bearer token`. Webhook deliveries
 * (`delivery`) are signed as Bitbucket signs them: `X-Hub-Signature: sha256=<hex HMAC of the body>`.
 */
export type FakeBitbucket = FakeService & {
  /** The next `count` requests are answered `status` (a 429 with Retry-After when `retryAfter` is given). */
  failNext(status: number, options?: { count?: number; retryAfter?: number }): void;
  /** Permissions the token has (`repository`, `pullrequest`, `pipeline`, `account`); remove one to see a 403. */
  scopes: Set<string>;
  /** Repositories (`acme/api`) whose every path answers 403, as for a token without access to them. */
  refused: Set<string>;
  /** Someone comments on a pull request now (`at`): its updated_on moves. */
  comment(repo: 'api' | 'web', number: number, by: string, at: string): void;
  /** The Bitbucket account id of a sample person (`712020:alice`) or the bot. */
  accountId(key: string): string;
  /** The pull request's author asks `who` to review it now (`at`): an activity update with the reviewers, updated_on moves. */
  addReviewer(repo: 'api' | 'web', number: number, who: string, at: string): void;
  /** Issues opened through the API, in order (the store a test checks). */
  issues: FakeBbIssue[];
  /** Repositories (`acme/web`) whose issue tracker is switched off: every `/issues` path answers 404. */
  trackerOff: Set<string>;
  /** Someone moves an issue to `state` (resolved, closed, wontfix, open…) at `at`; returns the `issue:updated` payload Bitbucket would send. */
  setIssueState(repo: string, id: number, state: string, at?: string): Record<string, unknown>;
  /** The `pullrequest:created` payload of a pull request as it was when opened (the reviewers asked then). */
  pullRequestCreated(repo: 'api' | 'web', number: number): Record<string, unknown>;
  /** A webhook delivery of `payload` signed with `secret`: the body and the headers Bitbucket sends. */
  delivery(event: string, payload: unknown, secret: string, requestUuid?: string): { body: string; headers: Record<string, string> };
};

export type FakeBbIssue = {
  repo: string;
  id: number;
  title: string;
  content: { raw: string };
  state: string;
  kind: string;
  created_on: string;
  updated_on: string;
};

export type FakeBitbucketOptions = FakeOptions & { maxPagelen?: number };

type Account = { type: string; uuid: string; account_id: string; nickname: string; display_name: string };
type Activity = Record<string, unknown> & { at: string };
/** `requests`: who was asked to review and when (the activity's update entries carry the reviewers at their moment). */
type Pr = { repo: string; source: SamplePullRequest; activity: Activity[]; updatedOn: string; requests: Array<{ key: string; at: string }> };

const WORKSPACE = { slug: 'acme', name: 'Acme', uuid: '{6a1c0e5e-0000-4000-8000-000000000001}' };

export function bitbucketAccountId(key: string): string {
  return key === 'bot' ? '712020:ci-bot' : `712020:${key}`;
}

function account(key: string): Account {
  if (key === 'bot')
    return {
      type: 'app_user',
      uuid: '{00000000-0000-4000-8000-000000009001}',
      account_id: bitbucketAccountId('bot'),
      nickname: BOT.login.replace('[bot]', ''),
      display_name: 'CI bot',
    };
  const p = PEOPLE.find((x) => x.key === key);
  if (!p) throw new Error(`Unknown sample person ${key}`);
  return {
    type: 'user',
    uuid: `{00000000-0000-4000-8000-00000000${p.githubId}}`,
    account_id: bitbucketAccountId(key),
    nickname: p.login,
    display_name: p.name,
  };
}

const ENVIRONMENTS = [
  { uuid: '{e0000000-0000-4000-8000-000000000001}', name: 'production', environment_type: { name: 'Production' } },
  { uuid: '{e0000000-0000-4000-8000-000000000002}', name: 'staging', environment_type: { name: 'Staging' } },
];

function buildPr(source: SamplePullRequest, shift: (iso: string) => string): Pr {
  const repo = `acme/${source.repo}`;
  const author = account(source.author);
  const activity: Activity[] = [{ at: shift(source.createdAt), update: { date: shift(source.createdAt), state: 'OPEN', draft: source.draft, author } }];
  source.events.forEach((e, i) => {
    switch (e.kind) {
      case 'REVIEW':
        if (e.at === null || e.state === 'PENDING') break;
        if (e.state === 'APPROVED') activity.push({ at: shift(e.at), approval: { date: shift(e.at), user: account(e.by) } });
        else if (e.state === 'CHANGES_REQUESTED') activity.push({ at: shift(e.at), changes_requested: { date: shift(e.at), user: account(e.by) } });
        // A Bitbucket “review” that only comments is a comment.
        else
          activity.push({
            at: shift(e.at),
            comment: { id: source.number * 100 + i, created_on: shift(e.at), user: account(e.by), content: { raw: 'Looks mostly fine.' } },
          });
        break;
      case 'COMMENT':
        activity.push({
          at: shift(e.at),
          comment: { id: source.number * 100 + i, created_on: shift(e.at), user: account(e.by), content: { raw: 'A comment.' } },
        });
        break;
      case 'READY_FOR_REVIEW':
        activity.push({ at: shift(e.at), update: { date: shift(e.at), state: 'OPEN', draft: false, author } });
        break;
      default:
        break;
    }
  });
  if (source.mergedAt) activity.push({ at: shift(source.mergedAt), update: { date: shift(source.mergedAt), state: 'MERGED', draft: false, author } });
  else if (source.closedAt) activity.push({ at: shift(source.closedAt), update: { date: shift(source.closedAt), state: 'DECLINED', draft: false, author } });
  const requests = source.events.flatMap((e) => (e.kind === 'REVIEW_REQUESTED' ? [{ key: e.reviewer, at: shift(e.at) }] : []));
  // A reviewer asked after the pull request was opened: an update of its own at that moment.
  for (const r of requests) {
    if (Date.parse(r.at) > Date.parse(shift(source.createdAt))) activity.push({ at: r.at, update: { date: r.at, state: 'OPEN', draft: false, author } });
  }
  const pr: Pr = {
    repo,
    source,
    activity,
    updatedOn: activity
      .map((a) => a.at)
      .sort()
      .at(-1)!,
    requests,
  };
  withReviewers(pr);
  return pr;
}

/** Every update entry carries the reviewers asked by its moment (the creation: those asked when it was opened). */
function withReviewers(pr: Pr): void {
  for (const a of pr.activity) {
    const u = a.update as Record<string, unknown> | undefined;
    if (u) u.reviewers = reviewersAt(pr, a.at);
  }
}

function reviewersAt(pr: Pr, at: string): Account[] {
  return [...new Set(pr.requests.filter((r) => Date.parse(r.at) <= Date.parse(at)).map((r) => r.key))].map(account);
}

export async function startFakeBitbucket(options: FakeBitbucketOptions = {}): Promise<FakeBitbucket> {
  const token = options.token ?? 'teamlens-bot:ATBBfakeAppPassword0000';
  const shiftMs = options.shiftMs ?? 0;
  const shift = (iso: string) => shiftIso(iso, shiftMs);
  const maxPagelen = options.maxPagelen ?? 50;
  const prs: Pr[] = options.dataset === 'empty' ? [] : PULL_REQUESTS.map((p) => buildPr(p, shift));
  const deployments = options.dataset === 'empty' ? [] : DEPLOYMENTS;
  const requests: FakeService['requests'] = [];
  const failures: Array<{ status: number; retryAfter?: number }> = [];
  const scopes = new Set(['account', 'repository', 'pullrequest', 'pipeline', 'issue', 'issue:write']);
  const refused = new Set<string>();
  const issues: FakeBbIssue[] = [];
  const trackerOff = new Set<string>();
  let origin = '';

  const accepted = new Set([`Bearer ${token}`, ...(token.includes(':') ? [`Basic ${Buffer.from(token).toString('base64')}`] : [])]);

  function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  }
  const error = (message: string, detail?: unknown) => ({ type: 'error', error: { message, ...(detail ? { detail } : {}) } });

  function paged<T>(url: URL, values: T[], cap = maxPagelen) {
    const pagelen = Math.min(Math.max(1, Number(url.searchParams.get('pagelen') ?? 10) || 10), cap);
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const slice = values.slice((page - 1) * pagelen, page * pagelen);
    const body: Record<string, unknown> = { pagelen, size: values.length, page, values: slice };
    if (page * pagelen < values.length) {
      const next = new URL(url.href);
      next.searchParams.set('page', String(page + 1));
      body.next = `${origin}${next.pathname}${next.search}`;
    }
    return body;
  }

  /** A pull request as the API shows it; `full`: as the single pull request (and webhook payloads) show it, with its reviewers. */
  function prJson(pr: Pr, full = false) {
    const s = pr.source;
    const state = s.state === 'MERGED' ? 'MERGED' : s.state === 'CLOSED' ? 'DECLINED' : 'OPEN';
    const draft = state === 'OPEN' && s.draft && !s.events.some((e) => e.kind === 'READY_FOR_REVIEW');
    return {
      type: 'pullrequest',
      id: s.number,
      title: s.title,
      state,
      draft,
      author: account(s.author),
      created_on: shift(s.createdAt),
      updated_on: pr.updatedOn,
      source: { branch: { name: `feature/${s.number}` } },
      destination: { branch: { name: 'main' } },
      merge_commit: s.mergedAt ? { hash: `m${s.number}${s.repo}` } : null,
      links: { html: { href: `https://bitbucket.org/${pr.repo}/pull-requests/${s.number}` } },
      ...(full ? { reviewers: reviewersAt(pr, pr.updatedOn) } : {}),
    };
  }

  const issueJson = (i: FakeBbIssue) => ({
    type: 'issue',
    id: i.id,
    title: i.title,
    content: { raw: i.content.raw, markup: 'markdown' },
    state: i.state,
    kind: i.kind,
    priority: 'major',
    created_on: i.created_on,
    updated_on: i.updated_on,
    repository: { type: 'repository', full_name: i.repo },
    links: { html: { href: `https://bitbucket.org/${i.repo}/issues/${i.id}` } },
  });

  function issueRoute(method: string, repo: string, rest: string, body: unknown): { status: number; body: unknown } {
    if (trackerOff.has(repo)) return { status: 404, body: error('Repository has no issue tracker.') };
    if (rest === '/issues' && method === 'POST') {
      if (!scopes.has('issue:write'))
        return {
          status: 403,
          body: error('Your credentials lack one or more required privilege scopes.', { granted: [...scopes], required: ['issue:write'] }),
        };
      const b = (body ?? {}) as { title?: unknown; content?: { raw?: unknown } };
      if (typeof b.title !== 'string' || !b.title.trim())
        return { status: 400, body: error('Bad request', { fields: { title: ['This field is required.'] } }) };
      const now = new Date().toISOString();
      const issue: FakeBbIssue = {
        repo,
        id: issues.filter((i) => i.repo === repo).length + 1,
        title: b.title,
        content: { raw: typeof b.content?.raw === 'string' ? b.content.raw : '' },
        state: 'new',
        kind: 'task',
        created_on: now,
        updated_on: now,
      };
      issues.push(issue);
      return { status: 201, body: issueJson(issue) };
    }
    const m = /^\/issues\/(\d+)$/.exec(rest);
    if (m && method === 'GET') {
      if (!scopes.has('issue'))
        return { status: 403, body: error('Your credentials lack one or more required privilege scopes.', { granted: [...scopes], required: ['issue'] }) };
      const issue = issues.find((i) => i.repo === repo && i.id === Number(m[1]));
      return issue ? { status: 200, body: issueJson(issue) } : { status: 404, body: error('Resource not found') };
    }
    return { status: 405, body: error('Method not allowed') };
  }

  function pullRequests(url: URL, repo: string) {
    const states = url.searchParams.getAll('state');
    const wanted = new Set(states.length ? states : ['OPEN']);
    const q = url.searchParams.get('q') ?? '';
    const m = /updated_on\s*(>=|>)\s*"?([^"\s)]+)"?/.exec(q);
    const bound = m ? Date.parse(m[2]!) : null;
    if (m && !Number.isFinite(bound)) return { status: 400, body: error(`Invalid field value: ${m[2]}`) };
    let list = prs
      .filter((p) => p.repo === repo)
      .map((p) => prJson(p))
      .filter((p) => wanted.has(p.state));
    if (bound !== null) list = list.filter((p) => (m![1] === '>=' ? Date.parse(p.updated_on) >= bound! : Date.parse(p.updated_on) > bound!));
    const sort = url.searchParams.get('sort') ?? 'id';
    const key = sort.replace(/^-/, '') as 'updated_on' | 'created_on' | 'id';
    list.sort((a, b) => (key === 'id' ? a.id - b.id : Date.parse(a[key]) - Date.parse(b[key])) * (sort.startsWith('-') ? -1 : 1));
    return { status: 200, body: paged(url, list) };
  }

  function repoJson(r: (typeof REPOS)[number], i: number) {
    return {
      type: 'repository',
      uuid: `{r0000000-0000-4000-8000-00000000000${i + 1}}`,
      full_name: `${r.owner}/${r.name}`,
      name: r.name,
      slug: r.name,
      mainbranch: { name: r.defaultBranch },
      links: { html: { href: `https://bitbucket.org/${r.owner}/${r.name}` } },
    };
  }

  function route(url: URL, method: string, reqBody: unknown): { status: number; body: unknown } {
    const path = decodeURIComponent(url.pathname.replace(/^\/2\.0/, '')).replace(/\/+$/, '');
    const need = (scope: string) =>
      scopes.has(scope)
        ? null
        : { status: 403, body: error('Your credentials lack one or more required privilege scopes.', { granted: [...scopes], required: [scope] }) };
    if (path === '/user')
      return (
        need('account') ?? {
          status: 200,
          body: {
            type: 'user',
            account_id: '712020:teamlens-bot',
            nickname: 'teamlens-bot',
            display_name: 'Teamlens bot',
            uuid: '{00000000-0000-4000-8000-000000000b07}',
          },
        }
      );
    let m = /^\/workspaces\/([^/]+)$/.exec(path);
    if (m)
      return m[1] === WORKSPACE.slug
        ? { status: 200, body: { type: 'workspace', ...WORKSPACE } }
        : { status: 404, body: error(`No workspace with identifier '${m[1]}'.`) };
    m = /^\/repositories\/([^/]+)$/.exec(path);
    if (m) {
      if (m[1] !== WORKSPACE.slug) return { status: 404, body: error('Not found') };
      return need('repository') ?? { status: 200, body: paged(url, REPOS.map(repoJson), 100) };
    }
    m = /^\/repositories\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path);
    if (!m) return { status: 404, body: error('Resource not found') };
    const repo = `${m[1]}/${m[2]}`;
    const rest = m[3] ?? '';
    const r = REPOS.findIndex((x) => `${x.owner}/${x.name}` === repo);
    if (r < 0) return { status: 404, body: error(`Repository ${repo} not found`) };
    if (refused.has(repo)) return { status: 403, body: error('You may not have access to this repository.') };
    if (rest === '/issues' || rest.startsWith('/issues/')) return issueRoute(method, repo, rest, reqBody);
    if (method !== 'GET') return { status: 405, body: error('Method not allowed') };
    if (rest === '') return need('repository') ?? { status: 200, body: repoJson(REPOS[r]!, r) };
    if (rest === '/environments') return need('pipeline') ?? { status: 200, body: paged(url, ENVIRONMENTS, 100) };
    if (rest === '/deployments') {
      return (
        need('pipeline') ?? {
          status: 200,
          body: paged(
            url,
            deployments
              .filter((d) => d.repo === REPOS[r]!.name)
              .map((d) => ({
                type: 'deployment',
                uuid: `{d-${d.id}}`,
                state: {
                  type: 'deployment_state_completed',
                  name: 'COMPLETED',
                  status: { name: d.result === 'SUCCESS' ? 'SUCCESSFUL' : 'FAILED' },
                  started_on: shiftIso(d.finishedAt, shiftMs - 10 * 60_000),
                  completed_on: shift(d.finishedAt),
                },
                environment: { uuid: ENVIRONMENTS.find((e) => e.name === d.environment)?.uuid ?? ENVIRONMENTS[1]!.uuid },
                release: { commit: { hash: `release-${d.id}` } },
              })),
            100,
          ),
        }
      );
    }
    const ofRepo = deployments.filter((d) => d.repo === REPOS[r]!.name).sort((a, b) => Date.parse(b.finishedAt) - Date.parse(a.finishedAt));
    if (rest === '/refs/tags') {
      // A tag per successful deployment (release-D1, staging-S1), newest commit first.
      const tags = ofRepo
        .filter((d) => d.result === 'SUCCESS')
        .map((d) => ({
          type: 'tag',
          name: d.environment === 'production' ? `release-${d.id}` : `${d.environment}-${d.id}`,
          date: shift(d.finishedAt),
          target: { type: 'commit', hash: `release-${d.id}`, date: shiftIso(d.finishedAt, shiftMs - 30 * 60_000) },
        }));
      return need('repository') ?? { status: 200, body: paged(url, tags, 100) };
    }
    if (rest === '/pipelines') {
      const pipelines = ofRepo.map((d) => ({
        type: 'pipeline',
        uuid: `{p-${d.id}}`,
        build_number: Number(d.id.replace(/\D/g, '')) || 0,
        created_on: shiftIso(d.finishedAt, shiftMs - 10 * 60_000),
        completed_on: shift(d.finishedAt),
        state: { type: 'pipeline_state_completed', name: 'COMPLETED', result: { name: d.result === 'SUCCESS' ? 'SUCCESSFUL' : 'FAILED' } },
        target: {
          type: 'pipeline_ref_target',
          ref_type: 'branch',
          ref_name: 'main',
          commit: { hash: `release-${d.id}` },
          selector: { type: 'custom', pattern: `deploy-to-${d.environment}` },
        },
      }));
      return need('pipeline') ?? { status: 200, body: paged(url, pipelines, 100) };
    }
    const denied = need('pullrequest');
    if (rest === '/pullrequests') {
      if (denied) return denied;
      return pullRequests(url, repo);
    }
    m = /^\/pullrequests\/(\d+)(\/activity|\/commits|\/diffstat)?$/.exec(rest);
    const pr = m ? prs.find((p) => p.repo === repo && p.source.number === Number(m![1])) : undefined;
    if (!m || !pr) return { status: 404, body: error('Resource not found') };
    if (denied) return denied;
    const s = pr.source;
    switch (m[2]) {
      case undefined:
        return { status: 200, body: prJson(pr, true) };
      case '/activity': {
        // Newest first, as Bitbucket lists it; the entries carry the pull request too.
        const values = [...pr.activity]
          .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
          .map(({ at: _at, ...a }) => ({ ...a, pull_request: { type: 'pullrequest', id: s.number, title: s.title } }));
        return { status: 200, body: paged(url, values) };
      }
      case '/commits': {
        const values = s.events
          .flatMap((e) =>
            e.kind === 'COMMIT'
              ? [
                  {
                    type: 'commit',
                    hash: e.sha,
                    date: shift(e.at),
                    message: 'Work',
                    author: { raw: `${account(s.author).display_name} <${s.author}@acme.test>`, user: account(s.author) },
                  },
                ]
              : [],
          )
          .reverse();
        return { status: 200, body: paged(url, values, 100) };
      }
      default: {
        const half = (n: number) => [Math.ceil(n / 2), Math.floor(n / 2)];
        const [a1, a2] = half(s.additions);
        const [d1, d2] = half(s.deletions);
        const values = [
          { type: 'diffstat', status: 'modified', lines_added: a1, lines_removed: d1, old: { path: 'src/a.ts' }, new: { path: 'src/a.ts' } },
          { type: 'diffstat', status: 'modified', lines_added: a2, lines_removed: d2, old: { path: 'src/b.ts' }, new: { path: 'src/b.ts' } },
        ];
        return { status: 200, body: paged(url, values, 500) };
      }
    }
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? 'GET', path: `${url.pathname}${url.search}`, headers: { accept: String(req.headers.accept ?? '') } });
    if (!accepted.has(String(req.headers.authorization ?? '')))
      return send(res, 401, error('Unauthorized'), { 'www-authenticate': 'Basic realm="Bitbucket.org HTTP"' });
    const fault = failures.shift();
    if (fault)
      return send(
        res,
        fault.status,
        error(fault.status === 429 ? 'Rate limit for this resource has been exceeded' : 'Something went wrong'),
        fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {},
      );
    if (req.method !== 'GET' && req.method !== 'POST') return send(res, 405, error('Method not allowed'));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: unknown = undefined;
      if (chunks.length) {
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return send(res, 400, error('The request body is not JSON.'));
        }
      }
      const out = route(url, req.method ?? 'GET', body);
      send(res, out.status, out.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/2.0`,
    token,
    requests,
    scopes,
    refused,
    failNext(status, o = {}) {
      for (let i = 0; i < (o.count ?? 1); i++) failures.push({ status, retryAfter: o.retryAfter });
    },
    comment(repo, number, by, at) {
      const pr = prs.find((p) => p.repo === `acme/${repo}` && p.source.number === number);
      if (!pr) throw new Error(`No pull request acme/${repo}#${number}`);
      pr.activity.push({ at, comment: { id: number * 100 + 50 + pr.activity.length, created_on: at, user: account(by), content: { raw: 'One more thing.' } } });
      if (Date.parse(at) > Date.parse(pr.updatedOn)) pr.updatedOn = new Date(at).toISOString();
    },
    accountId: bitbucketAccountId,
    addReviewer(repo, number, who, at) {
      const pr = prs.find((p) => p.repo === `acme/${repo}` && p.source.number === number);
      if (!pr) throw new Error(`No pull request acme/${repo}#${number}`);
      pr.requests.push({ key: who, at });
      pr.activity.push({ at, update: { date: at, state: 'OPEN', draft: false, author: account(pr.source.author) } });
      withReviewers(pr);
      if (Date.parse(at) > Date.parse(pr.updatedOn)) pr.updatedOn = new Date(at).toISOString();
    },
    issues,
    trackerOff,
    setIssueState(repo, id, state, at = new Date().toISOString()) {
      const issue = issues.find((i) => i.repo === repo && i.id === id);
      if (!issue) throw new Error(`No issue ${repo}#${id}`);
      const old = issue.state;
      issue.state = state;
      issue.updated_on = at;
      const r = REPOS.findIndex((x) => `${x.owner}/${x.name}` === repo);
      return {
        actor: account('alice'),
        issue: issueJson(issue),
        repository: r >= 0 ? repoJson(REPOS[r]!, r) : { type: 'repository', full_name: repo },
        changes: { status: { old, new: state } },
      };
    },
    pullRequestCreated(repo, number) {
      const pr = prs.find((p) => p.repo === `acme/${repo}` && p.source.number === number);
      if (!pr) throw new Error(`No pull request acme/${repo}#${number}`);
      const created = shift(pr.source.createdAt);
      const r = REPOS.findIndex((x) => x.name === repo);
      return {
        actor: account(pr.source.author),
        repository: repoJson(REPOS[r]!, r),
        pullrequest: { ...prJson(pr), state: 'OPEN', draft: pr.source.draft, merge_commit: null, updated_on: created, reviewers: reviewersAt(pr, created) },
      };
    },
    delivery(event, payload, secret, requestUuid = randomUUID()) {
      const body = JSON.stringify(payload);
      const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-event-key': event,
          'x-request-uuid': requestUuid,
          'x-hub-signature': signature,
          'user-agent': 'Bitbucket-Webhooks/2.0',
        },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
