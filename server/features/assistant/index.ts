import type { FastifyInstance } from 'fastify';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { warmUpAfterListen } from '../../lib/warm-up.js';
import { withFeatureArea } from '../feature-areas/feature-areas.guard.js';
import type { FeaturePart } from '../feature-part.js';
import { assistantAskRoute } from './assistant.ask.route.js';
import { assistantHistoryPart } from './assistant.history.js';
import { ensureIndex } from './assistant.index.repo.js';
import { ASSISTANT_KINDS } from './assistant.kinds.js';
import { loadNlp } from './assistant.nlp.js';
import { registerAssistantRetention } from './assistant.retention.js';
import { assistantRules } from './assistant.rules.js';
import { assistantSchema } from './assistant.schema.js';
import { assistantSettingsPart } from './assistant.settings.js';

/**
 * The AI assistant (docs/decisions/0066): answers made of the organization's own data as the asker
 * may read it, offline by default, with an optional OpenAI-compatible model. Its search index is kept
 * by triggers made from each source kind's declaration (checked at every start: ensureIndex); asking
 * is POST /api/assistant/ask (server-sent events); settings and history are GraphQL; conversations
 * past their retention go daily. Closed everywhere when an admin switches AI_ASSISTANT off.
 */
export async function assistantFeature(app: FastifyInstance): Promise<void> {
  const started = performance.now();
  const built = ensureIndex(
    app.services.db,
    ASSISTANT_KINDS.map((k) => k.index),
  ).filter((r) => r.rebuilt);
  if (built.some((r) => r.docs > 0)) {
    app.log.info({ kinds: built.map((r) => `${r.kind}:${r.docs}`).join(' '), ms: Math.round(performance.now() - started) }, 'assistant search index rebuilt');
  }
  declareOperationRules(app, assistantRules);
  app.graphql.extendSchema(assistantSchema);
  const parts: FeaturePart[] = [assistantSettingsPart, assistantHistoryPart];
  for (const part of parts) app.graphql.defineResolvers(withFeatureArea('AI_ASSISTANT', part.resolvers) as never);
  await assistantAskRoute(app);
  registerAssistantRetention(app);
  warmUpAfterListen(app, "the assistant's language model", loadNlp);
}
