import { eq } from 'drizzle-orm';
import type { GoalStatus, GoalVisibility, KeyResultKind } from '../../../shared/goals.js';
import type { Db } from '../../db/connection.js';
import type { Services } from '../../services.js';
import { newId } from '../../lib/tokens.js';
import { goalCheckIns, goalCheckInValues, goalKeyResults, goals } from './goals.tables.js';
import { recomputeGoalProgress } from './goals.progress.repo.js';
import { registerDemoRows } from '../demo/demo.repo.js';
import { DEMO_TEAMS, type DemoPeople } from '../demo/demo.seed.js';

import { DAY_MS } from '../../../shared/dates.days.js';
import { dayOf } from '../../../shared/dates.js';
const iso = (t: number) => new Date(t).toISOString();

/** [title, kind, start, target, value reached by the last check-in, currency?] */
type Kr = [string, KeyResultKind, number, number, number, string?];
type GoalSpec = { title: string; description?: string; krs?: Kr[]; status?: GoalStatus; visibility?: GoalVisibility };
type Personal = GoalSpec & { owner: string; team_goal: number; check_ins: Array<[number, string, number, GoalStatus?]> };

const COMPANY: readonly GoalSpec[] = [
  { title: 'Delight our customers with a faster, more reliable product', description: 'The product is fast and dependable everywhere our customers use it.' },
  {
    title: 'Grow annual recurring revenue to 12 million',
    description: 'Through the self-serve plan and the first enterprise customers.',
    krs: [['Annual recurring revenue', 'CURRENCY', 8_000_000, 12_000_000, 9_400_000, 'EUR']],
  },
  { title: 'Build a team people love to work in', description: 'Growth paths, feedback and a sustainable pace.' },
];

/** Per team: two goals aligned under a company goal (by index). */
const TEAM: Record<string, ReadonlyArray<GoalSpec & { company: number }>> = {
  Platform: [
    {
      company: 0,
      title: 'Reach 99.95% availability for the API',
      krs: [
        ['Monthly availability', 'PERCENTAGE', 99.5, 99.95, 99.8],
        ['Pages per on-call week', 'NUMBER', 12, 3, 6],
      ],
    },
    { company: 2, title: 'Make on-call sustainable', krs: [['On-call rota of 6 people', 'BINARY', 0, 1, 1]] },
  ],
  Web: [
    { company: 0, title: 'Halve the dashboard’s load time', krs: [['p75 load time in ms', 'NUMBER', 2400, 1200, 1700]] },
    {
      company: 1,
      title: 'Launch the self-serve plan',
      krs: [
        ['Checkout live', 'BINARY', 0, 1, 0],
        ['Self-serve revenue', 'CURRENCY', 0, 400_000, 90_000, 'EUR'],
      ],
      status: 'AT_RISK',
    },
  ],
  Mobile: [
    { company: 0, title: 'Crash-free sessions above 99.8%', krs: [['Crash-free sessions', 'PERCENTAGE', 98.9, 99.8, 99.5]] },
    { company: 1, title: 'Ship offline mode to every customer', krs: [['Customers with offline mode', 'PERCENTAGE', 0, 100, 35]] },
  ],
  Data: [
    { company: 1, title: 'Usage insights for enterprise accounts', krs: [['Enterprise accounts using the insights', 'NUMBER', 0, 20, 8]] },
    { company: 2, title: 'Share what we know: one internal talk a month', krs: [['Talks given', 'NUMBER', 0, 6, 3]] },
  ],
};

