import type { FastifyInstance } from 'fastify';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { withFeatureArea } from '../feature-areas/feature-areas.guard.js';
import type { FeaturePart } from '../feature-part.js';
import { notesRules } from './notes.rules.js';
import { notesSchema } from './notes.schema.js';
import { notesCrudPart } from './notes.crud.js';
import { notesSearchPart } from './notes.search.js';
import { notesAgendaPart } from './notes.agenda.js';
import { notesLivePart } from './notes.live.js';
import { notesExportPart } from './notes.export.js';

/**
 * Notes and 1:1 notes (docs/decisions/0048, 0056): writing, pinning, tagging and sharing (crud),
 * ranked full-text search over FTS5 (search), the shared 1:1 agenda (agenda), live changes (live)
 * and the Markdown export of one's own notes (export). Private means private: nobody but the author
 * reads a note; once shared, the person it is about reads its shared parts (title, talking points,
 * next 1:1 date) and writes a private part of their own; neither reads the other's private part.
 * Closed when an admin switches NOTES off.
 */
export async function notesFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, notesRules);
  app.graphql.extendSchema(notesSchema);
  const parts: FeaturePart[] = [notesCrudPart, notesSearchPart, notesAgendaPart, notesLivePart, notesExportPart];
  for (const part of parts) app.graphql.defineResolvers(withFeatureArea('NOTES', part.resolvers) as never);
  for (const part of parts) await part.register?.(app);
}
