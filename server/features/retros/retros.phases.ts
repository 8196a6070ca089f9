import { conflict, notFound } from '../../../shared/app-error.js';
import { RETRO_PHASES, RETRO_PHASE_LABELS, type RetroPhase } from '../../../shared/retros.js';
import type { Db } from '../../db/connection.js';
import type { Services } from '../../services.js';
import type { RetroRow } from './retros.access.js';
import { changeRetro, runPhaseListeners } from './retros.live.js';
import { presentUserIds } from './retros.presence.js';
import { insertParticipant, patchRetro } from './retros.meeting.repo.js';
import { findRetro, findRetroById, hasEarlierRetro } from './retros.repo.js';

/** The phases a retro goes through, in order: optional ones only when they apply. */
export function phasesOf(retro: Pick<RetroRow, 'check_in_question' | 'health_statements'>, earlier: boolean): RetroPhase[] {
  const out: RetroPhase[] = ['SCHEDULED'];
  if (retro.check_in_question) out.push('CHECK_IN');
  if (earlier) out.push('REVIEW_ACTIONS');
  if (retro.health_statements?.length) out.push('HEALTH');
  out.push('REFLECT', 'GROUP', 'VOTE', 'DISCUSS', 'SUMMARY');
  return out;
}

export const retroPhases = (db: Db, retro: RetroRow): RetroPhase[] => phasesOf(retro, hasEarlierRetro(db, retro));

export const phaseLabel = (phase: RetroPhase): string => RETRO_PHASE_LABELS[phase];

/** Why a move from `from` to `to` is refused (null: allowed). `current` is the retro's phase now. */
export function phaseMoveRefusal(phases: readonly RetroPhase[], current: RetroPhase, from: RetroPhase, to: RetroPhase): string | null {
  if (current !== from) {
    if (current === 'SUMMARY') return 'The retro has already ended.';
    return `The retro has already moved to ${phaseLabel(current)}.`;
  }
  if (current === 'SUMMARY') return 'The retro has already ended.';
  // The first of this retro's phases after the current one (robust if the optional ones changed meanwhile).
  const next = phases.find((p) => RETRO_PHASES.indexOf(p) > RETRO_PHASES.indexOf(current)) ?? 'SUMMARY';
  if (to === next) return null;
  if (to === 'SUMMARY' && current !== 'SCHEDULED') return null;
  if (current === 'SCHEDULED') return `Start the retro first: the next phase is ${phaseLabel(next)}.`;
  return `The retro is in ${phaseLabel(current)}: it can move on to ${phaseLabel(next)} or end (Summary), not to ${phaseLabel(to)}.`;
}

/**
 * Moves a retro from `from` (must be its phase now, else CONFLICT) to `to` (the next phase of this
 * retro, or SUMMARY from any started phase, else CONFLICT), in one transaction with the work other
 * parts hang on phase changes (onRetroPhase). Who may do it is the caller's check: the resolver
 * checks the facilitator; the scheduler (async deadlines) calls it with no viewer.
 */
export function moveRetroPhase(services: Services, orgId: string, retroId: string, from: RetroPhase, to: RetroPhase): RetroRow {
  const { db } = services;
  changeRetro(services, retroId, () => {
    const retro = findRetro(db, orgId, retroId);
    if (!retro) throw notFound('Retro');
    const refusal = phaseMoveRefusal(retroPhases(db, retro), retro.phase, from, to);
    if (refusal) throw conflict(refusal);
    const at = new Date().toISOString();
    patchRetro(db, retroId, {
      phase: to,
      ...(retro.phase === 'SCHEDULED' ? { started_at: at } : {}),
      ...(to === 'SUMMARY' ? { ended_at: at } : {}),
    });
    if (retro.phase === 'SCHEDULED') {
      // People who had the meeting open before it started took part.
      for (const userId of presentUserIds(services, retroId)) {
        insertParticipant(db, retroId, userId);
      }
    }
    runPhaseListeners({ services, organizationId: orgId, retroId, from, to, at });
  });
  return findRetroById(db, retroId)!;
}
