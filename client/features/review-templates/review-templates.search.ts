import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.js';

/** /reviews/templates?archived=true&view=edit&id=… : which screen of the templates area is open. */
export const reviewTemplatesSearchSchema = lazySchema(() =>
  z.object({
    archived: z.boolean().optional().catch(undefined),
    view: z.enum(['new', 'edit', 'preview']).optional().catch(undefined),
    id: z.string().min(1).max(64).optional().catch(undefined),
  }),
);
export type ReviewTemplatesSearch = z.infer<typeof reviewTemplatesSearchSchema>;

/** The template a view needs loaded, if any. */
export const openTemplateId = (search: ReviewTemplatesSearch): string | undefined =>
  search.view === 'edit' || search.view === 'preview' ? search.id : undefined;
