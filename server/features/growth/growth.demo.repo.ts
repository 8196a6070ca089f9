import { BUILTIN_TRACKS } from '../../../shared/growth.builtin-framework.js';
import type { KeyResultKind } from '../../../shared/goals.js';
import type { Services } from '../../services.js';
import { newId } from '../../lib/tokens.js';
import { insertDemoGrowthGoal } from '../goals/goals.demo.repo.js';
import {
  assessmentRatings,
  assessments,
  competencies,
  competencyExpectations,
  competencyLevels,
  competencyPlacements,
  competencyTracks,
  developmentActions,
  developmentPlans,
} from './growth.tables.js';
import { registerDemoRows } from '../demo/demo.repo.js';
import { DEMO_TEAMS, type DemoPeople } from '../demo/demo.seed.js';

import { DAY_MS } from '../../../shared/dates.days.js';
import { dayOf } from '../../../shared/dates.js';
const iso = (t: number) => new Date(t).toISOString();

/** Level index (0-based) per demo person on the IC track; managers go on the manager track. */
const IC_LEVEL: Record<string, number> = { lead: 3, first: 2, second: 1, other: 1, last: 0 };

/** Assessments: [subject, ratings by competency index (1..4)], self and manager, both submitted. */
const ASSESSED = ['Linus Torvalds', 'Margaret Hamilton', 'Tim Berners-Lee', 'Chris Lattner'] as const;

type Plan = {
  person: string;
  mentor: string;
  focus: string;
  competency: number;
  goal: string;
  krs: Array<[string, KeyResultKind, number, number, number]>;
  actions: Array<[string, number, boolean]>;
};
const PLANS: readonly Plan[] = [
  {
    person: 'Margaret Hamilton',
    mentor: 'Linus Torvalds',
    focus: 'Grow into a senior engineer who leads the team’s projects end to end.',
    competency: 2,
    goal: 'Lead the job queue redesign to release',
    krs: [
      ['Design doc reviewed by the team', 'BINARY', 0, 1, 1],
      ['Milestones shipped', 'NUMBER', 0, 4, 2],
    ],
    actions: [
      ['Shadow Linus on the next incident review', -10, true],
      ['Run the design review of the job queue', 7, false],
      ['Read "Designing Data-Intensive Applications", chapters 5 to 9', 30, false],
    ],
  },
  {
    person: 'Tim Berners-Lee',
    mentor: 'Grace Hopper',
    focus: 'Become the Web team’s go-to person for accessibility.',
    competency: 1,
    goal: 'Raise the Web team’s accessibility bar',
    krs: [
      ['Pages passing the axe checks', 'PERCENTAGE', 40, 100, 70],
      ['Accessibility talks given', 'NUMBER', 0, 2, 1],
    ],
    actions: [
      ['Pair with Lea on the focus-management fixes', -3, true],
      ['Write the accessibility checklist for reviews', 14, false],
    ],
  },
];

/**
 * The competency framework of the demo (docs/decisions/0036, 0050): the built-in tracks
 * copied in as the organization's own, managers on the manager track and everyone else on the IC
 * track at a level that fits their role, submitted self and manager assessments for four people,
 * and two development plans with a mentor, actions and a growth goal with key results. Tracks are
 * registered (levels, competencies, expectations, placements and assessments go with them through
 * ON DELETE CASCADE), growth goals and actions too; plans go with their demo people.
 */
