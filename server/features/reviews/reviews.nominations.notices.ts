import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { dayOf } from '../../../shared/dates.js';
import { formatDay } from '../../../shared/format.js';
import { notify } from '../notifications/notifications.deliver.js';
import { isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import { findReviewCycle, type ReviewCycleRow } from './reviews.cycles.repo.js';
import { markNominationRequested, peerCounts, type PeerCountRow } from './reviews.readiness.repo.js';
import { shortfallNeed } from './reviews.readiness.js';

/**
 * Telling people to nominate peers (docs/decisions/0031), through the persisted scheduler like the review reminders:
 * - when a draft that asks peers is created or changed, each participant not yet told gets one
 *   `reviews.nomination.send` job, key `<participant>:opened` (once, ever);
 * - "Remind to nominate" (per person or for everyone short) queues the same job with the key
 *   `<participant>:manual:<day>`: at most one per person and day, like `remindReviewer`.
 * The job reads the state when it runs: someone who nominated meanwhile gets nothing; when enough
 * peers are proposed but not approved (or nominations have closed), a manual reminder goes to the
 * manager instead, who has to act.
 */
export const NOMINATION_SEND_KIND = 'reviews.nomination.send';
type Moment = 'opened' | 'manual';
type SendPayload = { participantId: string; cycleId: string; moment: Moment };

/** The cycle asks people to nominate: a draft that asks peers with a minimum above 0. */
export const asksNominations = (cycle: Pick<ReviewCycleRow, 'status' | 'perspectives' | 'min_peers'>): boolean =>
  cycle.status === 'DRAFT' && cycle.perspectives.includes('PEER') && cycle.min_peers > 0;

const nominationsClosed = (cycle: ReviewCycleRow, now: Date) => !!cycle.nomination_end && cycle.nomination_end < now.toISOString();

/** The message to the reviewee: how many peers, by when, who approves. */
export function nominationText(cycle: ReviewCycleRow, moment: Moment): { title: string; body: string } {
  const range = cycle.min_peers === cycle.max_peers ? `${cycle.min_peers}` : `${cycle.min_peers} to ${cycle.max_peers}`;
  const by = cycle.nomination_end ? ` by ${formatDay(cycle.nomination_end)}` : ' before the cycle is launched';
  const from = moment === 'manual' ? ' (A reminder from your manager or admin.)' : '';
  return {
    title: `Choose your peers${cycle.nomination_end ? ` by ${formatDay(cycle.nomination_end)}` : ''}`,
    body: `${cycle.name}: nominate ${range} colleagues who know your work well${by}. Your manager approves them; their answers are shown to you only as a group of at least ${cycle.anonymity_threshold}.${from}`,
  };
}

function managerText(cycle: ReviewCycleRow, row: PeerCountRow): { title: string; body: string } {
  const missing = cycle.min_peers - row.approved;
  if (shortfallNeed(row, cycle.min_peers) === 'APPROVE') {
    return {
      title: 'Peer nominations to approve',
      body: `${cycle.name}: ${row.full_name} proposed ${row.proposed} peer${row.proposed === 1 ? '' : 's'}; ${missing} more must be approved before the cycle can launch. Approve or change them.`,
    };
  }
  return {
    title: 'Choose peers for one of your reports',
    body: `${cycle.name}: nominations closed on ${formatDay(cycle.nomination_end!)} and ${row.full_name} has ${row.approved} approved peer${row.approved === 1 ? '' : 's'} of ${cycle.min_peers}. Choose the ${missing} missing.`,
  };
}

/** Queues the first "choose your peers" notice for every participant of the cycle not told yet. */
export function announceNominations(services: Services, orgId: string, cycle: ReviewCycleRow): number {
  if (!asksNominations(cycle)) return 0;
  const ids = markNominationRequested(services.db, orgId, cycle.id);
  for (const participantId of ids) {
    services.scheduler.enqueue({
      kind: NOMINATION_SEND_KIND,
      uniqueKey: `${participantId}:opened`,
      organizationId: orgId,
      payload: { participantId, cycleId: cycle.id, moment: 'opened' } satisfies SendPayload,
    });
  }
  return ids.length;
}

/** A manual reminder for one participant; false when one was already queued today. */
export function queueNominationReminder(services: Services, orgId: string, row: Pick<PeerCountRow, 'participant_id' | 'cycle_id'>): boolean {
  const day = dayOf(services.scheduler.now());
  return services.scheduler.enqueue({
    kind: NOMINATION_SEND_KIND,
    uniqueKey: `${row.participant_id}:manual:${day}`,
    organizationId: orgId,
    payload: { participantId: row.participant_id, cycleId: row.cycle_id, moment: 'manual' } satisfies SendPayload,
  }).created;
}

export function registerNominationNotices(app: FastifyInstance): void {
  app.services.scheduler.register<SendPayload>(NOMINATION_SEND_KIND, async (payload, ctx) => {
    const { db } = app.services;
    const orgId = ctx.organizationId ?? '';
    if (!isFeatureAreaOn(db, orgId, 'REVIEWS')) return;
    const cycle = findReviewCycle(db, orgId, payload.cycleId);
    if (!cycle || !asksNominations(cycle)) return;
    const row = peerCounts(db, orgId, cycle.id, [payload.participantId])[0];
    if (!row || row.approved >= cycle.min_peers) return;
    const reviewee = shortfallNeed(row, cycle.min_peers) === 'NOMINATE' && !nominationsClosed(cycle, ctx.now);
    if (reviewee) {
      await notify(app.services, {
        organizationId: orgId,
        userIds: [row.reviewee_id],
        kind: 'nominate_peers',
        private: false,
        link: `/reviews?id=${cycle.id}`,
        ...nominationText(cycle, payload.moment),
      });
    } else if (payload.moment === 'manual' && row.manager_id) {
      await notify(app.services, {
        organizationId: orgId,
        userIds: [row.manager_id],
        kind: 'peer_nominations',
        private: false,
        link: `/reviews?id=${cycle.id}`,
        ...managerText(cycle, row),
      });
    }
  });
}
