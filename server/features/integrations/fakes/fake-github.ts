import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeOptions, FakeService } from './fake-service.js';
import type { GhData, GhPullRequest } from './fake-github.data.js';
import { emptyData, generatedData, syntheticData } from './fake-github.data.js';
import { runGraphql } from './fake-github.graphql.js';
import { signatureOf } from '../github/github.webhook.js';

/**
 * A fake GitHub on 127.0.0.1 that speaks GitHub's REST and GraphQL APIs for the synthetic dataset:
 * REST `/user` (with `x-oauth-scopes`), repositories with Link pagination, GitHub App installation
 * tokens, deployments and statuses, releases, tags, Actions runs (ETag, 304 on If-None-Match),
 * issues; `POST /graphql` with graphql-js over a subset of GitHub's schema. Rate-limit headers on
 * every answer, scripted faults, data changes between syncs, signed webhook deliveries. A token is
 * never echoed nor kept in the request log.
 */
export type FakeGitHubOptions = FakeOptions & {
  /** `x-oauth-scopes` of `/user` (a classic token); null: a fine-grained token (no header). */
  oauthScopes?: string | null;
  /** Many generated pull requests instead of the dataset (the bench). */
  generated?: { pullRequests: number; eventsPerPr: number };
};

/** `after`: let this many matching requests through first; `times`: answer the fault this many times (1). */
export type FakeFault = { status: number; headers?: Record<string, string>; body?: string; path?: RegExp; times?: number; after?: number };

export type FakeGitHub = FakeService & {
  /** The next request (whose path matches `path`, if given) answers this instead, `times` times (1). */
  failNext(fault: FakeFault): void;
  /** Changes a pull request (by number; `repo` when both repositories have it) and bumps its updatedAt to now. A test that edits `data` itself bumps `data.version`. */
  updatePullRequest(
    number: number,
    patch: Partial<Pick<GhPullRequest, 'title' | 'state' | 'isDraft' | 'mergedAt' | 'closedAt' | 'additions' | 'deletions'>>,
    repo?: string,
  ): GhPullRequest;
  /** Closes an issue (a retro action item sent to GitHub). */
  closeIssue(repo: string, number: number, at?: string): void;
  /** Sends a signed webhook delivery to `url` (X-GitHub-Event, X-GitHub-Delivery, X-Hub-Signature-256). */
  deliver(url: string, event: string, payload: unknown, secret: string, deliveryId?: string): Promise<{ status: number; body: string }>;
  /** The installation token a GitHub App gets. */
  installationToken: string;
  data: GhData;
};

