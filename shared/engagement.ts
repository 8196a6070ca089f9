import { z } from 'zod';

/** Engagement events fire after 60 s, 600 s and 1800 s on one route (docs/product/session.md). */
export const ENGAGEMENT_MINUTES = [1, 10, 30] as const;
export type EngagementMinutes = (typeof ENGAGEMENT_MINUTES)[number];
export const ENGAGEMENT_PATH_MAX = 200;

/** A route template such as /profile/user-profile/$id: no query, no fragment, no raw ids. */
export const engagementEventSchema = z.object({
  path: z
    .string()
    .max(ENGAGEMENT_PATH_MAX, `At most ${ENGAGEMENT_PATH_MAX} characters.`)
    .regex(/^\/[A-Za-z0-9\-_/$.]*$/, 'Send the route path, starting with "/".'),
  minutes: z
    .number()
    .int()
    .refine((m) => (ENGAGEMENT_MINUTES as readonly number[]).includes(m), 'Minutes must be 1, 10 or 30.'),
});
