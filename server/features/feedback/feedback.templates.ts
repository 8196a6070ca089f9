import type { MercuriusContext } from 'mercurius';
import { badInput } from '../../../shared/app-error.js';
import { FEEDBACK_LIMITS, feedbackTemplateInputSchema, type FeedbackTemplateInput } from '../../../shared/feedback.js';
import { templateLifecycle, templateResolvers } from '../templates/templates.lifecycle.js';
import { copyNamed, creatorTemplateRules, parsedWith } from '../templates/templates.stored.js';
import { loadUser } from '../users/users.loaders.js';
import type { FeaturePart } from '../feature-part.js';
import { feedbackTemplateStore, type FeedbackTemplateView } from './feedback.templates.repo.js';

type Ctx = MercuriusContext;

/**
 * Request templates (docs/decisions/0048), through the template lifecycle (docs/decisions/0075):
 * everyone signed in reads them, creates and copies; the creator, the creator's manager and admins
 * edit, archive and restore. Built-ins (shared/feedback.ts) are never changed (BAD_USER_INPUT): copy
 * one to edit it. A request keeps its own copy of the questions (insertFeedbackRequest), so an edit
 * never reaches a sent request.
 */
const feedbackTemplates = templateLifecycle<FeedbackTemplateView, FeedbackTemplateInput>({
  ...creatorTemplateRules('template', badInput),
  noun: 'Feedback template',
  store: feedbackTemplateStore,
  parse: parsedWith(feedbackTemplateInputSchema),
  copyOf: copyNamed(FEEDBACK_LIMITS.templateNameMax),
});

export const feedbackTemplatesPart: FeaturePart = {
  resolvers: {
    ...templateResolvers(feedbackTemplates, {
      list: 'feedbackTemplates',
      create: 'createFeedbackTemplate',
      copy: 'copyFeedbackTemplate',
      update: 'updateFeedbackTemplate',
      archive: 'archiveFeedbackTemplate',
      restore: 'restoreFeedbackTemplate',
    }),
    FeedbackTemplate: {
      created_by: (t: FeedbackTemplateView, _: unknown, ctx: Ctx) => loadUser(ctx, t.created_by),
      can_manage: (t: FeedbackTemplateView, _: unknown, ctx: Ctx) => feedbackTemplates.canChange(ctx, t),
    },
  },
};
