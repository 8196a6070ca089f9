import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/** The `$id` of a detail route (rule 8: params parsed with zod). */
export const idParamsSchema = lazySchema(() => z.object({ id: z.string().min(1).max(64) }));
export const parseIdParams = (params: Record<string, string>) => idParamsSchema.parse(params);
