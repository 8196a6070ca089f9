import type { AccountInput, DeploymentInput, PrEventInput, PullRequestInput } from '../integrations.provider.js';
import {
  BASE_WEEK,
  HOUR,
  SAMPLE_BOT,
  SAMPLE_WEEKS,
  isoAt,
  randomOf,
  sampleRepoName,
  weekOf,
  weekStart,
  type SamplePersonSpec,
  type SampleTeam,
} from './sample-teams.js';
import { DAY_MS } from '../../../../shared/dates.days.js';

/**
 * A sample team's pull requests and deployments (docs/decisions/0064), generated week by week for
 * the SAMPLE_WEEKS before `now` and cut at `now`: what would have happened after it is not there yet
 * (a pull request whose merge falls later is still open; a draft not yet ready is a draft). Each week
 * is drawn from its own seed, so reading the sample again in the same week writes the same records
 * (upserts change nothing), and a week later adds that week and moves open work on, as a real
 * service would. Pull requests have no web page: the sample's links stay inside Teamlens.
 */
export const githubSampleAccount = (p: SamplePersonSpec): AccountInput => ({
  externalId: String(p.githubId),
  login: p.login,
  displayName: p.name,
  email: null,
  isBot: false,
});
const BOT_ACCOUNT: AccountInput = { externalId: String(SAMPLE_BOT.githubId), login: SAMPLE_BOT.login, displayName: SAMPLE_BOT.login, email: null, isBot: true };

const TITLES = [
  'Paginate the {x} endpoint',
  'Cache {x} lookups',
  'Retry failed {x} jobs',
  'Add metrics to {x}',
  'Fix flaky {x} test',
  'Split the {x} module',
  'Upgrade {x} dependencies',
  'Validate {x} input',
  'Speed up {x} queries',
  'Log {x} errors with context',
  'Remove the old {x} flag',
  'Document {x}',
];
const THINGS: Record<SampleTeam['key'], string[]> = {
  platform: ['orders', 'billing', 'auth', 'rate limiter', 'webhook', 'invoice'],
  web: ['checkout', 'search page', 'settings form', 'navigation', 'cart', 'onboarding'],
  mobile: ['push notification', 'offline sync', 'login screen', 'image upload', 'deep link', 'release'],
  data: ['ingest', 'nightly export', 'warehouse', 'dedup', 'schema migration', 'dashboard'],
};

type Draft = PullRequestInput & { events: PrEventInput[] };

/** One pull request's whole life as drawn; `cut` then keeps what happened by `now`. */
function drawPullRequest(team: SampleTeam, week: number, index: number): Draft {
  const r = randomOf(`${team.key}:pr:${week}:${index}`);
  const people = team.people;
  // The lead writes less: the other five author most pull requests.
  const author = r.chance(0.1) ? people[0]! : people[r.int(1, people.length - 1)]!;
  const others = people.filter((p) => p !== author);
  const reviewer = r.chance(0.45) ? (people[0] === author ? others[0]! : people[0]!) : r.pick(others);
  const created = weekStart(week) + r.int(0, 4) * DAY_MS + r.int(8, 17) * HOUR + r.int(0, 59) * 60_000;
  const number = (week - BASE_WEEK) * 16 + index + 1;
  const repo = sampleRepoName(team);
  const events: PrEventInput[] = [];
  const who = githubSampleAccount(author);
  const commit = (at: number, i: number) => events.push({ externalId: `s${team.key}${number}c${i}`, kind: 'COMMIT', at: isoAt(at), actor: who });
  commit(created - r.around(10, 1) * HOUR, 0);
  const draft = r.chance(0.12);
  const ready = draft ? created + r.around(20, 0.7) * HOUR : created;
  if (draft) events.push({ externalId: `ready${number}`, kind: 'READY_FOR_REVIEW', at: isoAt(ready), actor: who });
  events.push({ externalId: `rr${number}`, kind: 'REVIEW_REQUESTED', at: isoAt(ready), actor: who, target: githubSampleAccount(reviewer) });
  if (r.chance(0.3)) events.push({ externalId: `bot${number}`, kind: 'COMMENT', at: isoAt(created + 4 * 60_000), actor: BOT_ACCOUNT });
  const additions = Math.max(1, Math.round(r.around(team.sizeLines * 0.7, 1)));
  const deletions = Math.max(0, Math.round(additions * r.next() * 0.5));
  const closedUnmerged = r.chance(0.06);
  const unreviewed = !closedUnmerged && additions < 40 && r.chance(0.3);
  let end = ready + r.around(3, 0.8) * HOUR;
  if (!closedUnmerged && !unreviewed) {
    const reviewer2 = githubSampleAccount(reviewer);
    // Now and then a pull request waits days for its first review (it is still open at the end of a week).
    const firstReview = ready + r.around(team.pickupHours * (r.chance(0.15) ? 20 : 1), 0.9) * HOUR;
    let at = firstReview;
    if (r.chance(0.35)) {
      events.push({ externalId: `r${number}-1`, kind: 'REVIEW', at: isoAt(at), actor: reviewer2, state: 'CHANGES_REQUESTED' });
      at += r.around(team.reviewHours * 0.6, 0.6) * HOUR;
      commit(at, 1);
      events.push({ externalId: `c${number}-1`, kind: 'COMMENT', at: isoAt(at + 10 * 60_000), actor: who });
      at += r.around(team.reviewHours * 0.4, 0.6) * HOUR;
    } else if (r.chance(0.4)) {
      events.push({ externalId: `r${number}-1`, kind: 'REVIEW', at: isoAt(at), actor: reviewer2, state: 'COMMENTED' });
      at += r.around(team.reviewHours * 0.5, 0.7) * HOUR;
    } else {
      at += r.around(team.reviewHours * 0.3, 0.7) * HOUR;
    }
    events.push({ externalId: `r${number}-2`, kind: 'REVIEW', at: isoAt(at), actor: reviewer2, state: 'APPROVED' });
    end = at + r.around(1.5, 0.8) * HOUR;
  }
  if (closedUnmerged) end = created + r.around(60, 0.5) * HOUR;
  const title = r.pick(TITLES).replace('{x}', r.pick(THINGS[team.key]));
  return {
    externalId: `${repo}#${number}`,
    number,
    title,
    url: null,
    state: closedUnmerged ? 'CLOSED' : 'MERGED',
    isDraft: false,
    author: who,
    baseRef: 'main',
    mergeCommitSha: null,
    additions,
    deletions,
    createdAt: isoAt(created),
    updatedAt: isoAt(end),
    mergedAt: closedUnmerged ? null : isoAt(end),
    closedAt: isoAt(end),
    events,
  };
}

