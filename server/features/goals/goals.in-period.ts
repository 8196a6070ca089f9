import type { MercuriusContext } from 'mercurius';
import { isoDay } from '../../../shared/iso-day.js';
import { requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import type { FeaturePart } from '../feature-part.js';
import { listGoalsInPeriod } from './goals.crud.repo.js';
import { z } from 'zod';

/**
 * Goals part "in period" (docs/decisions/0049): a person's goals of a review period, for the goals
 * panel under a review question (docs/decisions/0050). Goals the PERSON owns that the viewer may read,
 * open or done (not dropped), whose [start_date, due_date] overlaps [from, to]; a missing start is
 * the day the goal was created, a missing due date never ends. Due date first, undated last.
 */
const periodSchema = z
  .object({ user_id: z.string().min(1).max(64), from: isoDay, to: isoDay })
  .refine((p) => p.from <= p.to, { path: ['to'], message: 'The period ends before it starts.' });

export const goalsInPeriodPart: FeaturePart = {
  resolvers: {
    Query: {
      goalsInPeriod: (_: unknown, args: { user_id: string; from: string; to: string }, ctx: MercuriusContext) => {
        const viewer = requireViewer(ctx);
        const { user_id, from, to } = parseInput(periodSchema, args);
        return listGoalsInPeriod(ctx.services.db, viewer, { userId: user_id, from, to });
      },
    },
  },
};
