import type { MercuriusContext } from 'mercurius';
import { loadUser } from '../users/users.loaders.js';
import type { RetroRow } from './retros.access.js';
import { onRetroPhase } from './retros.live.js';
import { teamSizes } from './retros.repo.js';
import { loadRetroState } from './retros.state.js';
import { countParticipants, patchRetro, retroTeamOf } from './retros.meeting.repo.js';

/**
 * Participation of a retro (docs/decisions/0059): who took part, out of how many team members.
 * While the retro runs it is counted live (the team as it is now). When it ends, the count and the
 * team's size are recorded in the same transaction as the move to SUMMARY, and from then on they
 * are shown from that record: people joining or leaving the team later do not rewrite history.
 * (Retros ended before the record existed got a best-effort one from the migration.)
 */
onRetroPhase(({ services, retroId, to }) => {
  if (to !== 'SUMMARY') return;
  const { db } = services;
  const retro = retroTeamOf(db, retroId);
  if (!retro) return;
  const participants = countParticipants(db, retroId);
  const teamSize = teamSizes(db, retro.organization_id, [retro.team_id]).get(retro.team_id) ?? 0;
  patchRetro(db, retroId, { participants_at_end: participants, team_size_at_end: teamSize });
});

type Participation = { participants: number; team_size: number; reflections: number; votes_cast: number; people_ids: string[] };

/** Retro.participation: the record once the retro ended, the live count before. */
export function participationOf(r: RetroRow, ctx: MercuriusContext): Participation {
  const state = loadRetroState(ctx.services.db, r.id, r.version);
  const recorded = !!r.ended_at && r.participants_at_end !== null && r.team_size_at_end !== null;
  const tallied = state.groups.reduce((s, g) => s + g.votes, 0);
  return {
    participants: recorded ? r.participants_at_end! : state.participants.length,
    team_size: recorded ? r.team_size_at_end! : state.teamSize,
    reflections: state.reflections.length,
    votes_cast: Math.max(state.votes.length, tallied),
    people_ids: state.participants.map((p) => p.user_id),
  };
}

export const participationResolvers = {
  RetroParticipation: {
    /** Who took part (signed by design: it never says what anyone wrote), by name. */
    people: async (p: Participation, _: unknown, ctx: MercuriusContext) => (await Promise.all(p.people_ids.map((id) => loadUser(ctx, id)))).filter((u) => u),
  },
};