/** What of a pull request had happened by `now`; null when it was not opened yet. */
function cut(pr: Draft, now: number): PullRequestInput | null {
  if (Date.parse(pr.createdAt) > now) return null;
  const events = pr.events.filter((e) => Date.parse(e.at) <= now);
  const ended = Date.parse(pr.closedAt!) <= now;
  const ready = pr.events.find((e) => e.kind === 'READY_FOR_REVIEW');
  const instants = [pr.createdAt, ...events.map((e) => e.at), ...(ended ? [pr.closedAt!] : [])].sort();
  return {
    ...pr,
    events,
    state: ended ? pr.state : 'OPEN',
    isDraft: !!ready && Date.parse(ready.at) > now,
    mergedAt: ended ? pr.mergedAt : null,
    closedAt: ended ? pr.closedAt : null,
    updatedAt: instants.at(-1)!,
  };
}

/** The team's pull requests opened in `week`, as they stood at `now`. */
export function samplePullRequests(team: SampleTeam, week: number, now: number): PullRequestInput[] {
  const r = randomOf(`${team.key}:week:${week}`);
  const count = Math.max(1, Math.round(team.prsPerWeek * (0.7 + r.next() * 0.6)));
  const out: PullRequestInput[] = [];
  for (let i = 0; i < count; i++) {
    const pr = cut(drawPullRequest(team, week, i), now);
    if (pr) out.push(pr);
  }
  return out;
}

export type SampleDeployment = DeploymentInput & { at: number };

/** The team's deployments in `week` by `now`: production on its deploy days (some fail), now and then one to staging. */
export function sampleDeployments(team: SampleTeam, week: number, now: number): SampleDeployment[] {
  const out: SampleDeployment[] = [];
  for (let day = 0; day < 5; day++) {
    const r = randomOf(`${team.key}:deploy:${week}:${day}`);
    const at = weekStart(week) + day * DAY_MS + r.int(13, 17) * HOUR + r.int(0, 59) * 60_000;
    if (at > now) continue;
    if (team.deployDays.includes(day)) {
      out.push({
        externalId: `${team.key}-${week}-${day}`,
        environment: 'production',
        result: r.chance(0.05) ? 'FAILURE' : 'SUCCESS',
        sha: null,
        startedAt: isoAt(at - 8 * 60_000),
        finishedAt: isoAt(at),
        at,
      });
    }
    if (r.chance(0.2))
      out.push({
        externalId: `${team.key}-${week}-${day}-staging`,
        environment: 'staging',
        result: 'SUCCESS',
        sha: null,
        startedAt: null,
        finishedAt: isoAt(at - 2 * HOUR),
        at: at - 2 * HOUR,
      });
  }
  return out;
}

/** The weeks the sample holds at `now`, oldest first. */
export function sampleWeeks(now: number): number[] {
  const current = weekOf(now);
  return Array.from({ length: SAMPLE_WEEKS + 1 }, (_, i) => current - SAMPLE_WEEKS + i);
}
