import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection.js';
import { needsNominations } from '../../../shared/review-automation.schemas.js';
import type { CreateReviewCycleData } from '../../../shared/review-cycle.schemas.js';
import type { JobContext } from '../../jobs/jobs.scheduler.js';
import { formatDay } from '../../../shared/format.js';
import { notify } from '../notifications/notifications.deliver.js';
import { featureAreaOffMessage, isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import { findUsersByIds, listUsersByTeamIds, type UserRow } from '../users/users.repo.js';
import { admins, claimAutomationPeriod, claimedPeriodKeys, finishAutomationRun, isAutomatable, listActiveAutomationRules, type ReviewAutomationRuleRow } from './reviews.automation.repo.js';
import { duePeriods, type DuePeriod } from './reviews.automation.periods.js';
import { launchReviewCycle, newRequestsText } from './reviews.cycles.launch.js';
import { announceNominations } from './reviews.nominations.notices.js';
import { createReviewCycle, findReviewCycle } from './reviews.cycles.repo.js';
import { findReviewTemplateContent } from './reviews.templates.repo.js';

/**
 * The automation pass (docs/decisions/0021): one hourly schedule. Catch-up lives in the pass itself:
 * it creates every period due since the rule started counting, so after downtime the schedule runs
 * only its latest missed hour ('latest'); 'all' would queue one redundant full pass per missed hour
 * (2,000+ after three months) ahead of every other job. Each pass runs
 * in the job's transaction (transactional handler): for every active rule and every due period it
 * claims the period in review_automation_runs (unique rule + period key) and creates the cycle in
 * the same transaction, so a period yields one cycle or none, however often or late passes run.
 */
export const AUTOMATION_SCAN_KIND = 'reviews.automation';
export const AUTOMATION_NOTIFY_KIND = 'reviews.automation.notify';
const DAY_MS = 86_400_000;

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
  const nominationEnd = drafts ? now + rule.nomination_days * DAY_MS : null;
  const reviewEnd = (nominationEnd ?? now) + rule.review_days * DAY_MS;
  const iso = (t: number) => new Date(t).toISOString();
  return {
    name: `${rule.name}: ${period.label}`.slice(0, 120), type: rule.type === 'SPRINT_END' ? 'sprint' : '360', template_id: rule.template_id ?? '',
    participant_ids: [], team_ids: [], nomination_end: nominationEnd === null ? null : iso(nominationEnd), review_end: iso(reviewEnd),
    results_release: rule.release_days === null ? null : iso(reviewEnd + rule.release_days * DAY_MS),
    perspectives: rule.perspectives, min_peers: rule.min_peers, max_peers: rule.max_peers, anonymity_threshold: rule.anonymity_threshold,
  };
}

/** Creates (and, when no peers are nominated, launches) the cycle of one claimed period; returns why not, or the notification. */
function createCycleFor(db: Db, rule: ReviewAutomationRuleRow, period: DuePeriod, now: number): { skipped: string } | { cycleId: string; payload: NotifyPayload } {
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
      const cycleId = createReviewCycle(db, rule.organization_id, cycleData(rule, period, now), people, owner?.id ?? null as unknown as string);
      let reviewerIds: string[] = [];
      if (!needsNominations(rule)) reviewerIds = launchReviewCycle(db, rule.organization_id, findReviewCycle(db, rule.organization_id, cycleId)!, template).reviewerIds;
      return { cycleId, payload: { cycleId, ruleName: rule.name, reviewerIds, ownerIds } };
    });
  } catch (err) {
    return { skipped: err instanceof Error ? err.message : String(err) };
  }
}

const isAutomatableOwner = (u: UserRow) => u.status !== 'DEACTIVATED' && !u.deleted_at;

/** One pass over every active rule; returns how many cycles were created. */
export function runReviewAutomation(db: Db, ctx: Pick<JobContext, 'now' | 'enqueue'>): number {
  const now = ctx.now.getTime();
  const at = ctx.now.toISOString();
  let created = 0;
  for (const rule of listActiveAutomationRules(db)) {
    const claimed = claimedPeriodKeys(db, rule.id);
    for (const period of duePeriods(db, rule, now).filter((p) => !claimed.has(p.key))) {
      const runId = claimAutomationPeriod(db, rule, period.key, at);
      if (!runId) continue;
      const outcome = createCycleFor(db, rule, period, now);
      finishAutomationRun(db, runId, outcome);
      if ('cycleId' in outcome) {
        created += 1;
        ctx.enqueue({ kind: AUTOMATION_NOTIFY_KIND, uniqueKey: runId, organizationId: rule.organization_id, payload: outcome.payload });
      }
    }
  }
  return created;
}

/** Registers both job kinds and the hourly schedule (same key on every start: the cursor survives restarts). */
export function registerReviewAutomation(app: FastifyInstance): void {
  const { scheduler, db } = app.services;
  scheduler.register(AUTOMATION_SCAN_KIND, (_payload, ctx) => {
    runReviewAutomation(db, ctx);
  }, { transactional: true });
  scheduler.register<NotifyPayload>(AUTOMATION_NOTIFY_KIND, async (p, ctx) => {
    const orgId = ctx.organizationId ?? '';
    const cycle = findReviewCycle(db, orgId, p.cycleId);
    if (!cycle) return;
    const launched = cycle.status !== 'DRAFT';
    await notify(app.services, {
      organizationId: orgId, userIds: p.ownerIds, kind: 'review_requests', private: false, link: `/reviews?id=${cycle.id}`,
      title: 'A rule created a review cycle',
      body: launched ? `${cycle.name}: the rule “${p.ruleName}” launched it; reviews are due ${formatDay(cycle.review_end)}.` : `${cycle.name}: the rule “${p.ruleName}” created it as a draft: people nominate peers, then launch it.`,
    });
    // A draft waits for nominations: each participant is told to choose their peers (docs/decisions/0031).
    if (!launched) announceNominations(app.services, orgId, cycle);
    if (launched && p.reviewerIds.length) {
      await notify(app.services, { organizationId: orgId, userIds: p.reviewerIds, kind: 'review_requests', private: false, ...newRequestsText(cycle), link: '/reviews/pending' });
    }
  });
  scheduleReviewAutomation(app);
}

/** (Re)creates the hourly schedule; tests toggle it to restart its periods from a fake clock. */
export function scheduleReviewAutomation(app: FastifyInstance, active = true): void {
  app.services.scheduler.schedule({ key: AUTOMATION_SCAN_KIND, kind: AUTOMATION_SCAN_KIND, every: { unit: 'hours', count: 1 }, startAt: '2026-01-01T00:00:00.000Z', catchUp: 'latest', active });
}
