import type { RetroPhase } from '../../../shared/retros.js';
import { AppError } from '../../../shared/app-error.js';
import type { Services } from '../../services.js';
import type { RetroRow } from './retros.access.js';
import { moveRetroPhase, retroPhases } from './retros.phases.js';

/**
 * How automation moves a retro's phase without a person: through the meeting's one way to move
 * phases (moveRetroPhase), as the system. A move that finds the phase already moved (CONFLICT) did
 * nothing and says false; anything else is thrown.
 */
export function stepRetroPhase(services: Services, retro: Pick<RetroRow, 'id' | 'organization_id'>, from: RetroPhase, to: RetroPhase): boolean {
  try {
    moveRetroPhase(services, retro.organization_id, retro.id, from, to);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'CONFLICT') return false;
    throw err;
  }
}

/** Opens a retro straight in REFLECT, through the phases it has before (each one move). False if someone moved it meanwhile. */
export function openInReflect(services: Services, retro: RetroRow): boolean {
  const phases = retroPhases(services.db, retro);
  const path = phases.slice(phases.indexOf(retro.phase), phases.indexOf('REFLECT') + 1);
  for (let i = 0; i + 1 < path.length; i += 1) if (!stepRetroPhase(services, retro, path[i]!, path[i + 1]!)) return false;
  return true;
}
