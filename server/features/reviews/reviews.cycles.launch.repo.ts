import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { groupBy } from '../../graphql/loaders.js';
import { newId, nowIso } from '../../lib/tokens.js';
import { conflict } from '../../../shared/app-error.js';
import type { Perspective } from '../../../shared/review-template.schemas.js';
import { findUsersByIds, listUsersByManagerIds, type UserRow } from '../users/users.repo.js';
import { askedPerspectives } from './reviews.cycles.launch.js';
import { insertChunked, isEligible, type ReviewCycleRow } from './reviews.cycles.repo.js';
import { reviewCycleQuestions, reviewCycles, reviewParticipants, reviewPeerNominations, reviewRequests } from './reviews.cycles.tables.js';
import type { ReviewTemplateContent } from './reviews.templates.repo.js';

export type LaunchOutcome = {
  requests: number;
  /** Who must answer something (for the notification sent after commit). */
  reviewerIds: string[];
  participants: number;
};

type RequestRow = typeof reviewRequests.$inferInsert;

function snapshotQuestions(db: Db, orgId: string, cycleId: string, template: ReviewTemplateContent): void {
  const rows = template.sections.flatMap((s, sectionPosition) =>
    s.questions.map((q, position) => ({
      id: newId(),
      organization_id: orgId,
      cycle_id: cycleId,
      source_question_id: q.id,
      section_position: sectionPosition,
      section_title: s.title,
      section_description: s.description,
      position,
      kind: q.kind,
      prompt: q.prompt,
      self_prompt: q.self_prompt,
      help_text: q.help_text,
      options: q.options,
      competency: q.competency,
      competency_id: q.competency_id,
      show_goals: q.show_goals,
      perspectives: q.perspectives,
      required: q.required,
      private: q.private,
    })),
  );
  insertChunked(rows, (part) => db.insert(reviewCycleQuestions).values(part).run());
}

/**
 * Launches a draft in ONE synchronous transaction: copies the template's questions, drops
 * participants who were deactivated or deleted since, refreshes each participant's manager, creates
 * every review request (self, manager, direct reports, approved peers, per enabled perspective) and
 * marks the cycle ACTIVE. Any failure rolls everything back. Throws CONFLICT when the cycle is no
 * longer a draft or a participant lacks the minimum of approved peers.
 */
