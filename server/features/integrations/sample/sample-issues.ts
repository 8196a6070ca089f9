import type { AccountInput, IssueInput, IssueTransitionInput, SprintInput } from '../integrations.provider.js';
import { sampleDeployments } from './sample-code.js';
import { BASE_WEEK, HOUR, isoAt, randomOf, weekOf, weekStart, type SamplePersonSpec, type SampleTeam } from './sample-teams.js';
import { DAY_MS } from '../../../../shared/dates.days.js';

/**
 * A sample team's Jira project (docs/decisions/0064): two-week sprints starting on Mondays, stories
 * with points (some added after the sprint started, some carried into the next one), a few bugs, and
 * incidents that follow the team's production deployments. Drawn per sprint from its own seed and
 * cut at `now`, as the pull requests are (sample-code.ts). Issues have no web page outside Teamlens.
 */
type Status = 'To Do' | 'In Progress' | 'In Review' | 'Done';
const CATEGORY = { 'To Do': 'TODO', 'In Progress': 'IN_PROGRESS', 'In Review': 'IN_PROGRESS', Done: 'DONE' } as const;
const POINTS = [1, 2, 2, 3, 3, 3, 5, 5, 8];
const STORIES = ['Customers can {x}', 'Admins can {x}', 'Measure how often people {x}', 'Make it faster to {x}', 'Explain in the UI how to {x}'];
const ACTIONS = [
  'export invoices',
  'reset their password',
  'filter by date',
  'undo a change',
  'share a report',
  'pick a language',
  'see their history',
  'archive old items',
];
const BUGS = [
  'Wrong total after a refund',
  'Timeout on large exports',
  'Date shown in the wrong time zone',
  'Crash when the list is empty',
  'Duplicate e-mails sent',
];
const INCIDENTS = ['Errors after deploy', 'Latency spike', 'Jobs stuck in the queue', 'Login failures'];

export const jiraSampleAccount = (p: SamplePersonSpec): AccountInput => ({
  externalId: p.jiraAccountId,
  login: null,
  displayName: p.name,
  email: p.email,
  isBot: false,
});

const sprintOf = (week: number) => Math.floor((week - BASE_WEEK) / 2);
const sprintStart = (sprint: number) => weekStart(BASE_WEEK + sprint * 2) + 9 * HOUR;
/** Friday 17:00 of the sprint's second week. */
const sprintEndAt = (sprint: number) => sprintStart(sprint) + 11 * DAY_MS + 8 * HOUR;

type Drawn = {
  n: number;
  type: 'Story' | 'Bug' | 'Incident';
  title: string;
  points: number | null;
  assignee: SamplePersonSpec;
  createdAt: number;
  steps: Array<{ at: number; to: Status }>;
  sprints: Array<{ sprint: number; addedAt: number }>;
};

function issueInput(team: SampleTeam, d: Drawn, now: number): IssueInput | null {
  if (d.createdAt > now) return null;
  const id = String(Number(team.project.id) * 100_000 + d.n);
  let from: Status | null = null;
  const transitions: IssueTransitionInput[] = d.steps
    .filter((s) => s.at <= now)
    .map((s, i) => {
      const t = {
        externalId: `${id}-${i + 1}`,
        at: isoAt(s.at),
        fromStatus: from,
        toStatus: s.to,
        fromCategory: from ? CATEGORY[from] : null,
        toCategory: CATEGORY[s.to],
      };
      from = s.to;
      return t;
    });
  const last = transitions.at(-1);
  const status = (last?.toStatus as Status | undefined) ?? 'To Do';
  return {
    externalId: id,
    key: `${team.project.key}-${d.n}`,
    title: d.title,
    url: null,
    issueType: d.type,
    status,
    statusCategory: CATEGORY[status],
    storyPoints: d.points,
    assignee: jiraSampleAccount(d.assignee),
    createdAt: isoAt(d.createdAt),
    updatedAt: last?.at ?? isoAt(d.createdAt),
    resolvedAt: status === 'Done' && last ? last.at : null,
    transitions,
    sprints: d.sprints
      .filter((s) => s.addedAt <= now)
      .map((s) => ({ sprintExternalId: `${team.project.id}-${s.sprint}`, addedAt: isoAt(s.addedAt), removedAt: null })),
  };
}

