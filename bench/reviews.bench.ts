import { fileURLToPath } from 'node:url';
import { forkBench } from './child.js';
import { load } from './load.js';
import { latencyStats } from './fixtures.js';
import { addDays } from '../shared/dates.js';

/**
 * Review cycles at scale, against the real app in its own process (bench/serve.ts, 1,300 people
 * in 20 teams): launching a cycle for 1,000 participants with 5 reviewers each (self, manager and
 * three peers of the same team = 5,000 requests in one transaction), then the team progress query
 * for that cycle: one read at a time, then 10 connections. `cache` false runs the server with
 * RESPONSE_CACHE=off (every read executes the query); true: repeated reads are cached answers.
 * Run alone with `npx tsx bench/reviews.bench.ts [on|off]` (prints one JSON line).
 */
export type ReviewsBench = {
  cache: boolean;
  participants: number;
  requests: number;
  launchMs: number;
  progressOne: { p50: number; p99: number; max: number; samples: number };
  progressLoad: { p50: number; p99: number; requestsPerSecond: number };
};

const PARTICIPANTS = 1000;
const PEERS = 3;
const PROGRESS =
  'query Progress($id: ID!) { reviewTeamProgress(cycleId: $id) { completion { percent band } teams { team_name completion { done total percent band label } people { user_id full_name late completion { done total percent band label } } } } }';

export async function benchReviews(cache: boolean): Promise<ReviewsBench> {
  const server = forkBench('serve.ts', { USERS: '1300', RESPONSE_CACHE: cache ? 'on' : 'off' });
  try {
    const { url, token } = await server.next<{ url: string; token: string }>('ready');
    const gql = async (query: string, variables: Record<string, unknown> = {}, bearer = token) => {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as { data?: any; errors?: Array<{ message: string }> };
      if (body.errors?.length) throw new Error(`${query.slice(0, 60)}: ${body.errors[0]!.message}`);
      return body.data;
    };

    const people = (await gql('{ organizationUsersFull { id permission_level team { id } } }')).organizationUsersFull as Array<{
      id: string;
      permission_level: string;
      team: { id: string } | null;
    }>;
    const members = people.filter((p) => p.permission_level === 'MEMBER' && p.team);
    const byTeam = new Map<string, string[]>();
    for (const m of members) byTeam.set(m.team!.id, [...(byTeam.get(m.team!.id) ?? []), m.id]);
    const participants = members.slice(0, PARTICIPANTS);
    const template = ((await gql('{ reviewTemplates { id name } }')).reviewTemplates as Array<{ id: string; name: string }>).find(
      (t) => t.name === '360 review',
    )!;
    const reviewEnd = addDays(Date.now(), 30).toISOString();
    const cycle = (
      await gql('mutation($input: ReviewCycleInput!) { createReviewCycle(input: $input) { id participants { id reviewee { id } } } }', {
        input: {
          name: 'Bench 360',
          type: '360',
          template_id: template.id,
          participant_ids: participants.map((p) => p.id),
          team_ids: [],
          review_end: reviewEnd,
          perspectives: ['SELF', 'MANAGER', 'PEER'],
          min_peers: PEERS,
          max_peers: PEERS,
          anonymity_threshold: 3,
        },
      })
    ).createReviewCycle as { id: string; participants: Array<{ id: string; reviewee: { id: string } }> };

    // Three peers of the same team per participant, set by the admin (8 at a time).
    const teamOf = new Map(members.map((m) => [m.id, m.team!.id]));
    const queue = [...cycle.participants];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let p = queue.shift(); p; p = queue.shift()) {
          const mates = byTeam.get(teamOf.get(p.reviewee.id)!)!.filter((id) => id !== p.reviewee.id);
          const start = mates.length ? p.id.charCodeAt(p.id.length - 1) % mates.length : 0;
          const peers = Array.from({ length: PEERS }, (_, i) => mates[(start + i) % mates.length]!);
          await gql('mutation($p: ID!, $r: [ID!]!) { changeNominations(participantId: $p, reviewerIds: $r) { id } }', { p: p.id, r: peers });
        }
      }),
    );

    const started = performance.now();
    const launched = (await gql('mutation($id: ID!) { launchReviewCycle(id: $id) { status request_count } }', { id: cycle.id })).launchReviewCycle as {
      status: string;
      request_count: number;
    };
    const launchMs = Math.round(performance.now() - started);
    if (launched.status !== 'ACTIVE') throw new Error(`launch left the cycle ${launched.status}`);
    await new Promise((r) => setTimeout(r, 3000)); // let the launch notifications go out first

    const times: number[] = [];
    for (let i = 0; i < 103; i++) {
      const t = performance.now();
      await gql(PROGRESS, { id: cycle.id });
      if (i >= 3) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
    const loaded = await load({
      url: `${url}/graphql`,
      method: 'POST',
      headers,
      body: JSON.stringify({ query: PROGRESS, variables: { id: cycle.id } }),
      duration: 5,
    });
    return {
      cache,
      participants: cycle.participants.length,
      requests: launched.request_count,
      launchMs,
      progressOne: latencyStats(times),
      progressLoad: { p50: loaded.p50, p99: loaded.p99, requestsPerSecond: loaded.requestsPerSecond },
    };
  } finally {
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  benchReviews(process.argv[2] !== 'off').then(
    (r) => {
      console.log(JSON.stringify(r));
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