/** Personal goals aligned under their team's goals, each with check-ins: [days ago, comment, confidence, status]. */
const PERSONAL: readonly Personal[] = [
  {
    owner: 'Linus Torvalds',
    team_goal: 0,
    title: 'Remove the single points of failure in the API path',
    krs: [
      ['Services with a failover', 'NUMBER', 2, 8, 6],
      ['Failover drill passed', 'BINARY', 0, 1, 1],
    ],
    check_ins: [
      [21, 'Two more services behind the load balancer.', 4],
      [14, 'Database failover tested in staging.', 4],
      [6, 'Drill passed in production; two services left.', 5],
    ],
  },
  {
    owner: 'Margaret Hamilton',
    team_goal: 0,
    title: 'Retry and back-off for every job',
    krs: [['Jobs with retries', 'PERCENTAGE', 20, 100, 75]],
    check_ins: [
      [20, 'Email and export jobs done.', 3],
      [9, 'Reports and imports done; webhooks are next.', 4],
    ],
  },
  {
    owner: 'Ken Thompson',
    team_goal: 1,
    title: 'Write runbooks for the top ten alerts',
    krs: [['Runbooks written', 'NUMBER', 0, 10, 7]],
    check_ins: [
      [18, 'Four runbooks reviewed.', 4],
      [4, 'Seven done, the rest drafted.', 4],
    ],
  },
  {
    owner: 'Brendan Eich',
    team_goal: 0,
    title: 'Split the dashboard bundle',
    krs: [
      ['Entry chunk size in kB', 'NUMBER', 420, 150, 210],
      ['Route-level code splitting', 'BINARY', 0, 1, 1],
    ],
    check_ins: [
      [22, 'Charts moved out of the entry chunk.', 3],
      [12, 'Routes split; vendor chunk next.', 4],
      [3, 'Down to 210 kB.', 4],
    ],
  },
  {
    owner: 'Sophie Wilson',
    team_goal: 1,
    title: 'Build the checkout flow',
    krs: [
      ['Checkout steps built', 'NUMBER', 0, 4, 1],
      ['Payment provider contract signed', 'BINARY', 0, 1, 0],
    ],
    check_ins: [
      [16, 'Plan picker done.', 3],
      [5, 'The provider’s contract is stuck with legal.', 2, 'AT_RISK'],
    ],
    status: 'AT_RISK',
  },
  {
    owner: 'Chris Lattner',
    team_goal: 0,
    title: 'Fix the top crash clusters',
    krs: [['Crash clusters fixed', 'NUMBER', 0, 10, 8]],
    check_ins: [
      [19, 'Three clusters were the same bug.', 4],
      [8, 'Eight fixed.', 5],
    ],
  },
  {
    owner: 'Jean Bartik',
    team_goal: 1,
    title: 'Offline sync for notes and goals',
    krs: [
      ['Offline sync shipped to beta', 'BINARY', 0, 1, 0],
      ['Beta customers', 'NUMBER', 0, 15, 5],
    ],
    check_ins: [
      [15, 'Conflict resolution designed.', 3],
      [2, 'Beta with five customers.', 3],
    ],
  },
  {
    owner: 'Frances Allen',
    team_goal: 0,
    title: 'Usage dashboard for account managers',
    krs: [
      ['Accounts onboarded', 'NUMBER', 0, 20, 8],
      ['Pilot budget spent', 'CURRENCY', 0, 30_000, 12_000, 'EUR'],
    ],
    check_ins: [
      [17, 'First three accounts live.', 4],
      [7, 'Eight accounts; feedback is good.', 4],
    ],
  },
  {
    owner: 'Jim Gray',
    team_goal: 1,
    title: 'Give two internal talks this half',
    krs: [['Talks given', 'NUMBER', 0, 2, 1]],
    visibility: 'EVERYONE',
    check_ins: [[10, 'Talk on transaction isolation given.', 5]],
  },
];

/** The admin's own goals, aligned under a company goal (by index). */
const ADMIN_GOALS: ReadonlyArray<Omit<Personal, 'owner' | 'team_goal'> & { company: number }> = [
  {
    company: 2,
    title: 'Give every engineer a development plan',
    visibility: 'EVERYONE',
    krs: [
      ['People with a development plan', 'PERCENTAGE', 0, 100, 40],
      ['Managers trained on the framework', 'NUMBER', 0, 4, 3],
    ],
    check_ins: [
      [20, 'Framework copied in and everyone placed.', 4],
      [7, 'Two plans written; managers trained on assessments.', 4],
    ],
  },
  {
    company: 1,
    title: 'Hire two enterprise account executives',
    krs: [
      ['Offers accepted', 'NUMBER', 0, 2, 1],
      ['Hiring budget used', 'CURRENCY', 0, 60_000, 25_000, 'EUR'],
    ],
    check_ins: [[12, 'First offer accepted; second role in final interviews.', 3]],
  },
];

/**
 * The goals area of the demo (docs/decisions/0036, 0049): three company goals, two team
 * goals per demo team aligned under them, personal goals aligned under the team goals, key results
 * of all four kinds, and check-ins over the last three weeks with comments and confidence. Stored
 * progress comes from recomputeGoalProgress after each check-in, as the app does it. Every goal is
 * registered (key results and check-ins go with them through ON DELETE CASCADE).
 */
