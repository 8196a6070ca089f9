import { load, type LoadResult } from './load.js';
import type { Child } from './child.js';

const FULL_FIELDS = `id full_name email phone_number slack_id slack_team_id time_zone role location bio status permission_level
  last_password_update created_at last_login deleted_at email_verified github_user bitbucket_account_id azure_boards_user_id
  azure_email jira_account_id notifications excluded_review_automation manager { id full_name } team { id name } subdepartment { id title }`;
/** What the admin users table asks of every person (client/features/admin-users/admin-users.api.ts). */
export const ADMIN_TABLE_FIELDS = 'id full_name email role status permission_level last_login deleted_at team { id name } azure_email invited_at';

export type HttpBench = { plain: LoadResult; graphql: LoadResult; ratio: number; full: LoadResult; table: LoadResult; fullBytes: number };

/**
 * findOneUser over HTTP vs a plain Fastify route returning the same row, then
 * organizationUsersFull over 5,000 users: every field under load (10 connections), and the admin
 * table's fields on one connection. Against a server with the response cache these are repeated
 * (cached) answers; with RESPONSE_CACHE=off every request executes the query.
 */
export async function benchHttp(server: Child, ready: { url: string; plainUrl: string; token: string }): Promise<HttpBench> {
  const { url, plainUrl, token } = ready;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
  const one = JSON.stringify({ query: '{ findOneUser { id full_name email role status permission_level time_zone location created_at } }' });
  const full = JSON.stringify({ query: `{ organizationUsersFull { ${FULL_FIELDS} } }` });
  const table = JSON.stringify({ query: `{ organizationUsersFull { ${ADMIN_TABLE_FIELDS} } }` });

  // Alternate the two routes over three rounds and keep the median round: on a shared
  // 2-core machine a single pair of runs swings by ±30%.
  await load({ url: plainUrl, duration: 2 });
  await load({ url: `${url}/graphql`, method: 'POST', headers, body: one, duration: 2 });
  const rounds: Array<{ plain: LoadResult; graphql: LoadResult; ratio: number }> = [];
  for (let i = 0; i < 3; i++) {
    const p = await load({ url: plainUrl, duration: 4 });
    const g = await load({ url: `${url}/graphql`, method: 'POST', headers, body: one, duration: 4 });
    rounds.push({ plain: p, graphql: g, ratio: g.requestsPerSecond / p.requestsPerSecond });
  }
  rounds.sort((a, b) => a.ratio - b.ratio);
  const { plain, graphql } = rounds[1]!;

  const fullBytes = (
    await (await fetch(`${url}/graphql`, { method: 'POST', headers: { ...headers, 'accept-encoding': 'identity' }, body: full })).arrayBuffer()
  ).byteLength;
  await load({ url: `${url}/graphql`, method: 'POST', headers, body: full, duration: 2 });
  const fullLoad = await load({ url: `${url}/graphql`, method: 'POST', headers, body: full, duration: 8 });
  await load({ url: `${url}/graphql`, method: 'POST', headers, body: table, duration: 2, connections: 1 });
  const tableLoad = await load({ url: `${url}/graphql`, method: 'POST', headers, body: table, duration: 6, connections: 1 });
  void server;
  return { plain, graphql, ratio: graphql.requestsPerSecond / plain.requestsPerSecond, full: fullLoad, table: tableLoad, fullBytes };
}
