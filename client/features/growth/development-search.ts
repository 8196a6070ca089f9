import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.js';

/**
 * The address of /professional-development: `?user=` a report's plan (managers, admins, a mentor);
 * absent, the viewer's own. A module of its own: the route's validateSearch stays in the entry
 * chunk without pulling the page in.
 */
export const developmentSearchSchema = lazySchema(() => z.object({ user: z.string().min(1).max(64).optional().catch(undefined) }));
export type DevelopmentSearch = z.infer<typeof developmentSearchSchema>;

/** /professional-development/team-progress: `?team=` one team's people (`none`: people in no team). */
export const teamProgressSearchSchema = lazySchema(() => z.object({ team: z.string().min(1).max(64).optional().catch(undefined) }));
export type TeamProgressSearch = z.infer<typeof teamProgressSearchSchema>;
