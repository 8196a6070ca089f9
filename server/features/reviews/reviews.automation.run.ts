import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection.js';
import type { Services } from '../../services.js';
import { needsNominations } from '../../../shared/review-automation.schemas.js';
import type { CreateReviewCycleData } from '../../../shared/review-cycle.schemas.js';
import { formatDay } from '../../../shared/format.js';
import { iso } from '../automation/automation.periods.js';
import { registerAutomation } from '../automation/automation.run.js';
import type { Automation } from '../automation/automation.types.js';
import { notify } from '../notifications/notifications.deliver.js';
import { featureAreaOffMessage, isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import { findUsersByIds, listUsersByTeamIds, type UserRow } from '../users/users.repo.js';
import {
  admins,
  claimAutomationPeriod,
  claimedPeriodKeys,
  finishAutomationRun,
  isAutomatable,
  listActiveAutomationRules,
  type ReviewAutomationRuleRow,
} from './reviews.automation.repo.js';
import { duePeriods, type DuePeriod } from './reviews.automation.periods.js';
import { newRequestsText } from './reviews.cycles.launch.js';
import { launchReviewCycle } from './reviews.cycles.launch.repo.js';
import { announceNominations } from './reviews.nominations.notices.js';
import { createReviewCycle, findReviewCycle } from './reviews.cycles.repo.js';
import { findReviewTemplateContent } from './reviews.templates.repo.js';

import { addDays } from '../../../shared/dates.js';

/**
 * What review automation creates for a due period (docs/decisions/0021), plugged into the automation
 * module's hourly pass (docs/decisions/0073). The period is claimed first in review_automation_runs
 * (unique rule + period key), then its cycle is created; a cycle that cannot be created (nobody to
 * review, template archived or deleted, launch refused, area off) leaves the period claimed with the
 * reason, shown in the runs list, so it is not tried again every hour.
 */
export const AUTOMATION_NOTIFY_KIND = 'reviews.automation.notify';

type NotifyPayload = { cycleId: string; ruleName: string; reviewerIds: string[]; ownerIds: string[] };

function peopleFor(db: Db, rule: ReviewAutomationRuleRow, period: DuePeriod): UserRow[] {
  if (period.person) return [period.person];
  const byId = new Map<string, UserRow>();
  const named = rule.type === 'REPEAT' ? findUsersByIds(db, rule.organization_id, rule.user_ids) : [];
  for (const u of [...named, ...listUsersByTeamIds(db, rule.organization_id, rule.team_ids)]) if (isAutomatable(u)) byId.set(u.id, u);
  return [...byId.values()];
}

function cycleData(rule: ReviewAutomationRuleRow, period: DuePeriod, now: number): CreateReviewCycleData {
  const drafts = needsNominations(rule);
  const nominationEnd = drafts ? addDays(now, rule.nomination_days).getTime() : null;
  const reviewEnd = addDays(nominationEnd ?? now, rule.review_days).getTime();
  return {
    name: `${rule.name}: ${period.label}`.slice(0, 120),
    type: rule.type === 'SPRINT_END' ? 'sprint' : '360',
    template_id: rule.template_id ?? '',
    participant_ids: [],
    team_ids: [],
    nomination_end: nominationEnd === null ? null : iso(nominationEnd),
    review_end: iso(reviewEnd),
    results_release: rule.release_days === null ? null : addDays(reviewEnd, rule.release_days).toISOString(),
    perspectives: rule.perspectives,
    min_peers: rule.min_peers,
    max_peers: rule.max_peers,
    anonymity_threshold: rule.anonymity_threshold,
  };
}

const isAutomatableOwner = (u: UserRow) => u.status !== 'DEACTIVATED' && !u.deleted_at;

/** Creates (and, when no peers are nominated, launches) the cycle of one claimed period; returns why not, or the notification. */
function createCycleFor(
  db: Db,
  rule: ReviewAutomationRuleRow,
  period: DuePeriod,
  now: number,
): { skipped: string } | { cycleId: string; payload: NotifyPayload } {
  // Switched off: the period is used up with its reason, so switching on again does not start a backlog of cycles.
  if (!isFeatureAreaOn(db, rule.organization_id, 'REVIEWS')) return { skipped: featureAreaOffMessage('REVIEWS') };
  const template = rule.template_id ? findReviewTemplateContent(db, rule.organization_id, rule.template_id) : undefined;
  if (!template) return { skipped: 'The rule’s template was deleted.' };
  if (template.archived_at) return { skipped: 'The rule’s template is archived.' };
  const people = peopleFor(db, rule, period);
  if (!people.length) return { skipped: 'Nobody to review: no active people who take part in review automation.' };
  const owner = rule.created_by ? findUsersByIds(db, rule.organization_id, [rule.created_by]).find(isAutomatableOwner) : undefined;
  const ownerIds = owner ? [owner.id] : admins(db, rule.organization_id).map((u) => u.id);
  try {
    // A savepoint: a failed launch leaves the period claimed with its reason, and nothing else.
    return db.transaction(() => {
      const cycleId = createReviewCycle(db, rule.organization_id, cycleData(rule, period, now), people, owner?.id ?? (null as unknown as string));
      let reviewerIds: string[] = [];
      if (!needsNominations(rule))
        reviewerIds = launchReviewCycle(db, rule.organization_id, findReviewCycle(db, rule.organization_id, cycleId)!, template).reviewerIds;
      return { cycleId, payload: { cycleId, ruleName: rule.name, reviewerIds, ownerIds } };
    });
  } catch (err) {
    return { skipped: err instanceof Error ? err.message : String(err) };
  }
}

/** Tells the cycle's owner (or every admin) what the rule made, and its reviewers or nominators like a manual launch would. */
async function notifyCreated(services: Services, p: NotifyPayload, organizationId: string | null): Promise<void> {
  const orgId = organizationId ?? '';
  const cycle = findReviewCycle(services.db, orgId, p.cycleId);
  if (!cycle) return;
  const launched = cycle.status !== 'DRAFT';
  await notify(services, {
    organizationId: orgId,
    userIds: p.ownerIds,
    kind: 'review_requests',
    private: false,
    link: `/reviews?id=${cycle.id}`,
    title: 'A rule created a review cycle',
    body: launched
      ? `${cycle.name}: the rule “${p.ruleName}” launched it; reviews are due ${formatDay(cycle.review_end)}.`
      : `${cycle.name}: the rule “${p.ruleName}” created it as a draft: people nominate peers, then launch it.`,
  });
  // A draft waits for nominations: each participant is told to choose their peers (docs/decisions/0031).
  if (!launched) announceNominations(services, orgId, cycle);
  if (launched && p.reviewerIds.length) {
    await notify(services, {
      organizationId: orgId,
      userIds: p.reviewerIds,
      kind: 'review_requests',
      private: false,
      ...newRequestsText(cycle),
      link: '/reviews/pending',
    });
  }
}

export const reviewAutomation: Automation<ReviewAutomationRuleRow, DuePeriod> = {
  name: 'review',
  claimIndex: 'review_automation_runs.',
  formerSchedule: 'reviews.automation',
  activeRules: listActiveAutomationRules,
  duePeriods,
  claimed: (db, rule) => claimedPeriodKeys(db, rule.id),
  create: ({ db }, rule, period, ctx) => {
    const runId = claimAutomationPeriod(db, rule, period.key, ctx.now.toISOString());
    if (!runId) return null;
    const outcome = createCycleFor(db, rule, period, ctx.now.getTime());
    finishAutomationRun(db, runId, outcome);
    return 'cycleId' in outcome ? { id: runId, followUp: outcome.payload } : null;
  },
  followUp: {
    kind: AUTOMATION_NOTIFY_KIND,
    run: (services, payload: NotifyPayload, ctx) => notifyCreated(services, payload, ctx.organizationId),
  },
};

export const registerReviewAutomation = (app: FastifyInstance): void => registerAutomation(app, reviewAutomation);