/** A piece of work that starts at `start` and takes about `days`: in progress, in review, done. */
function worked(r: ReturnType<typeof randomOf>, start: number, days: number, review = true): Array<{ at: number; to: Status }> {
  const done = start + Math.max(0.15, r.around(days, 0.5)) * DAY_MS;
  const steps: Array<{ at: number; to: Status }> = [{ at: start, to: 'In Progress' }];
  if (review) steps.push({ at: start + (done - start) * 0.7, to: 'In Review' });
  steps.push({ at: done, to: 'Done' });
  return steps;
}

function drawSprint(team: SampleTeam, sprint: number): Drawn[] {
  const r = randomOf(`${team.key}:sprint:${sprint}`);
  const start = sprintStart(sprint);
  const end = sprintEndAt(sprint);
  const out: Drawn[] = [];
  const stories = Math.max(3, team.storiesPerSprint + r.int(-2, 2));
  for (let i = 0; i < stories; i++) {
    const committed = r.chance(0.85);
    const addedAt = committed ? start - HOUR : start + r.int(1, 7) * DAY_MS;
    const points = r.pick(POINTS);
    const begin = Math.max(addedAt, start) + r.around(2, 0.7) * DAY_MS;
    const steps = worked(r, begin, points * 0.8 + 0.5);
    const sprints = [{ sprint, addedAt }];
    // Not done by the sprint's end: carried into the next sprint, where it was committed again.
    if (steps.at(-1)!.at > end) sprints.push({ sprint: sprint + 1, addedAt: sprintStart(sprint + 1) - HOUR });
    const title = r.pick(STORIES).replace('{x}', r.pick(ACTIONS));
    out.push({
      n: sprint * 20 + i + 1,
      type: 'Story',
      title,
      points,
      assignee: r.pick(team.people),
      createdAt: Math.min(addedAt, start) - r.around(6, 0.6) * DAY_MS,
      steps,
      sprints,
    });
  }
  for (let i = 0; i < r.int(1, 2); i++) {
    const createdAt = start + r.int(1, 9) * DAY_MS + r.int(9, 16) * HOUR;
    out.push({
      n: sprint * 20 + 14 + i,
      type: 'Bug',
      title: r.pick(BUGS),
      points: null,
      assignee: r.pick(team.people),
      createdAt,
      steps: worked(r, createdAt + r.around(8, 0.6) * HOUR, 1.2),
      sprints: [],
    });
  }
  // Incidents follow production deployments of the sprint's two weeks.
  const deployments = [0, 1]
    .flatMap((w) => sampleDeployments(team, BASE_WEEK + sprint * 2 + w, Number.POSITIVE_INFINITY))
    .filter((d) => d.environment === 'production' && d.result === 'SUCCESS');
  let j = 0;
  for (const d of deployments) {
    if (j >= 4 || !r.chance(team.incidentRate)) continue;
    const createdAt = d.at + r.around(2, 0.6) * HOUR;
    const steps: Array<{ at: number; to: Status }> = [
      { at: createdAt + 0.3 * HOUR, to: 'In Progress' },
      { at: createdAt + 0.3 * HOUR + r.around(3, 0.8) * HOUR, to: 'Done' },
    ];
    out.push({
      n: sprint * 20 + 16 + j,
      type: 'Incident',
      title: r.pick(INCIDENTS),
      points: null,
      assignee: r.pick(team.people),
      createdAt,
      steps,
      sprints: [],
    });
    j += 1;
  }
  return out;
}

/** The sprints whose weeks the sample holds at `now` (the one under way included), as Jira names them. */
export function sampleSprints(team: SampleTeam, weeks: readonly number[], now: number): SprintInput[] {
  const out: SprintInput[] = [];
  for (let s = sprintOf(weeks[0]!); s <= sprintOf(weekOf(now)); s++) {
    const start = sprintStart(s);
    const end = sprintEndAt(s);
    if (start > now) continue;
    const closed = end <= now;
    out.push({
      externalId: `${team.project.id}-${s}`,
      name: `${team.project.key} Sprint ${s - 100}`,
      state: closed ? 'closed' : 'active',
      startAt: isoAt(start),
      endAt: isoAt(end),
      completeAt: closed ? isoAt(end) : null,
    });
  }
  return out;
}

/** The project's issues of those sprints, as they stood at `now`. */
export function sampleIssues(team: SampleTeam, weeks: readonly number[], now: number): IssueInput[] {
  const out: IssueInput[] = [];
  for (let s = sprintOf(weeks[0]!); s <= sprintOf(weekOf(now)); s++) {
    for (const d of drawSprint(team, s)) {
      const issue = issueInput(team, d, now);
      if (issue) out.push(issue);
    }
  }
  return out;
}
