import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { badInput, conflict, forbidden, notFound } from '../../../shared/app-error.js';
import { RETRO_LIMITS, createRetroSchema, retroSettingsSchema, type RetroPhase } from '../../../shared/retros.js';
import { requireViewer } from '../../graphql/context.js';
import { indexBy } from '../../graphql/loaders.js';
import { topics } from '../../graphql/pubsub.js';
import { parseInput } from '../../lib/parse.js';
import type { Services } from '../../services.js';
import { isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import { findSprintsByIds } from '../sprints/sprints.repo.js';
import { findTeamById, listTeams, listTeamsByIds } from '../teams/teams.repo.js';
import { loadTeam, loadUser } from '../users/users.loaders.js';
import { authorToken, checkedAccess, retroAccess, teamRelation, viewerTeamIds, type RetroAccess, type RetroRow, type TeamRelation } from './retros.access.js';
import { announceRetro, changeRetro } from './retros.live.js';
import { scheduleRetroDeadlines } from './retros.automation.deadlines.js';
import { retroEvents } from './retros.meeting.events.js';
import type { RetroPart } from './retros.part.js';
import { moveRetroPhase, phasesOf } from './retros.phases.js';
import { participationOf, participationResolvers } from './retros.participation.js';
import { joinPresence, leavePresence, presentUserIds } from './retros.presence.js';
import { canTakePart, findRetro, insertRetro, listRetros, listUpcomingRetros, retroSettingsPatch, type RetroListStatus } from './retros.repo.js';
import { loadRetroState, type RetroState } from './retros.state.js';
import { stopTyping } from './retros.typing.js';
import { deleteRetroNotStarted, insertParticipant, patchRetro, retroRunTimes, saveCheckIn, saveHealthAnswer } from './retros.meeting.repo.js';

type Ctx = MercuriusContext;
const orgOf = (ctx: Ctx) => ctx.viewer?.organizationId ?? '';

/** The live state rows of the retro at the version being resolved (shared across viewers). */
export const stateOf = (ctx: Ctx, r: RetroRow): RetroState => loadRetroState(ctx.services.db, r.id, r.version);

/** The viewer's relation to a team, once per request and team. */
export function relationTo(ctx: Ctx, teamId: string): Promise<TeamRelation> {
  const viewer = requireViewer(ctx);
  return ctx.loaders
    .get<TeamRelation>('retros.relation', (ids) => new Map(ids.map((id) => [id, teamRelation(ctx.services.db, viewer, id)])), {
      member: false,
      leads: false,
      admin: false,
    })
    .load(teamId);
}

const running = (r: Pick<RetroRow, 'started_at' | 'ended_at'>) => !!r.started_at && !r.ended_at;

/** The teams of the viewer's own (their team, and teams they manage or lead), admins included: the dashboard's "my teams". */
function ownTeamIds(ctx: Ctx): string[] {
  const viewer = requireViewer(ctx);
  if (viewer.permissionLevel !== 'ADMIN') return viewerTeamIds(ctx.services.db, viewer) ?? [];
  return viewerTeamIds(ctx.services.db, { ...viewer, permissionLevel: 'MANAGER' }) ?? [];
}

function requireFacilitation(access: RetroAccess, what: string): void {
  if (!access.canFacilitate) throw forbidden(`Only the facilitator, the team's manager or lead, or an admin can ${what}.`);
}

/** Marks a person as having taken part (first presence while running, a check-in, a health answer). */
function markParticipant(services: Services, retroId: string, userId: string): void {
  insertParticipant(services.db, retroId, userId);
}

/**
 * Presence changes are live changes too: while the retro is not over the version grows, so every
 * client keeps the newest answer (and the first presence while it runs makes a participant). An
 * ended retro is not written to for people opening its summary: subscribers are only told.
 */
function presenceChanged(services: Services, retroId: string, userId: string | null): void {
  try {
    const r = retroRunTimes(services.db, retroId);
    if (!r || r.ended_at) {
      announceRetro(services, retroId);
      return;
    }
    changeRetro(services, retroId, () => {
      if (userId && running(r)) markParticipant(services, retroId, userId);
    });
  } catch {
    // The database is closing (shutdown): only tell who is listening.
    try {
      announceRetro(services, retroId);
    } catch {
      /* nobody left */
    }
  }
}

const checkInSchema = z
  .string()
  .trim()
  .min(1, 'Check-in answer cannot be empty.')
  .max(RETRO_LIMITS.checkInMax, `Check-in answer: at most ${RETRO_LIMITS.checkInMax} characters.`);

function healthResults(r: RetroRow, state: RetroState, myToken: string | null) {
  const statements = r.health_statements ?? [];
  return statements.map((statement, index) => {
    const answers = state.health.filter((a) => a.statement_index === index);
    const shown = answers.length >= RETRO_LIMITS.healthMinAnswers;
    const distribution = [0, 0, 0, 0, 0];
    for (const a of answers) if (a.score >= 1 && a.score <= 5) distribution[a.score - 1]! += 1;
    const mine = myToken && running(r) ? answers.find((a) => a.voter_token === myToken) : undefined;
    return {
      index,
      statement,
      answers: answers.length,
      average: shown ? Math.round((answers.reduce((s, a) => s + a.score, 0) / answers.length) * 100) / 100 : null,
      distribution: shown ? distribution : null,
      my_score: mine?.score ?? null,
    };
  });
}

export const retroMeetingResolvers = {
  Query: {
    retros: (_: unknown, args: { team_id?: string | null; status?: RetroListStatus | null }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      return listRetros(ctx.services.db, viewer.organizationId, viewerTeamIds(ctx.services.db, viewer), { teamId: args.team_id, status: args.status });
    },
    retro: (_: unknown, args: { id: string }, ctx: Ctx) => retroAccess(ctx.services.db, requireViewer(ctx), args.id).retro,
    retroTeams: (_: unknown, __: unknown, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const ids = viewerTeamIds(ctx.services.db, viewer);
      if (ids && !ids.length) return [];
      return ids ? listTeamsByIds(ctx.services.db, viewer.organizationId, ids) : listTeams(ctx.services.db, viewer.organizationId);
    },
    upcomingRetros: (_: unknown, __: unknown, ctx: Ctx) => listUpcomingRetros(ctx.services.db, orgOf(ctx), ownTeamIds(ctx), 10),
  },
  Mutation: {
    createRetro: (_: unknown, args: { input: unknown }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const input = parseInput(createRetroSchema, args.input);
      const team = findTeamById(ctx.services.db, viewer.organizationId, input.team_id);
      if (!team) throw badInput('team_id: no such team in this organization.', { fields: { team_id: 'No such team in this organization.' } });
      const relation = teamRelation(ctx.services.db, viewer, team.id);
      if (!relation.member && !relation.leads && !relation.admin)
        throw forbidden('You can create retros only for your own team and the teams you manage or lead.');
      return insertRetro(ctx.services.db, viewer.organizationId, input, viewer.userId);
    },
    updateRetro: (_: unknown, args: { id: string; input: unknown }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const access = retroAccess(ctx.services.db, viewer, args.id);
      // Whoever created the retro may change it until it starts; after that, whoever may facilitate.
      const creatorBeforeStart = access.retro.created_by === viewer.userId && !access.retro.started_at;
      if (!access.canFacilitate && !creatorBeforeStart)
        throw forbidden(
          "Only the facilitator, the team's manager or lead, or an admin can change the settings (and whoever created the retro, until it starts).",
        );
      const input = parseInput(retroSettingsSchema, args.input);
      changeRetro(ctx.services, access.retro.id, () => {
        const retro = findRetro(ctx.services.db, viewer.organizationId, access.retro.id);
        if (!retro) throw notFound('Retro');
        const patch = retroSettingsPatch(ctx.services.db, retro, input);
        if (Object.keys(patch).length) patchRetro(ctx.services.db, retro.id, patch);
      });
      const updated = findRetro(ctx.services.db, viewer.organizationId, access.retro.id);
      // Deadlines set or moved on a running retro close at their new time (retros.automation.deadlines.ts).
      if (updated && updated.phase !== 'SCHEDULED') scheduleRetroDeadlines(ctx.services, updated);
      return updated;
    },
    deleteRetro: (_: unknown, args: { id: string }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const access = retroAccess(ctx.services.db, viewer, args.id);
      if (!access.canFacilitate && access.retro.created_by !== viewer.userId)
        throw forbidden("Only the facilitator, the team's manager or lead, an admin, or whoever created the retro can delete it.");
      if (!deleteRetroNotStarted(ctx.services.db, access.retro.id)) throw conflict('Only a retro that has not started can be deleted.');
      ctx.services.pubsub.publish(topics.retroChanged(access.retro.id), { version: 0 });
      return true;
    },
    setRetroPhase: (_: unknown, args: { id: string; from: RetroPhase; to: RetroPhase }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const access = retroAccess(ctx.services.db, viewer, args.id);
      requireFacilitation(access, 'move the retro to another phase');
      return moveRetroPhase(ctx.services, viewer.organizationId, access.retro.id, args.from, args.to);
    },
    setRetroFacilitator: (_: unknown, args: { id: string; user_id: string }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const access = retroAccess(ctx.services.db, viewer, args.id);
      if (!access.canFacilitate) throw forbidden("Only the facilitator can hand the role over; the team's manager or lead or an admin can take it over.");
      if (!canTakePart(ctx.services.db, viewer.organizationId, access.retro.team_id, args.user_id)) {
        throw badInput('user_id: the facilitator must be a member, the manager or the lead of the team, or an admin.', {
          fields: { user_id: "Choose someone who takes part in this team's retros." },
        });
      }
      changeRetro(ctx.services, access.retro.id, () => {
        const retro = findRetro(ctx.services.db, viewer.organizationId, access.retro.id);
        if (!retro) throw notFound('Retro');
        if (retro.ended_at) throw conflict('The retro has ended: there is nothing left to facilitate.');
        patchRetro(ctx.services.db, retro.id, { facilitator_id: args.user_id });
      });
      return findRetro(ctx.services.db, viewer.organizationId, access.retro.id);
    },
    answerRetroCheckIn: (_: unknown, args: { id: string; answer: string }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const access = retroAccess(ctx.services.db, viewer, args.id);
      const answer = parseInput(z.object({ answer: checkInSchema }), { answer: args.answer }).answer;
      changeRetro(ctx.services, access.retro.id, () => {
        const retro = findRetro(ctx.services.db, viewer.organizationId, access.retro.id);
        if (!retro) throw notFound('Retro');
        if (retro.phase !== 'CHECK_IN') throw conflict(retro.check_in_question ? 'The check-in is over.' : 'This retro has no check-in.');
        saveCheckIn(ctx.services.db, retro.id, viewer.userId, answer);
      });
      return findRetro(ctx.services.db, viewer.organizationId, access.retro.id);
    },
    answerRetroHealth: (_: unknown, args: { id: string; index: number; score: number }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const access = retroAccess(ctx.services.db, viewer, args.id);
      const statements = access.retro.health_statements ?? [];
      if (!Number.isInteger(args.score) || args.score < 1 || args.score > 5)
        throw badInput('score: a score from 1 (strongly disagree) to 5 (strongly agree).', { fields: { score: 'A score from 1 to 5.' } });
      changeRetro(ctx.services, access.retro.id, () => {
        const retro = findRetro(ctx.services.db, viewer.organizationId, access.retro.id);
        if (!retro) throw notFound('Retro');
        if (retro.phase !== 'HEALTH') throw conflict(retro.health_statements?.length ? 'The health check is not open now.' : 'This retro has no health check.');
        if (!Number.isInteger(args.index) || args.index < 0 || args.index >= statements.length)
          throw badInput(`index: this health check has statements 0 to ${statements.length - 1}.`, { fields: { index: 'No such statement.' } });
        const token = authorToken(retro, viewer.userId);
        if (!token) throw conflict('The retro has ended.');
        saveHealthAnswer(ctx.services.db, retro.id, args.index, token, args.score);
        markParticipant(ctx.services, retro.id, viewer.userId);
      });
      return findRetro(ctx.services.db, viewer.organizationId, access.retro.id);
    },
  },
  Subscription: {
    retroChanged: {
      // Access is checked here (NOT_FOUND for another organization's or an unknown retro) and again for every event.
      subscribe: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const { retro } = retroAccess(ctx.services.db, viewer, args.id);
        const services = ctx.services;
        const events = retroEvents(
          services.pubsub,
          topics.retroChanged(retro.id),
          () => {
            // Leaving also ends their "is writing" (in the same version change).
            if (leavePresence(services, retro.id, viewer.userId)) {
              stopTyping(services, retro.id, viewer.userId);
              presenceChanged(services, retro.id, null);
            }
          },
          () => isFeatureAreaOn(services.db, viewer.organizationId, 'SPRINT_RETROS'),
        );
        if (joinPresence(services, retro.id, viewer.userId)) presenceChanged(services, retro.id, viewer.userId);
        return events;
      },
      // Each event is the state as it is when this subscriber's event is made (coalesced: never an older one after a newer one).
      resolve: (_event: unknown, args: { id: string }, ctx: Ctx) => retroAccess(ctx.services.db, requireViewer(ctx), args.id).retro,
    },
  },
  Retro: {
    team: (r: RetroRow, _: unknown, ctx: Ctx) => loadTeam(ctx, r.team_id),
    sprint: (r: RetroRow, _: unknown, ctx: Ctx) =>
      r.sprint_id
        ? ctx.loaders.get('retros.sprint', (ids) => indexBy(findSprintsByIds(ctx.services.db, orgOf(ctx), ids), (s) => s.id), null).load(r.sprint_id)
        : null,
    facilitator: (r: RetroRow, _: unknown, ctx: Ctx) => loadUser(ctx, r.facilitator_id),
    phases: (r: RetroRow, _: unknown, ctx: Ctx) => phasesOf(r, stateOf(ctx, r).earlier),
    viewer_is_facilitator: (r: RetroRow, _: unknown, ctx: Ctx) => r.facilitator_id === requireViewer(ctx).userId,
    viewer_can_facilitate: async (r: RetroRow, _: unknown, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const known = checkedAccess(r, viewer.userId);
      if (known) return known.canFacilitate;
      if (r.facilitator_id === viewer.userId) return true;
      const rel = await relationTo(ctx, r.team_id);
      return rel.leads || rel.admin;
    },
    presence: async (r: RetroRow, _: unknown, ctx: Ctx) =>
      (await Promise.all(presentUserIds(ctx.services, r.id).map((id) => loadUser(ctx, id)))).filter((u) => u),
    check_ins: async (r: RetroRow, _: unknown, ctx: Ctx) => {
      const rows = stateOf(ctx, r).participants;
      const people = await Promise.all(rows.map((p) => loadUser(ctx, p.user_id)));
      return rows.map((p, i) => ({ user: people[i], answer: p.check_in })).filter((c) => c.user);
    },
    health: (r: RetroRow, _: unknown, ctx: Ctx) => healthResults(r, stateOf(ctx, r), authorToken(r, requireViewer(ctx).userId)),
    participation: (r: RetroRow, _: unknown, ctx: Ctx) => participationOf(r, ctx),
  },
};

export const retroMeetingPart: RetroPart = { resolvers: { ...retroMeetingResolvers, ...participationResolvers } };
