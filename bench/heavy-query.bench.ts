import { pathToFileURL } from 'node:url';
import { forkBench, type Child } from './child.js';
import { load, type LoadResult } from './load.js';

/**
 * The heaviest query the cost limit allows (docs/decisions/0043): organizationUsersFull over
 * the 5,000 people of bench/serve.ts with the admin table's fields and its relations one
 * level deeper, priced just under QUERY_COST_LIMIT (one more field is refused; checked
 * below). Each run carries a new comment so neither the response cache nor the
 * parse/validation cache answers: every run executes in full, as an attacker's would.
 */
const HEAVY_FIELDS = `id full_name email phone_number slack_id slack_team_id time_zone role location bio status permission_level
  last_password_update created_at last_login deleted_at email_verified github_user bitbucket_account_id azure_boards_user_id
  azure_email jira_account_id notifications excluded_review_automation invited_at profile_picture { id }
  manager { id full_name email role status team { id name } } team { id name status manager { id full_name } }
  subdepartment { id title department { id name } }`;
const heavyQuery = (n: number, extra = '') => `query Heavy { organizationUsersFull { ${HEAVY_FIELDS} ${extra} } } # run ${n}`;
const ONE = JSON.stringify({ query: '{ findOneUser { id full_name email role status permission_level time_zone location created_at } }' });

export type HeavyBench = {
  /** findOneUser alone, then while the heavy query runs in a loop on another connection. */
  alone: LoadResult;
  during: LoadResult;
  heavyRuns: number;
  heavyMedianMs: number;
  heavyBytes: number;
  /** The code the same query with one more field gets. */
  overCode: string;
};

async function post(url: string, token: string, body: string): Promise<{ ms: number; status: number; text: string }> {
  const t = performance.now();
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body });
  const text = await res.text();
  return { ms: performance.now() - t, status: res.status, text };
}

export async function benchHeavyQuery(ready: { url: string; token: string }, seconds = 10): Promise<HeavyBench> {
  const { url, token } = ready;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  let n = 0;
  const first = await post(url, token, JSON.stringify({ query: heavyQuery(n++) }));
  if (first.status !== 200 || first.text.includes('"errors"')) throw new Error(`the heavy query was not answered: ${first.text.slice(0, 300)}`);
  const over = await post(url, token, JSON.stringify({ query: heavyQuery(n++, 'user_reviews_reviewee') }));
  const overCode = (JSON.parse(over.text) as { errors?: Array<{ extensions?: { code?: string } }> }).errors?.[0]?.extensions?.code ?? 'answered';

  await load({ url: `${url}/graphql`, method: 'POST', headers, body: ONE, connections: 2, duration: 2 });
  const alone = await load({ url: `${url}/graphql`, method: 'POST', headers, body: ONE, connections: 2, duration: seconds });

  let running = true;
  const times: number[] = [];
  const heavyLoop = (async () => {
    while (running) {
      const r = await post(url, token, JSON.stringify({ query: heavyQuery(n++) }));
      if (r.status !== 200) throw new Error(`heavy query failed: ${r.text.slice(0, 300)}`);
      times.push(r.ms);
    }
  })();
  await new Promise((r) => setTimeout(r, 500));
  const during = await load({ url: `${url}/graphql`, method: 'POST', headers, body: ONE, connections: 2, duration: seconds });
  running = false;
  await heavyLoop;
  times.sort((a, b) => a - b);
  return {
    alone,
    during,
    heavyRuns: times.length,
    heavyMedianMs: Math.round(times[Math.floor(times.length / 2)] ?? NaN),
    heavyBytes: first.text.length,
    overCode,
  };
}

/** `npx tsx bench/heavy-query.bench.ts`: this bench alone, against its own server. */
async function main(): Promise<void> {
  const server: Child = forkBench('serve.ts', { USERS: '5000' });
  const ready = await server.next<{ url: string; token: string }>('ready');
  try {
    console.log(JSON.stringify(await benchHeavyQuery(ready)));
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