const LOGGED_HEADERS = ['if-none-match', 'accept', 'content-type', 'x-github-api-version'];
const PER_PAGE_MAX = 100;

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const token = options.token ?? 'ghp_fakeTokenForTests0000000000000000000';
  const installationToken = 'ghs_fakeInstallationToken000000000000000';
  const shiftMs = options.shiftMs ?? 0;
  const faults: FakeFault[] = [];
  const requests: FakeService['requests'] = [];
  let remaining = 5000;
  const resetEpoch = (): number => Math.floor(Date.now() / 1000) + 3600;
  let url = '';
  let data: GhData = emptyData('http://127.0.0.1');

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { message: 'Server Error' });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const htmlBase = 'https://github.com'; // where GitHub's web pages are (html_url, url), not its API
  data = options.generated
    ? generatedData(options.generated.pullRequests, options.generated.eventsPerPr, Date.now() + shiftMs, htmlBase)
    : options.dataset === 'empty'
      ? emptyData(htmlBase)
      : syntheticData(shiftMs, htmlBase);

  function rateHeaders(resource: string): Record<string, string> {
    return {
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-used': String(5000 - remaining),
      'x-ratelimit-reset': String(resetEpoch()),
      'x-ratelimit-resource': resource,
    };
  }

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, resource = 'core'): void {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...rateHeaders(resource), ...headers });
    res.end(status === 304 ? undefined : text);
  }

  /** A list with per_page / page and a Link header; ETag over the page, 304 when If-None-Match matches. */
  function sendList(req: IncomingMessage, res: ServerResponse, u: URL, list: unknown[], wrap?: (items: unknown[]) => unknown): void {
    const perPage = Math.min(PER_PAGE_MAX, Math.max(1, Number(u.searchParams.get('per_page') ?? 30) || 30));
    const pageNo = Math.max(1, Number(u.searchParams.get('page') ?? 1) || 1);
    const items = list.slice((pageNo - 1) * perPage, pageNo * perPage);
    const last = Math.max(1, Math.ceil(list.length / perPage));
    const link = (p: number, rel: string): string => {
      const q = new URL(u.toString());
      q.searchParams.set('page', String(p));
      q.searchParams.set('per_page', String(perPage));
      return `<${url}${q.pathname}${q.search}>; rel="${rel}"`;
    };
    const links: string[] = [];
    if (pageNo < last) links.push(link(pageNo + 1, 'next'), link(last, 'last'));
    if (pageNo > 1) links.push(link(1, 'first'), link(pageNo - 1, 'prev'));
    const body = JSON.stringify(wrap ? wrap(items) : items);
    const etag = `W/"${createHash('sha1').update(body).digest('hex')}"`;
    const headers: Record<string, string> = { etag, ...(links.length ? { link: links.join(', ') } : {}) };
    if (req.headers['if-none-match'] === etag) {
      remaining += 1; // a 304 does not count against the rate limit
      send(res, 304, '', headers);
      return;
    }
    send(res, 200, body, headers);
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  const repoJson = (r: GhData['repos'][number]) => ({
    id: r.id,
    node_id: `R_${r.id}`,
    name: r.name,
    full_name: r.full_name,
    private: r.private,
    owner: { login: r.owner, type: 'Organization' },
    html_url: r.html_url,
    default_branch: r.default_branch,
    archived: false,
  });
  const issueJson = (i: GhData['issues'][number]) => ({
    id: i.id,
    node_id: i.node_id,
    number: i.number,
    title: i.title,
    body: i.body,
    state: i.state,
    html_url: `${htmlBase}/${i.repo}/issues/${i.number}`,
    created_at: i.created_at,
    closed_at: i.closed_at,
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const u = new URL(req.url ?? '/', url);
    const method = req.method ?? 'GET';
    const logged: Record<string, string> = {};
    for (const h of LOGGED_HEADERS) if (typeof req.headers[h] === 'string') logged[h] = req.headers[h] as string;
    requests.push({ method, path: `${u.pathname}${u.search}`, headers: logged });
    const path = u.pathname.replace(/^\/api\/v3(?=\/)/, '');

    const fault = faults.find((f) => !f.path || f.path.test(`${u.pathname}${u.search}`));
    if (fault && (fault.after ?? 0) > 0) fault.after! -= 1;
    else if (fault) {
      fault.times = (fault.times ?? 1) - 1;
      if (fault.times <= 0) faults.splice(faults.indexOf(fault), 1);
      const body =
        fault.body ??
        JSON.stringify({
          message: fault.status === 429 || fault.status === 403 ? 'API rate limit exceeded' : 'Server Error',
          documentation_url: 'https://docs.github.com/rest',
        });
      res.writeHead(fault.status, { 'content-type': 'application/json; charset=utf-8', ...rateHeaders('core'), ...(fault.headers ?? {}) });
      res.end(body);
      return;
    }

    const auth = req.headers.authorization ?? '';
    const bearer = /^(?:token|bearer)\s+(.+)$/i.exec(auth)?.[1] ?? '';
    const appJwt = bearer.split('.').length === 3;
    let m: RegExpExecArray | null;
    if (method === 'POST' && (m = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(path))) {
      if (!appJwt) return send(res, 401, { message: 'A JSON web token could not be decoded', documentation_url: 'https://docs.github.com/rest' });
      return send(res, 201, {
        token: installationToken,
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        permissions: { pull_requests: 'read', contents: 'read', issues: 'write', deployments: 'read' },
        repository_selection: 'all',
      });
    }
    const asApp = bearer === installationToken;
    if (bearer !== token && !asApp) return send(res, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
    remaining = Math.max(0, remaining - 1);

    if (method === 'POST' && (path === '/graphql' || u.pathname === '/api/graphql')) {
      let body: { query?: unknown; variables?: unknown };
      try {
        body = JSON.parse(await readBody(req)) as typeof body;
      } catch {
        return send(res, 400, { message: 'Problems parsing JSON' }, {}, 'graphql');
      }
      const result = await runGraphql({ data, htmlBase, remaining: () => remaining, resetAt: () => new Date(resetEpoch() * 1000).toISOString() }, body);
      return send(res, 200, result, {}, 'graphql');
    }
    if (method === 'GET' && path === '/user') {
      if (asApp) return send(res, 403, { message: 'Resource not accessible by integration' });
      const scopes = options.oauthScopes === undefined ? 'repo, read:org' : options.oauthScopes;
      return send(
        res,
        200,
        { login: 'acme-bot', id: 4242, type: 'User', name: 'Acme Bot' },
        scopes === null ? {} : { 'x-oauth-scopes': scopes, 'x-accepted-oauth-scopes': '' },
      );
    }
    if (method === 'GET' && path === '/installation/repositories') {
      if (!asApp)
        return send(res, 403, { message: 'You must authenticate with an installation access token in order to list repositories for an installation.' });
      return sendList(req, res, u, data.repos.map(repoJson), (items) => ({ total_count: data.repos.length, repositories: items }));
    }
    if (method === 'GET' && (m = /^\/(orgs|users)\/([^/]+)\/repos$/.exec(path))) {
      const owner = decodeURIComponent(m[2]!);
      const known = data.repos.some((r) => r.owner === owner);
      if (m[1] === 'orgs' ? !known : owner !== 'acme-bot' && !known)
        return send(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
      return sendList(req, res, u, data.repos.filter((r) => r.owner === owner).map(repoJson));
    }
    const rm = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path);
    const repoName = rm ? `${decodeURIComponent(rm[1]!)}/${decodeURIComponent(rm[2]!)}` : '';
    const repo = data.repos.find((r) => r.full_name === repoName);
    if (!rm || !repo) return send(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
    const rest = rm[3] ?? '';
    const deps = data.deployments.filter((d) => d.repo === repo.full_name).sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
    if (method === 'GET' && rest === '/deployments') {
      return sendList(
        req,
        res,
        u,
        deps.map((d) => ({
          id: d.id,
          node_id: `DE_${d.id}`,
          sha: d.sha,
          ref: d.ref,
          task: 'deploy',
          environment: d.environment,
          created_at: d.createdAt,
          updated_at: d.status.createdAt,
        })),
      );
    }
    if (method === 'GET' && (m = /^\/deployments\/(\d+)\/statuses$/.exec(rest))) {
      const d = deps.find((x) => x.id === Number(m![1]));
      if (!d) return send(res, 404, { message: 'Not Found' });
      return sendList(req, res, u, [
        { id: d.status.id, state: d.status.state, environment: d.environment, created_at: d.status.createdAt, updated_at: d.status.createdAt },
      ]);
    }
    const shipped = deps.filter((d) => d.environment === 'production' && d.status.state === 'success');
    if (method === 'GET' && rest === '/releases') {
      return sendList(
        req,
        res,
        u,
        shipped.map((d) => ({
          id: d.id,
          tag_name: `v1.0.${d.id - 7000}`,
          name: `Release 1.0.${d.id - 7000}`,
          draft: false,
          prerelease: false,
          created_at: d.createdAt,
          published_at: d.createdAt,
          target_commitish: 'main',
        })),
      );
    }
    if (method === 'GET' && rest === '/tags') {
      return sendList(
        req,
        res,
        u,
        shipped.map((d) => ({ name: `v1.0.${d.id - 7000}`, commit: { sha: d.sha, url: `${url}/repos/${repo.full_name}/commits/${d.sha}` } })),
      );
    }
    if (method === 'GET' && (m = /^\/commits\/([0-9a-f]{7,40})$/.exec(rest))) {
      const d = deps.find((x) => x.sha === m![1]);
      if (!d) return send(res, 404, { message: 'No commit found for SHA' });
      return send(res, 200, {
        sha: d.sha,
        commit: { author: { date: d.createdAt.replace('.000Z', 'Z') }, committer: { date: d.createdAt.replace('.000Z', 'Z') }, message: 'Deploy' },
      });
    }
    if (method === 'GET' && rest === '/actions/runs') {
      const runs = deps.map((d) => ({
        id: d.id + 100_000,
        name: `Deploy to ${d.environment}`,
        head_branch: 'main',
        head_sha: d.sha,
        status: 'completed',
        conclusion: d.status.state,
        event: 'push',
        created_at: d.createdAt,
        run_started_at: d.createdAt,
        updated_at: d.status.createdAt,
      }));
      return sendList(req, res, u, runs, (items) => ({ total_count: runs.length, workflow_runs: items }));
    }
    if (method === 'POST' && rest === '/issues') {
      let body: { title?: unknown; body?: unknown };
      try {
        body = JSON.parse(await readBody(req)) as typeof body;
      } catch {
        return send(res, 400, { message: 'Problems parsing JSON' });
      }
      if (typeof body.title !== 'string' || !body.title)
        return send(res, 422, { message: 'Validation Failed', errors: [{ resource: 'Issue', field: 'title', code: 'missing_field' }] });
      const number = 100 + data.issues.filter((i) => i.repo === repo.full_name).length + 1;
      const issue = {
        id: 900_000 + data.issues.length,
        node_id: `I_${repo.name}_${number}`,
        repo: repo.full_name,
        number,
        title: body.title,
        body: typeof body.body === 'string' ? body.body : '',
        state: 'open' as const,
        created_at: new Date().toISOString(),
        closed_at: null,
      };
      data.issues.push(issue);
      return send(res, 201, issueJson(issue));
    }
    if (method === 'GET' && (m = /^\/issues\/(\d+)$/.exec(rest))) {
      const issue = data.issues.find((i) => i.repo === repo.full_name && i.number === Number(m![1]));
      return issue ? send(res, 200, issueJson(issue)) : send(res, 404, { message: 'Not Found' });
    }
    return send(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
  }

  return {
    url,
    token,
    installationToken,
    requests,
    get data() {
      return data;
    },
    failNext(fault) {
      faults.push({ ...fault });
    },
    updatePullRequest(number, patch, repo) {
      const pr = data.pullRequests.find((p) => p.number === number && (!repo || p.repo === repo));
      if (!pr) throw new Error(`fake GitHub: no pull request #${number}`);
      Object.assign(pr, patch, { updatedAt: new Date(Math.max(Date.now(), Date.parse(pr.updatedAt) + 1000)).toISOString() });
      data.version += 1;
      return pr;
    },
    closeIssue(repo, number, at) {
      const issue = data.issues.find((i) => i.repo === repo && i.number === number);
      if (!issue) throw new Error(`fake GitHub: no issue ${repo}#${number}`);
      issue.state = 'closed';
      issue.closed_at = at ?? new Date().toISOString();
    },
    async deliver(target, event, payload, secret, deliveryId) {
      const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
      const r = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'GitHub-Hookshot/fake',
          'x-github-event': event,
          'x-github-delivery': deliveryId ?? crypto.randomUUID(),
          'x-hub-signature-256': signatureOf(secret, body),
        },
        body,
      });
      return { status: r.status, body: await r.text() };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
