import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.js';

/**
 * The address of /goals/team-goals: the team shown and the view (the team's goals, or the alignment
 * tree of the whole organization). A module of its own: the route's validateSearch stays in the
 * app's entry chunk and must not pull the page in with it.
 */
export const teamGoalsSearchSchema = lazySchema(() =>
  z.object({
    team: z.string().min(1).max(64).optional().catch(undefined),
    view: z.enum(['tree']).optional().catch(undefined),
  }),
);
export type TeamGoalsSearch = z.infer<typeof teamGoalsSearchSchema>;