export function seedDemoGrowth(services: Services, orgId: string, people: DemoPeople): void {
  const { db, scheduler } = services;
  const now = scheduler.now();
  const who = (name: string) => people.byName.get(name)!;
  const trackIds: string[] = [];
  const goalIds: string[] = [];
  const actionIds: string[] = [];
  db.transaction(() => {
    const tracks = new Map<string, { id: string; levels: string[]; competencies: string[] }>();
    BUILTIN_TRACKS.forEach((spec, t) => {
      const id = newId();
      db.insert(competencyTracks)
        .values({
          id,
          organization_id: orgId,
          name: spec.name,
          description: spec.description,
          builtin_key: spec.key,
          position: t,
          created_at: iso(now - 60 * DAY_MS),
          updated_at: iso(now - 60 * DAY_MS),
        })
        .run();
      const levels = spec.levels.map((l, position) => {
        const levelId = newId();
        db.insert(competencyLevels).values({ id: levelId, organization_id: orgId, track_id: id, name: l.name, description: l.description, position }).run();
        return levelId;
      });
      const comps = spec.competencies.map((c, position) => {
        const competencyId = newId();
        db.insert(competencies).values({ id: competencyId, organization_id: orgId, track_id: id, name: c.name, description: c.description, position }).run();
        c.expectations.forEach((text, i) => {
          if (levels[i]) db.insert(competencyExpectations).values({ competency_id: competencyId, level_id: levels[i]!, organization_id: orgId, text }).run();
        });
        return competencyId;
      });
      tracks.set(spec.key, { id, levels, competencies: comps });
      trackIds.push(id);
    });
    const ic = tracks.get('engineering-ic') ?? [...tracks.values()][0]!;
    const mgr = tracks.get('engineering-manager') ?? ic;

    // Placements: managers on the manager track, tech leads at Staff, the first engineers Senior, the rest II, the newest I.
    const placed = new Map<string, { track: typeof ic; level: number }>();
    for (const team of DEMO_TEAMS) {
      const [manager, lead, ...members] = team.people;
      placed.set(manager, { track: mgr, level: Math.min(1, mgr.levels.length - 1) });
      placed.set(lead, { track: ic, level: Math.min(IC_LEVEL.lead!, ic.levels.length - 1) });
      members.forEach((m, i) =>
        placed.set(m, {
          track: ic,
          level: Math.min(i === 0 ? IC_LEVEL.first! : i === members.length - 1 ? IC_LEVEL.last! : IC_LEVEL.other!, ic.levels.length - 1),
        }),
      );
    }
    for (const [name, p] of placed) {
      db.insert(competencyPlacements)
        .values({
          user_id: who(name),
          organization_id: orgId,
          track_id: p.track.id,
          level_id: p.track.levels[p.level]!,
          placed_by: people.adminId,
          placed_at: iso(now - 45 * DAY_MS),
        })
        .run();
    }
    // The admin on the manager track's top level, with a submitted self-assessment and two actions: their own pages are not empty.
    const adminLevel = mgr.levels[mgr.levels.length - 1]!;
    db.insert(competencyPlacements)
      .values({
        user_id: people.adminId,
        organization_id: orgId,
        track_id: mgr.id,
        level_id: adminLevel,
        placed_by: people.adminId,
        placed_at: iso(now - 45 * DAY_MS),
      })
      .run();
    const adminAssessment = newId();
    db.insert(assessments)
      .values({
        id: adminAssessment,
        organization_id: orgId,
        subject_id: people.adminId,
        assessor_id: people.adminId,
        kind: 'SELF',
        status: 'SUBMITTED',
        track_id: mgr.id,
        level_id: adminLevel,
        summary: 'Strong on strategy; I want to grow in coaching the managers.',
        version: 2,
        submitted_at: iso(now - 9 * DAY_MS),
        created_at: iso(now - 11 * DAY_MS),
        updated_at: iso(now - 9 * DAY_MS),
      })
      .run();
    mgr.competencies.forEach((competencyId, c) => {
      db.insert(assessmentRatings)
        .values({
          assessment_id: adminAssessment,
          competency_id: competencyId,
          organization_id: orgId,
          rating: c % 3 === 1 ? 2 : 3,
          comment: c % 3 === 1 ? 'Where I want to grow next.' : '',
        })
        .run();
    });
    for (const [title, inDays, done] of [
      ['Write the engineering career ladder FAQ', -4, true],
      ['Run a calibration session with the four managers', 12, false],
    ] as const) {
      const id = newId();
      db.insert(developmentActions)
        .values({
          id,
          organization_id: orgId,
          user_id: people.adminId,
          title,
          due_date: dayOf(now + inDays * DAY_MS),
          competency_id: mgr.competencies[1] ?? null,
          done_at: done ? iso(now - 5 * DAY_MS) : null,
          created_by: people.adminId,
          created_at: iso(now - 20 * DAY_MS),
        })
        .run();
      actionIds.push(id);
    }

    // Submitted self and manager assessments: the self view a little more generous, as it often is.
    ASSESSED.forEach((name, a) => {
      const subject = who(name);
      const p = placed.get(name)!;
      const team = DEMO_TEAMS.find((t) => (t.people as readonly string[]).includes(name))!;
      const managerId = who(team.people[0]);
      for (const [kind, assessor, bias] of [
        ['SELF', subject, 1],
        ['MANAGER', managerId, 0],
      ] as const) {
        const id = newId();
        const at = now - (12 - a * 2 - (kind === 'MANAGER' ? 1 : 0)) * DAY_MS;
        db.insert(assessments)
          .values({
            id,
            organization_id: orgId,
            subject_id: subject,
            assessor_id: assessor,
            kind,
            status: 'SUBMITTED',
            track_id: p.track.id,
            level_id: p.track.levels[p.level]!,
            summary:
              kind === 'SELF'
                ? 'Comfortable at my level; I want to grow in delivery and in leading projects.'
                : 'Solid at the level, with room to lead larger pieces of work.',
            version: 2,
            submitted_at: iso(at),
            created_at: iso(at - 2 * DAY_MS),
            updated_at: iso(at),
          })
          .run();
        p.track.competencies.forEach((competencyId, c) => {
          const rating = Math.max(1, Math.min(4, 2 + ((a + c) % 3 === 0 ? 0 : 1) + (bias && c % 2 === 0 ? 1 : 0)));
          db.insert(assessmentRatings)
            .values({
              assessment_id: id,
              competency_id: competencyId,
              organization_id: orgId,
              rating,
              comment: rating >= 3 ? '' : 'An area to grow in this half.',
            })
            .run();
        });
      }
    });

    // Development plans with a mentor, actions, and a growth goal with key results and a check-in.
    for (const plan of PLANS) {
      const userId = who(plan.person);
      const p = placed.get(plan.person)!;
      const competencyId = p.track.competencies[plan.competency % p.track.competencies.length]!;
      db.insert(developmentPlans)
        .values({ user_id: userId, organization_id: orgId, mentor_id: who(plan.mentor), focus: plan.focus, updated_at: iso(now - 5 * DAY_MS) })
        .run();
      const goalId = insertDemoGrowthGoal(db, { orgId, userId, competencyId, title: plan.goal, krs: plan.krs, now });
      goalIds.push(goalId);
      for (const [title, inDays, done] of plan.actions) {
        const id = newId();
        db.insert(developmentActions)
          .values({
            id,
            organization_id: orgId,
            user_id: userId,
            title,
            due_date: dayOf(now + inDays * DAY_MS),
            competency_id: competencyId,
            goal_id: goalId,
            done_at: done ? iso(now + Math.min(inDays, -1) * DAY_MS) : null,
            created_by: userId,
            created_at: iso(now - 20 * DAY_MS),
          })
          .run();
        actionIds.push(id);
      }
    }
    registerDemoRows(db, orgId, 'competency_tracks', trackIds);
    registerDemoRows(db, orgId, 'goals', goalIds);
    registerDemoRows(db, orgId, 'development_actions', actionIds);
  });
}
