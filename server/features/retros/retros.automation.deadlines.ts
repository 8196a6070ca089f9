import type { FastifyInstance } from 'fastify';
import type { RetroPhase } from '../../../shared/retros.js';
import type { Services } from '../../services.js';
import type { JobContext } from '../../jobs/jobs.scheduler.js';
import { isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import type { RetroRow } from './retros.access.js';
import { onRetroPhase } from './retros.live.js';
import { findRetroById } from './retros.repo.js';
import { stepRetroPhase } from './retros.automation.phases.js';

/**
 * Async retros (docs/decisions/0047, automation): REFLECT closes by itself at `reflect_deadline`
 * (REFLECT -> GROUP) and voting at `vote_deadline` (VOTE -> DISCUSS, or GROUP -> VOTE -> DISCUSS when
 * the facilitator has not opened voting by then); the facilitator finishes the discussion later.
 * One job per retro, deadline and instant (`<retro>:<reflect|vote>@<deadline>`), enqueued when a retro
 * with deadlines opens (automation) or changes phase (retros made by hand, via onRetroPhase) and by
 * scheduleRetroDeadlines (creation, changed deadlines). A job that finds its deadline moved later
 * enqueues the one for the new instant; one that finds the phase already moved does nothing.
 */
export const DEADLINE_KIND = 'retros.deadline';
type Which = 'reflect' | 'vote';
export type DeadlinePayload = { retroId: string; which: Which };

/** The phase chain that closes each deadline, from each phase it may find the retro in. */
const CLOSES: Record<Which, Partial<Record<RetroPhase, RetroPhase[]>>> = {
  reflect: { REFLECT: ['GROUP'] },
  vote: { REFLECT: ['GROUP', 'VOTE', 'DISCUSS'], GROUP: ['VOTE', 'DISCUSS'], VOTE: ['DISCUSS'] },
};

const findRetro = (services: Services, id: string): RetroRow | undefined => findRetroById(services.db, id);

/** Enqueues the deadline jobs of a retro (idempotent: the same deadline is one job). */
export function scheduleRetroDeadlines(
  services: Services,
  retro: Pick<RetroRow, 'id' | 'organization_id' | 'reflect_deadline' | 'vote_deadline' | 'phase'>,
): void {
  if (retro.phase === 'DISCUSS' || retro.phase === 'SUMMARY') return;
  const deadlines: Array<[Which, string | null]> = [
    ['reflect', retro.reflect_deadline],
    ['vote', retro.vote_deadline],
  ];
  for (const [which, at] of deadlines) {
    if (!at) continue;
    services.scheduler.enqueue({
      kind: DEADLINE_KIND,
      uniqueKey: `${retro.id}:${which}@${at}`,
      runAt: at,
      organizationId: retro.organization_id,
      payload: { retroId: retro.id, which } satisfies DeadlinePayload,
    });
  }
}

/** Closes one deadline if it has passed; returns the phase the retro is in afterwards (null: no such retro). */
export function closeRetroDeadline(services: Services, payload: DeadlinePayload, ctx: Pick<JobContext, 'now'>): RetroPhase | null {
  const retro = findRetro(services, payload.retroId);
  if (!retro) return null;
  const deadline = payload.which === 'reflect' ? retro.reflect_deadline : retro.vote_deadline;
  if (!deadline) return retro.phase;
  if (deadline > ctx.now.toISOString()) {
    // Moved later since this job was queued: the job of the new instant does it.
    scheduleRetroDeadlines(services, retro);
    return retro.phase;
  }
  if (!isFeatureAreaOn(services.db, retro.organization_id, 'SPRINT_RETROS')) return retro.phase;
  let phase = retro.phase;
  for (const to of CLOSES[payload.which][phase] ?? []) {
    if (!stepRetroPhase(services, retro, phase, to)) break;
    phase = to;
  }
  return findRetro(services, retro.id)?.phase ?? phase;
}

// A retro made by hand with deadlines gets its jobs when it starts moving (inside the move's transaction).
onRetroPhase((change) => {
  if (change.to === 'DISCUSS' || change.to === 'SUMMARY') return;
  const retro = findRetro(change.services, change.retroId);
  if (retro && (retro.reflect_deadline || retro.vote_deadline)) scheduleRetroDeadlines(change.services, { ...retro, phase: change.to });
});

export function registerRetroDeadlines(app: FastifyInstance): void {
  app.services.scheduler.register<DeadlinePayload>(DEADLINE_KIND, (payload, ctx) => {
    closeRetroDeadline(app.services, payload, ctx);
  });
}
