import type { Services } from '../../services.js';
import { createReviewCycleSchema } from '../../../shared/review-cycle.schemas.js';
import { reviewAutomationRuleSchema } from '../../../shared/review-automation.schemas.js';
import type { Perspective } from '../../../shared/review-template.schemas.js';
import { insertAutomationRule } from '../reviews/reviews.automation.repo.js';
import { missingRequired } from '../reviews/reviews.answers.js';
import { reviewAutomation } from '../reviews/reviews.automation.run.js';
import { runAutomation } from '../automation/automation.run.js';
import { launchReviewCycle } from '../reviews/reviews.cycles.launch.repo.js';
import {
  acknowledgeParticipantResults,
  closeReviewCycle,
  createReviewCycle,
  findReviewCycle,
  listParticipantsByCycleIds,
  listReviewCycles,
  releaseParticipantResults,
} from '../reviews/reviews.cycles.repo.js';
import { approveProposedPeers, proposePeers } from '../reviews/reviews.nominations.repo.js';
import {
  listCycleQuestions,
  listRequestsByParticipantIds,
  questionsFor,
  saveDraftAnswers,
  submitRequest,
  type ReviewCycleQuestionRow,
  type ReviewRequestRow,
} from '../reviews/reviews.requests.repo.js';
import { ensureBuiltInTemplates, findReviewTemplateContent, listReviewTemplates } from '../reviews/reviews.templates.repo.js';
import { insertSprint } from '../sprints/sprints.repo.js';
import { findUsersByIds } from '../users/users.repo.js';
import { registerDemoRows } from './demo.repo.js';
import type { DemoPeople } from './demo.seed.js';
import { DO_DIFFERENTLY, KEEP_DOING, MANAGER_DRAFT_NOTE, PRIVATE_NOTES, SELF_DO_DIFFERENTLY, SELF_KEEP_DOING, pick } from './demo.seed-reviews.text.js';

import { DAY_MS } from '../../../shared/dates.days.js';
import { dayOf } from '../../../shared/dates.js';
const quarter = (t: number) => {
  const d = new Date(t);
  return `Q${Math.floor(d.getUTCMonth() / 3) + 1} ${d.getUTCFullYear()}`;
};

type Answer = { question_id: string; rating: number | null; text: string | null; choices: string[] | null };

/** A plausible answer of `reviewer` about `revieweeId` to one question; `level` is the reviewee's usual rating. */
function answerFor(q: ReviewCycleQuestionRow, r: ReviewRequestRow, level: number): Answer {
  const seed = `${r.reviewer_id}:${r.reviewee_id}:${q.position}:${q.section_position}`;
  const rating = Math.min(5, Math.max(1, level + pick([-1, 0, 0, 0, 1], seed)));
  const self = r.perspective === 'SELF';
  const none = { question_id: q.id, rating: null, text: null, choices: null };
  switch (q.kind) {
    case 'RATING':
    case 'COMPETENCY_RATING':
      return { ...none, rating };
    case 'RATING_COMMENT':
      return { ...none, rating, text: pick(self ? SELF_KEEP_DOING : KEEP_DOING, seed) };
    case 'SINGLE_CHOICE':
      return { ...none, choices: [pick(q.options, seed)] };
    case 'MULTIPLE_CHOICE':
      return { ...none, choices: [...new Set([pick(q.options, seed), pick(q.options, `${seed}+`)])] };
    default: {
      if (q.private) return { ...none, text: q.required || pick([true, false, false], seed) ? pick(PRIVATE_NOTES, seed) : null };
      const growth = /differently|improve|grow/i.test(q.prompt);
      return { ...none, text: pick(growth ? (self ? SELF_DO_DIFFERENTLY : DO_DIFFERENTLY) : self ? SELF_KEEP_DOING : KEEP_DOING, seed) };
    }
  }
}

/**
 * The reviews area of the demo, made through the reviews feature's own functions: a closed 360
 * with released results (anonymity threshold 3, so peers and reports show as aggregates), this
 * quarter's 360 in progress (the admin and Grace Hopper have half-written drafts), and a sprint
 * review rule for Mobile with its sprints (the automation pass starts the ended sprints' reviews).
 */
