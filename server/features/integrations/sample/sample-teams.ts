import { WEEK_MS } from '../../../../shared/dates.days.js';
/**
 * The sample data set's four made-up teams (docs/decisions/0064): each with its own repository, Jira
 * project, six people and a way of working (how many pull requests a week, how fast they are picked up
 * and reviewed, how big they are, how often the team deploys, how often a deployment causes an
 * incident). The sample is generated from these, week by week, relative to the moment it is read
 * (sample-code.ts, sample-issues.ts); the hand-checked synthetic dataset (synthetic-dataset.ts) is a
 * different thing, kept for the metric and adapter tests.
 */
export type SampleTeamKey = 'platform' | 'web' | 'mobile' | 'data';

export type SamplePersonSpec = { login: string; name: string; githubId: number; jiraAccountId: string; email: string };

export type SampleTeam = {
  key: SampleTeamKey;
  /** What a team of the organization is called when the sample goes to it by name (the demo's teams). */
  name: string;
  repo: string;
  project: { key: string; id: string; name: string };
  /** The first is the tech lead (reviews more, writes less). */
  people: SamplePersonSpec[];
  prsPerWeek: number;
  /** Medians, in hours. */
  pickupHours: number;
  reviewHours: number;
  /** Median lines changed. */
  sizeLines: number;
  /** Weekdays (0 = Monday) with a production deployment. */
  deployDays: number[];
  /** Chance that a production deployment causes an incident. */
  incidentRate: number;
  storiesPerSprint: number;
};

export const SAMPLE_OWNER = 'acme';
export const SAMPLE_BOT = { githubId: 9001, login: 'ci-bot[bot]' } as const;

const person = (login: string, name: string, n: number): SamplePersonSpec => ({
  login,
  name,
  githubId: 2000 + n,
  jiraAccountId: `sample-${login}`,
  email: `${login}@acme.test`,
});

export const SAMPLE_TEAMS: SampleTeam[] = [
  {
    key: 'platform',
    name: 'Platform',
    repo: 'platform-api',
    project: { key: 'PLAT', id: '10100', name: 'Platform' },
    people: [
      person('alice', 'Alice Archer', 1),
      person('bob', 'Bob Baker', 2),
      person('carol', 'Carol Chen', 3),
      person('farid', 'Farid Haddad', 4),
      person('greta', 'Greta Lind', 5),
      person('hugo', 'Hugo Moreau', 6),
    ],
    prsPerWeek: 6,
    pickupHours: 3,
    reviewHours: 5,
    sizeLines: 140,
    deployDays: [0, 1, 2, 3, 4],
    incidentRate: 0.05,
    storiesPerSprint: 9,
  },
  {
    key: 'web',
    name: 'Web',
    repo: 'web-app',
    project: { key: 'WEB', id: '10200', name: 'Web' },
    people: [
      person('dave', 'Dave Diaz', 7),
      person('erin', 'Erin Evans', 8),
      person('ines', 'Ines Ortega', 9),
      person('jonas', 'Jonas Weber', 10),
      person('kira', 'Kira Sato', 11),
      person('liam', 'Liam Byrne', 12),
    ],
    prsPerWeek: 8,
    pickupHours: 2,
    reviewHours: 3,
    sizeLines: 70,
    deployDays: [0, 2, 4],
    incidentRate: 0.06,
    storiesPerSprint: 11,
  },
  {
    key: 'mobile',
    name: 'Mobile',
    repo: 'mobile-app',
    project: { key: 'MOB', id: '10300', name: 'Mobile' },
    people: [
      person('maya', 'Maya Patel', 13),
      person('nils', 'Nils Berg', 14),
      person('olga', 'Olga Ivanova', 15),
      person('pedro', 'Pedro Alves', 16),
      person('quinn', 'Quinn Taylor', 17),
      person('rosa', 'Rosa Klein', 18),
    ],
    prsPerWeek: 4,
    pickupHours: 7,
    reviewHours: 12,
    sizeLines: 230,
    deployDays: [3],
    incidentRate: 0.12,
    storiesPerSprint: 7,
  },
  {
    key: 'data',
    name: 'Data',
    repo: 'data-pipeline',
    project: { key: 'DATA', id: '10400', name: 'Data' },
    people: [
      person('sami', 'Sami Nieminen', 19),
      person('tara', 'Tara Singh', 20),
      person('umar', 'Umar Farouk', 21),
      person('vera', 'Vera Novak', 22),
      person('wen', 'Wen Li', 23),
      person('yusuf', 'Yusuf Demir', 24),
    ],
    prsPerWeek: 5,
    pickupHours: 5,
    reviewHours: 7,
    sizeLines: 160,
    deployDays: [1, 3],
    incidentRate: 0.1,
    storiesPerSprint: 8,
  },
];

export const SAMPLE_PEOPLE: SamplePersonSpec[] = SAMPLE_TEAMS.flatMap((t) => t.people);
export const sampleRepoName = (team: SampleTeam) => `${SAMPLE_OWNER}/${team.repo}`;

export const HOUR = 3_600_000;
/** Monday 1970-01-05 00:00 UTC: week 0 of the sample's calendar. */
const FIRST_MONDAY = Date.UTC(1970, 0, 5);
/** The week the sample's numbering starts from (pull request and issue numbers grow from it). */
export const BASE_WEEK = Math.floor((Date.UTC(2020, 0, 6) - FIRST_MONDAY) / WEEK_MS);
/** How many weeks before the current one the sample holds. */
export const SAMPLE_WEEKS = 26;

export const weekOf = (ms: number) => Math.floor((ms - FIRST_MONDAY) / WEEK_MS);
export const weekStart = (week: number) => FIRST_MONDAY + week * WEEK_MS;
export const isoAt = (ms: number) => new Date(Math.round(ms / 1000) * 1000).toISOString();

/** A small deterministic generator (mulberry32) seeded by a text: the same week of the same team is the same whenever it is read. */
export function randomOf(seed: string): Random {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p) => next() < p,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)]!,
    // A log-normal spread around a median: most values near it, a few much longer (as review waits are).
    around: (median, spread = 0.8) => median * Math.exp(spread * gaussian(next)),
  };
}

export type Random = {
  next(): number;
  chance(p: number): boolean;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  around(median: number, spread?: number): number;
};

function gaussian(next: () => number): number {
  const u = Math.max(next(), 1e-9);
  const v = next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
