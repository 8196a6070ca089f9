import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { badInput, forbidden, notFound } from '../../../shared/app-error.js';
import { completionStatus } from '../../../shared/completion.js';
import { FEEDBACK_LIMITS } from '../../../shared/feedback.js';
import { isoDay } from '../../../shared/iso-day.js';
import { requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import type { FeaturePart } from '../feature-part.js';
import { findTeamById, type TeamRow } from '../teams/teams.repo.js';
import type { UserRow } from '../users/users.repo.js';
import { managesAnyone, peopleInScope, periodCounts, teamsInScope } from './feedback.progress.repo.js';
import { registerFeedbackNudges } from './feedback.nudges.js';

import { addDays, todayIn, UTC } from '../../../shared/dates.js';
import { addDaysToDay } from '../../../shared/dates.days.js';

/**
 * Continuous feedback: team progress (docs/decisions/0048). Managers see the teams they manage or
 * lead and their direct reports, grouped by team (people in no team under a null team); admins
 * every team; anyone else FORBIDDEN. Per person in the period: feedback given and received (counts,
 * never content), asks of them that count (declined and cancelled ones do not) and answered ones,
 * banded by the one shared completionStatus; `quiet` when nothing was received for 60 days (counted
 * from the person's start when they never received any). Four statements, whatever the size.
 * Nudges to managers of quiet people: feedback.nudges.ts.
 */

type Ctx = MercuriusContext;
const DEFAULT_DAYS = 90;

export type FeedbackBand = { percent: number; band: string };

/** Completion, banded by shared/completion.ts; null when nobody was asked. */
export function feedbackBand(done: number, total: number): FeedbackBand | null {
  const status = completionStatus(done, total);
  return status.percent === null ? null : { percent: status.percent, band: status.band };
}

const periodSchema = z
  .object({ from: isoDay.nullish(), to: isoDay.nullish(), team_id: z.string().min(1).nullish() })
  .refine((p) => !p.from || !p.to || p.from <= p.to, { message: 'The period must start on or before its end.', path: ['from'] });

type PersonProgress = {
  user: UserRow;
  given: number;
  received: number;
  asked: number;
  answered: number;
  completion: FeedbackBand | null;
  last_received_at: string | null;
  quiet: boolean;
};
type TeamProgress = {
  team: TeamRow | null;
  people: PersonProgress[];
  given: number;
  received: number;
  asked: number;
  answered: number;
  completion: FeedbackBand | null;
  quiet: number;
};

export function feedbackTeamProgress(ctx: Ctx, args: { from?: string | null; to?: string | null; team_id?: string | null }): TeamProgress[] {
  const viewer = requireViewer(ctx);
  const { db } = ctx.services;
  const admin = viewer.permissionLevel === 'ADMIN';
  // Who may ask comes before what they asked: a member learns nothing from the input's checks.
  if (!admin && viewer.permissionLevel !== 'MANAGER' && !managesAnyone(db, viewer.organizationId, viewer.userId)) {
    throw forbidden('Only managers, team leads and admins can see team progress.');
  }
  const input = parseInput(periodSchema, args);
  if (input.team_id) {
    const team = findTeamById(db, viewer.organizationId, input.team_id);
    if (!team || team.deleted_at) throw notFound('Team');
  }
  const now = ctx.services.scheduler.now();
  const to = input.to ?? todayIn(UTC, now);
  const from = input.from ?? addDaysToDay(to, -(DEFAULT_DAYS - 1));
  if (from > to) throw badInput('The period must start on or before its end.', { fields: { from: 'The period must start on or before its end.' } });

  const scope = { orgId: viewer.organizationId, me: viewer.userId, admin, teamId: input.team_id ?? null };
  const people = peopleInScope(db, scope);
  const teams = teamsInScope(db, scope);
  const counts = periodCounts(
    db,
    viewer.organizationId,
    people.map((p) => p.id),
    from,
    addDaysToDay(to, 1),
    admin && !scope.teamId,
  );
  const quietBefore = addDays(now, -FEEDBACK_LIMITS.quietDays).toISOString();

  const groups = new Map<string | null, TeamProgress>();
  const groupOf = (team: TeamRow | null): TeamProgress => {
    const key = team?.id ?? null;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { team, people: [], given: 0, received: 0, asked: 0, answered: 0, completion: null, quiet: 0 }));
    return g;
  };
  for (const team of teams) groupOf(team);
  const teamById = new Map(teams.map((t) => [t.id, t]));
  for (const user of people) {
    const received = counts.received.get(user.id);
    const asks = counts.asks.get(user.id) ?? { asked: 0, answered: 0 };
    const last = received?.last ?? null;
    const person: PersonProgress = {
      user,
      given: counts.given.get(user.id) ?? 0,
      received: received?.n ?? 0,
      asked: asks.asked,
      answered: asks.answered,
      completion: feedbackBand(asks.answered, asks.asked),
      last_received_at: last,
      quiet: (last ?? user.created_at) <= quietBefore,
    };
    const g = groupOf((user.team_id && teamById.get(user.team_id)) || null);
    g.people.push(person);
    g.given += person.given;
    g.received += person.received;
    g.asked += person.asked;
    g.answered += person.answered;
    if (person.quiet) g.quiet += 1;
  }
  const out = [...groups.values()];
  for (const g of out) g.completion = feedbackBand(g.answered, g.asked);
  // Teams by name (as listed), people in no team last.
  return out.sort((a, b) => (a.team ? 0 : 1) - (b.team ? 0 : 1));
}

export const feedbackProgressPart: FeaturePart = {
  resolvers: {
    Query: {
      feedbackTeamProgress: (_: unknown, args: { from?: string | null; to?: string | null; team_id?: string | null }, ctx: Ctx) =>
        feedbackTeamProgress(ctx, args),
    },
  },
  register: (app) => registerFeedbackNudges(app),
};