export function seedDemoGoals(services: Services, orgId: string, people: DemoPeople): void {
  const { db, scheduler } = services;
  const now = scheduler.now();
  const who = (name: string) => people.byName.get(name)!;
  const ids: string[] = [];
  const insertGoal = (
    spec: GoalSpec,
    owner: { kind: 'COMPANY' | 'TEAM' | 'PERSON'; user?: string; team?: string },
    parent: string | null,
    createdBy: string,
    startDaysAgo: number,
  ) => {
    const id = newId();
    db.insert(goals)
      .values({
        id,
        organization_id: orgId,
        title: spec.title,
        description: spec.description ?? '',
        owner_kind: owner.kind,
        owner_user_id: owner.user ?? null,
        owner_team_id: owner.team ?? null,
        parent_id: parent,
        start_date: dayOf(now - startDaysAgo * DAY_MS),
        due_date: dayOf(now + 75 * DAY_MS),
        visibility: spec.visibility ?? (owner.kind === 'PERSON' ? 'MANAGER_CHAIN' : 'EVERYONE'),
        status: spec.status ?? 'ON_TRACK',
        created_by: createdBy,
        created_at: iso(now - startDaysAgo * DAY_MS),
        updated_at: iso(now - startDaysAgo * DAY_MS),
      })
      .run();
    const krs = (spec.krs ?? []).map(([title, kind, start, target, reached, currency], position) => {
      const krId = newId();
      db.insert(goalKeyResults)
        .values({
          id: krId,
          organization_id: orgId,
          goal_id: id,
          title,
          kind,
          start_value: start,
          target_value: target,
          current_value: start,
          currency: currency ?? null,
          position,
        })
        .run();
      return { id: krId, start, reached };
    });
    ids.push(id);
    return { id, krs };
  };
  const setValue = (krId: string, value: number) => db.update(goalKeyResults).set({ current_value: value }).where(eq(goalKeyResults.id, krId)).run();
  const progressOf = (id: string) => db.select({ progress: goals.progress }).from(goals).where(eq(goals.id, id)).get()?.progress ?? 0;

  db.transaction(() => {
    const company = COMPANY.map((spec) => insertGoal(spec, { kind: 'COMPANY' }, null, people.adminId, 40));
    const teamGoals = new Map<string, Array<ReturnType<typeof insertGoal>>>();
    for (const [team, specs] of Object.entries(TEAM)) {
      const teamId = people.teamIds.get(team)!;
      const manager = who(teamManager(team));
      teamGoals.set(
        team,
        specs.map((spec) => insertGoal(spec, { kind: 'TEAM', team: teamId }, company[spec.company]!.id, manager, 35)),
      );
    }
    // Team and company key results reach their values in one check-in by the team's manager or the admin.
    const oneCheckIn = (goal: ReturnType<typeof insertGoal>, author: string, daysAgo: number) => {
      if (!goal.krs.length) return;
      const checkInId = newId();
      for (const kr of goal.krs) setValue(kr.id, kr.reached);
      recomputeGoalProgress(db, goal.id);
      db.insert(goalCheckIns)
        .values({
          id: checkInId,
          organization_id: orgId,
          goal_id: goal.id,
          author_id: author,
          comment: 'Numbers for the month are in.',
          confidence: 4,
          status: 'ON_TRACK',
          progress: progressOf(goal.id),
          created_at: iso(now - daysAgo * DAY_MS),
        })
        .run();
      db.insert(goalCheckInValues)
        .values(
          goal.krs.map((kr) => ({ check_in_id: checkInId, key_result_id: kr.id, organization_id: orgId, before_value: kr.start, after_value: kr.reached })),
        )
        .run();
      db.update(goals)
        .set({ last_check_in_at: iso(now - daysAgo * DAY_MS) })
        .where(eq(goals.id, goal.id))
        .run();
    };
    company.forEach((g) => oneCheckIn(g, people.adminId, 8));
    for (const [team, list] of teamGoals) list.forEach((g) => oneCheckIn(g, who(teamManager(team)), 10));

    // The admin (whoever signs in first) has goals of their own, aligned under the company's.
    const admins = ADMIN_GOALS.map((spec) => ({ spec, owner: people.adminId, parent: company[spec.company]! }));
    const personal = PERSONAL.map((spec) => {
      const team = Object.keys(TEAM).find((t) => teamMembers(t).includes(spec.owner))!;
      return { spec, owner: who(spec.owner), parent: teamGoals.get(team)![spec.team_goal]! };
    });
    for (const { spec, owner, parent } of [...admins, ...personal]) {
      const goal = insertGoal(spec, { kind: 'PERSON', user: owner }, parent.id, owner, 28);
      const values = new Map(goal.krs.map((kr) => [kr.id, kr.start]));
      spec.check_ins.forEach(([daysAgo, comment, confidence, status], i) => {
        const share = (i + 1) / spec.check_ins.length;
        const checkInId = newId();
        const changes = goal.krs.map((kr) => {
          const before = values.get(kr.id)!;
          const after = Math.round((kr.start + (kr.reached - kr.start) * share) * 100) / 100;
          values.set(kr.id, after);
          setValue(kr.id, after);
          return { check_in_id: checkInId, key_result_id: kr.id, organization_id: orgId, before_value: before, after_value: after };
        });
        const at = iso(now - daysAgo * DAY_MS);
        if (status) db.update(goals).set({ status }).where(eq(goals.id, goal.id)).run();
        recomputeGoalProgress(db, goal.id);
        db.insert(goalCheckIns)
          .values({
            id: checkInId,
            organization_id: orgId,
            goal_id: goal.id,
            author_id: owner,
            comment,
            confidence,
            status: status ?? spec.status ?? 'ON_TRACK',
            progress: progressOf(goal.id),
            created_at: at,
          })
          .run();
        const changed = changes.filter((c) => c.before_value !== c.after_value);
        if (changed.length) db.insert(goalCheckInValues).values(changed).run();
        db.update(goals).set({ last_check_in_at: at, updated_at: at }).where(eq(goals.id, goal.id)).run();
      });
    }
    registerDemoRows(db, orgId, 'goals', ids);
  });
}

