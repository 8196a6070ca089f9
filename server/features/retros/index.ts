import type { FastifyInstance } from 'fastify';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { withFeatureArea } from '../feature-areas/feature-areas.guard.js';
import { retrosRules } from './retros.rules.js';
import { retrosSchema } from './retros.schema.js';
import { retrosCollabSchema } from './retros.collab.schema.js';
import { retroCollabPart } from './retros.collab.js';
import type { RetroPart } from './retros.part.js';
import { retroMeetingPart } from './retros.meeting.js';
import { retroBoardPart } from './retros.board.js';
import { retroDiscussPart } from './retros.discuss.js';
import { retroActionsPart } from './retros.actions.js';
import { retroSummaryPart } from './retros.summary.js';
import { retroTemplatesPart } from './retros.templates.js';
import { retroAutomationPart } from './retros.automation.js';
import { retroProgressPart } from './retros.progress.js';

/**
 * Sprint retrospectives (docs/decisions/0047): the live meeting (phases, reflections, groups, votes,
 * discussion, action items) over one subscription, templates and health checks, automation, team
 * progress. All of it closes when an admin switches SPRINT_RETROS off (feature-areas.guard.ts).
 * Each part exports its resolvers (and registers its jobs and routes) from its own file.
 */
export async function retrosFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, retrosRules);
  app.graphql.extendSchema(retrosSchema);
  app.graphql.extendSchema(retrosCollabSchema);
  const parts: RetroPart[] = [
    retroMeetingPart,
    retroBoardPart,
    retroDiscussPart,
    retroCollabPart,
    retroActionsPart,
    retroSummaryPart,
    retroTemplatesPart,
    retroAutomationPart,
    retroProgressPart,
  ];
  for (const part of parts) app.graphql.defineResolvers(withFeatureArea('SPRINT_RETROS', part.resolvers) as never);
  for (const part of parts) await part.register?.(app);
}