export function seedDemoReviews(services: Services, orgId: string, people: DemoPeople): void {
  const { db, scheduler } = services;
  const now = scheduler.now();
  const id = (name: string) => people.byName.get(name)!;
  const { adminId } = people;

  db.transaction(() => {
    ensureBuiltInTemplates(db, orgId);
    const builtIn = (key: string) => listReviewTemplates(db, orgId, false).find((t) => t.built_in_key === key)!;
    const template360 = findReviewTemplateContent(db, orgId, builtIn('360_review').id)!;

    /** Creates a 360 cycle, has each reviewee propose peers that the manager approves, and launches it. */
    const launch360 = (name: string, reviewees: string[], peers: Record<string, string[]>, dates: { nomination: number; review: number; release: number }) => {
      const data = createReviewCycleSchema.parse({
        name,
        type: '360',
        template_id: template360.id,
        participant_ids: reviewees.map(id),
        nomination_end: new Date(dates.nomination).toISOString(),
        review_end: new Date(dates.review).toISOString(),
        results_release: new Date(dates.release).toISOString(),
        min_peers: 3,
        max_peers: 6,
        anonymity_threshold: 3,
      });
      const cycleId = createReviewCycle(db, orgId, data, findUsersByIds(db, orgId, data.participant_ids), adminId);
      for (const p of listParticipantsByCycleIds(db, orgId, [cycleId])) {
        const reviewee = findUsersByIds(db, orgId, [p.reviewee_id])[0]!;
        proposePeers(db, orgId, p, peers[reviewee.full_name]!.map(id), reviewee.id);
        approveProposedPeers(db, orgId, p.id, p.manager_id ?? adminId);
      }
      launchReviewCycle(db, orgId, findReviewCycle(db, orgId, cycleId)!, template360);
      registerDemoRows(db, orgId, 'review_cycles', [cycleId]);
      return cycleId;
    };
    const requestsOf = (cycleId: string) =>
      listRequestsByParticipantIds(
        db,
        orgId,
        listParticipantsByCycleIds(db, orgId, [cycleId]).map((p) => p.id),
      );
    const submit = (r: ReviewRequestRow, questions: ReviewCycleQuestionRow[], level: number) => {
      const asked = questionsFor(questions, r.perspective as Perspective);
      submitRequest(
        db,
        orgId,
        r.id,
        asked.map((q) => answerFor(q, r, level)),
        (saved) => missingRequired(asked, saved),
      );
    };

    // Last quarter's 360: every review in, results released for two of three people (one read them).
    const past = now - 100 * DAY_MS;
    const closedId = launch360(
      `${quarter(past)} 360 review`,
      ['Ada Lovelace', 'Linus Torvalds', 'Margaret Hamilton'],
      {
        'Ada Lovelace': ['Grace Hopper', 'Katherine Johnson', 'Edgar Codd', 'Frances Allen'],
        'Linus Torvalds': ['Ken Thompson', 'Radia Perlman', 'Dennis Ritchie', 'Barbara Liskov'],
        'Margaret Hamilton': ['Linus Torvalds', 'Ken Thompson', 'Radia Perlman', 'Barbara Liskov'],
      },
      { nomination: past, review: past + 14 * DAY_MS, release: past + 21 * DAY_MS },
    );
    const closedQuestions = listCycleQuestions(db, orgId, [closedId]);
    const levels: Record<string, number> = { [id('Ada Lovelace')]: 4, [id('Linus Torvalds')]: 4, [id('Margaret Hamilton')]: 3 };
    for (const r of requestsOf(closedId)) submit(r, closedQuestions, levels[r.reviewee_id] ?? 4);
    closeReviewCycle(db, orgId, closedId);
    const closedParticipants = listParticipantsByCycleIds(db, orgId, [closedId]);
    for (const p of closedParticipants.filter((x) => x.reviewee_id !== id('Margaret Hamilton'))) releaseParticipantResults(db, orgId, p, adminId);
    acknowledgeParticipantResults(db, orgId, closedParticipants.find((p) => p.reviewee_id === id('Linus Torvalds'))!.id);

    // This quarter's 360, under way: about half the reviews are in; the admin and Grace Hopper have drafts half done.
    const activeId = launch360(
      `${quarter(now)} 360 review`,
      ['Grace Hopper', 'Tim Berners-Lee', 'Brendan Eich', 'Sophie Wilson', 'Katherine Johnson'],
      {
        'Grace Hopper': ['Ada Lovelace', 'Katherine Johnson', 'Edgar Codd'],
        'Tim Berners-Lee': ['Brendan Eich', 'Sophie Wilson', 'Lea Verou', 'Evan You'],
        'Brendan Eich': ['Tim Berners-Lee', 'Jordan Walke', 'Lea Verou'],
        'Sophie Wilson': ['Tim Berners-Lee', 'Evan You', 'Jordan Walke'],
        'Katherine Johnson': ['Grace Hopper', 'Ada Lovelace', 'Chris Lattner'],
      },
      { nomination: now - 3 * DAY_MS, review: now + 11 * DAY_MS, release: now + 18 * DAY_MS },
    );
    const activeQuestions = listCycleQuestions(db, orgId, [activeId]);
    const drafters = new Set([adminId, id('Grace Hopper')]);
    for (const [i, r] of requestsOf(activeId).entries()) {
      if (drafters.has(r.reviewer_id)) {
        const asked = questionsFor(activeQuestions, r.perspective as Perspective);
        const half = asked.slice(0, Math.ceil(asked.length / 2)).map((q) => answerFor(q, r, 4));
        saveDraftAnswers(db, orgId, r.id, r.perspective === 'MANAGER' ? [...half, ...note(asked, r)] : half);
      } else if (r.perspective === 'SELF' || i % 2 === 0) submit(r, activeQuestions, 4);
    }

    // Sprint reviews for Mobile: two-week sprints; the rule started three weeks ago.
    const mobile = people.teamIds.get('Mobile')!;
    const sprintStart = now - 42 * DAY_MS;
    const sprintIds = [40, 41, 42, 43, 44].map((n, i) =>
      insertSprint(
        db,
        orgId,
        {
          team_id: mobile,
          name: `Sprint ${n}`,
          starts_on: dayOf(sprintStart + i * 14 * DAY_MS),
          ends_on: dayOf(sprintStart + (i * 14 + 13) * DAY_MS),
        },
        id('Katherine Johnson'),
      ),
    );
    registerDemoRows(db, orgId, 'review_sprints', sprintIds);
    const rule = reviewAutomationRuleSchema.parse({
      name: 'Mobile sprint reviews',
      type: 'SPRINT_END',
      template_id: builtIn('sprint_review').id,
      team_ids: [mobile],
      perspectives: ['SELF', 'MANAGER', 'PEER'],
      min_peers: 0,
      max_peers: 3,
      anonymity_threshold: 3,
      review_days: 5,
      release_days: 2,
    });
    registerDemoRows(db, orgId, 'review_automation_rules', [
      insertAutomationRule(db, orgId, rule, id('Katherine Johnson'), new Date(now - 20 * DAY_MS).toISOString()),
    ]);
    // The rule's own pass creates the reviews of the sprints that ended since (registered as demo through the rule).
    // Quietly: the demo is what already happened, so nobody starts with a bell full of "new review requests"
    // (the pass only enqueues its notifications and never reads the result).
    runAutomation(reviewAutomation, { db }, { now: new Date(now), enqueue: () => ({ created: false, job: undefined as never }) });
    // The older sprint's reviews are nearly all in, the latest sprint's have just started.
    for (const cycle of listReviewCycles(db, orgId, null, 'ACTIVE').filter((c) => c.type === 'sprint')) {
      const older = cycle.name.endsWith('Sprint 41');
      const questions = listCycleQuestions(db, orgId, [cycle.id]);
      for (const [i, r] of requestsOf(cycle.id).entries()) if (older ? i % 5 !== 4 : i % 4 === 0) submit(r, questions, 4);
    }
  });
}

/** The manager's note on the first text question, if the half done does not already have one. */
function note(asked: ReviewCycleQuestionRow[], r: ReviewRequestRow): Answer[] {
  const first = asked.find((q) => q.kind === 'TEXT' && !q.private);
  return first && asked.indexOf(first) >= Math.ceil(asked.length / 2) && r.perspective === 'MANAGER'
    ? [{ question_id: first.id, rating: null, text: MANAGER_DRAFT_NOTE, choices: null }]
    : [];
}