export function launchReviewCycle(db: Db, orgId: string, cycle: ReviewCycleRow, template: ReviewTemplateContent): LaunchOutcome {
  return db.transaction(() => {
    const at = nowIso();
    const started = db
      .update(reviewCycles)
      .set({ status: 'ACTIVE', launched_at: at, updated_at: at })
      .where(and(eq(reviewCycles.organization_id, orgId), eq(reviewCycles.id, cycle.id), eq(reviewCycles.status, 'DRAFT')))
      .run().changes;
    if (!started) throw conflict('This cycle has already been launched.');

    const participants = db.select().from(reviewParticipants).where(eq(reviewParticipants.cycle_id, cycle.id)).all();
    const reviewees = new Map(
      findUsersByIds(
        db,
        orgId,
        participants.map((p) => p.reviewee_id),
      )
        .filter(isEligible)
        .map((u) => [u.id, u]),
    );
    const dropped = participants.filter((p) => !reviewees.has(p.reviewee_id)).map((p) => p.id);
    insertChunked(dropped, (part) => db.delete(reviewParticipants).where(inArray(reviewParticipants.id, part)).run());
    const live = participants.filter((p) => reviewees.has(p.reviewee_id));
    if (!live.length) throw conflict('Nobody in this cycle can be reviewed: every participant was deactivated or removed.');

    const perspectives = askedPerspectives(cycle, template);
    const managerIds = [...new Set(live.map((p) => reviewees.get(p.reviewee_id)!.manager_id).filter((id): id is string => !!id))];
    const managers = new Map(
      findUsersByIds(db, orgId, managerIds)
        .filter(isEligible)
        .map((u) => [u.id, u]),
    );
    const reports = perspectives.has('DIRECT_REPORT') ? listUsersByManagerIds(db, orgId, [...reviewees.keys()]).filter(isEligible) : [];
    const nominations = perspectives.has('PEER')
      ? db
          .select()
          .from(reviewPeerNominations)
          .where(
            and(
              eq(reviewPeerNominations.organization_id, orgId),
              eq(reviewPeerNominations.status, 'APPROVED'),
              sql`${reviewPeerNominations.participant_id} in (select id from ${reviewParticipants} where cycle_id = ${cycle.id})`,
            ),
          )
          .all()
      : [];
    const peers = new Map(
      findUsersByIds(
        db,
        orgId,
        nominations.map((n) => n.reviewer_id),
      )
        .filter(isEligible)
        .map((u) => [u.id, u]),
    );

    const reportsOf = groupBy(reports, (r) => r.manager_id);
    const approvedOf = groupBy(
      nominations.filter((n) => peers.has(n.reviewer_id)),
      (n) => n.participant_id,
    );
    const short: string[] = [];
    const requests: RequestRow[] = [];
    for (const p of live) {
      const reviewee = reviewees.get(p.reviewee_id)!;
      const managerId = reviewee.manager_id && managers.has(reviewee.manager_id) ? reviewee.manager_id : null;
      if (managerId !== p.manager_id) db.update(reviewParticipants).set({ manager_id: managerId }).where(eq(reviewParticipants.id, p.id)).run();
      const add = (reviewer: UserRow | undefined, perspective: Perspective) => {
        if (!reviewer || reviewer.id === reviewee.id) return;
        requests.push({
          id: newId(),
          organization_id: orgId,
          cycle_id: cycle.id,
          participant_id: p.id,
          reviewee_id: reviewee.id,
          reviewer_id: reviewer.id,
          perspective,
          due_at: cycle.review_end,
        });
      };
      if (perspectives.has('SELF'))
        requests.push({
          id: newId(),
          organization_id: orgId,
          cycle_id: cycle.id,
          participant_id: p.id,
          reviewee_id: reviewee.id,
          reviewer_id: reviewee.id,
          perspective: 'SELF',
          due_at: cycle.review_end,
        });
      if (perspectives.has('MANAGER') && managerId) add(managers.get(managerId), 'MANAGER');
      for (const r of reportsOf.get(reviewee.id) ?? []) add(r, 'DIRECT_REPORT');
      if (perspectives.has('PEER')) {
        const approved = (approvedOf.get(p.id) ?? []).filter((n) => n.reviewer_id !== reviewee.id);
        if (approved.length < cycle.min_peers) short.push(reviewee.full_name);
        for (const n of approved) add(peers.get(n.reviewer_id), 'PEER');
      }
    }
    if (short.length) {
      const names = short.slice(0, 5).join(', ') + (short.length > 5 ? ` and ${short.length - 5} more` : '');
      throw conflict(
        `Approve at least ${cycle.min_peers} peer${cycle.min_peers === 1 ? '' : 's'} for every participant before launching. Still short: ${names}.`,
      );
    }
    snapshotQuestions(db, orgId, cycle.id, template);
    insertChunked(requests, (part) => db.insert(reviewRequests).values(part).run());
    return { requests: requests.length, reviewerIds: [...new Set(requests.map((r) => r.reviewer_id))], participants: live.length };
  });
}

/** The cycle's questions that rate a framework competency (from its snapshot of the template). */
export function competencyQuestionsOfCycle(db: Db, orgId: string, cycleId: string) {
  return db
    .select({ id: reviewCycleQuestions.id, competency_id: reviewCycleQuestions.competency_id, perspectives: reviewCycleQuestions.perspectives })
    .from(reviewCycleQuestions)
    .where(and(eq(reviewCycleQuestions.organization_id, orgId), eq(reviewCycleQuestions.cycle_id, cycleId), eq(reviewCycleQuestions.kind, 'COMPETENCY_RATING')))
    .all();
}
