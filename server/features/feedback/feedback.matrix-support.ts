import type { FastifyInstance } from 'fastify';
import { newId } from '../../lib/tokens.js';
import { insertFeedbackRow } from './feedback.test-support.js';
import { insertFeedbackRequest } from './feedback.requests.repo.js';
import { feedbackAutomationRules, feedbackTags, feedbackTemplates } from './feedback.tables.js';

/**
 * The feedback objects of the authorization matrix (server/graphql/authorization-matrix.fixtures.ts,
 * docs/decisions/0041, 0048), written straight into the tables: public praise from the subject's
 * manager to the subject (SIGNED_IN reads and reactions need an item everyone may read); a tag; a
 * template the subject made; a request the subject made about themself (asked of a teammate); an
 * ask of the subject (a teammate's request); a team rule the team's manager made.
 */
export const feedbackRuleInput = (teamId: string) => ({ team_id: teamId, trigger: 'MONTHLY', template_id: 'builtin:general' });
export const feedbackRequestInput = (subjectId: string, responderId: string) => ({
  subject_id: subjectId,
  responder_ids: [responderId],
  template_id: 'builtin:general',
});

/** Feedback the subject gave a teammate just now (deleteFeedback takes a fresh one: it is gone after). */
export function insertGivenFeedback(app: FastifyInstance, orgId: string, giverId: string, recipientId: string): string {
  return insertFeedbackRow(app, { organizationId: orgId, giverId, recipientId, visibility: 'PRIVATE', body: 'Matrix feedback' });
}

export function seedFeedbackObjects(app: FastifyInstance, p: { orgId: string; teamId: string; subjectId: string; ownManagerId: string; peerId: string }) {
  const { db } = app.services;
  const feedbackId = insertFeedbackRow(app, {
    organizationId: p.orgId,
    giverId: p.ownManagerId,
    recipientId: p.subjectId,
    visibility: 'PUBLIC',
    body: 'Matrix praise',
  });
  const tagId = newId();
  db.insert(feedbackTags).values({ id: tagId, organization_id: p.orgId, name: 'Matrix value', kind: 'VALUE' }).run();
  const templateId = newId();
  db.insert(feedbackTemplates)
    .values({ id: templateId, organization_id: p.orgId, name: 'Matrix questions', questions: ['How did it go?'], created_by: p.subjectId })
    .run();
  const request = db.transaction(() =>
    insertFeedbackRequest(db, {
      organizationId: p.orgId,
      requesterId: p.subjectId,
      subjectId: p.subjectId,
      responderIds: [p.peerId],
      templateId: 'builtin:general',
    }),
  );
  const ask = db.transaction(() =>
    insertFeedbackRequest(db, {
      organizationId: p.orgId,
      requesterId: p.peerId,
      subjectId: p.peerId,
      responderIds: [p.subjectId],
      templateId: 'builtin:general',
    }),
  );
  const ruleId = newId();
  db.insert(feedbackAutomationRules)
    .values({ id: ruleId, organization_id: p.orgId, team_id: p.teamId, trigger: 'MONTHLY', template_id: 'builtin:general', created_by: p.ownManagerId })
    .run();
  return { feedbackId, tagId, templateId, requestId: request.requestId, askId: ask.askIds[0]!, ruleId };
}