/**
 * A demo person's GROWTH goal for one competency (growth.demo.repo.ts, a development plan): its key
 * results at their current values, and one check-in six days ago. Returns the goal's id.
 */
export function insertDemoGrowthGoal(
  db: Db,
  p: {
    orgId: string;
    userId: string;
    competencyId: string;
    title: string;
    krs: ReadonlyArray<readonly [string, KeyResultKind, number, number, number]>;
    now: number;
  },
): string {
  const { orgId, userId, competencyId, now } = p;
  const goalId = newId();
  db.insert(goals)
    .values({
      id: goalId,
      organization_id: orgId,
      title: p.title,
      owner_kind: 'PERSON',
      owner_user_id: userId,
      kind: 'GROWTH',
      competency_id: competencyId,
      start_date: dayOf(now - 30 * DAY_MS),
      due_date: dayOf(now + 90 * DAY_MS),
      visibility: 'MANAGER_CHAIN',
      status: 'ON_TRACK',
      created_by: userId,
      created_at: iso(now - 30 * DAY_MS),
      updated_at: iso(now - 6 * DAY_MS),
      last_check_in_at: iso(now - 6 * DAY_MS),
    })
    .run();
  p.krs.forEach(([title, kind, start, target, current], position) => {
    db.insert(goalKeyResults)
      .values({ id: newId(), organization_id: orgId, goal_id: goalId, title, kind, start_value: start, target_value: target, current_value: current, position })
      .run();
  });
  recomputeGoalProgress(db, goalId);
  const progress = db.select({ progress: goals.progress }).from(goals).where(eq(goals.id, goalId)).get()?.progress ?? 0;
  db.insert(goalCheckIns)
    .values({
      id: newId(),
      organization_id: orgId,
      goal_id: goalId,
      author_id: userId,
      comment: 'Good progress; the next step is scheduled.',
      confidence: 4,
      status: 'ON_TRACK',
      progress,
      created_at: iso(now - 6 * DAY_MS),
    })
    .run();
  return goalId;
}

const teamOf = (team: string) => DEMO_TEAMS.find((t) => t.name === team)!;
const teamManager = (team: string): string => teamOf(team).people[0];
const teamMembers = (team: string): readonly string[] => teamOf(team).people;
