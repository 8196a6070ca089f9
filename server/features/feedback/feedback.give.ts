import type { MercuriusContext } from 'mercurius';
import { badInput, conflict, forbidden } from '../../../shared/app-error.js';
import { FEEDBACK_REACTIONS, giveFeedbackSchema, type FeedbackReaction, type GiveFeedbackInput } from '../../../shared/feedback.js';
import { requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import type { Services } from '../../services.js';
import { anyAdminOf, type Viewer } from '../auth/viewer.js';
import type { FeaturePart } from '../feature-part.js';
import { notify } from '../notifications/notifications.deliver.js';
import { findUserById, type UserRow } from '../users/users.repo.js';
import { deleteFeedbackRow, insertFeedback, toggleReaction } from './feedback.give.repo.js';
import { feedbackReadResolvers, requireReadableFeedback } from './feedback.read.js';
import { findReadableFeedback, type FeedbackRow } from './feedback.read.repo.js';
import { sharePraiseToSlack, slackConnected } from './feedback.slack.js';
import { praiseChanged } from './feedback.live.js';
import { findActiveFeedbackTags } from './feedback.tags.repo.js';
import { canDeleteFeedback, feedbackTypeResolvers, FEEDBACK_DELETE_WINDOW_MS } from './feedback.types.js';

type Ctx = MercuriusContext;

/** GraphQL inputs may carry nulls where the shared schemas expect a missing key. */
const withoutNulls = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== null));

const refuse = (field: string, message: string) => badInput(message, { fields: { [field]: message } });

/** The recipient: a person of the viewer's organization, not removed, not deactivated, not the viewer. */
function requireRecipient(services: Services, viewer: Viewer, id: string): UserRow {
  const recipient = findUserById(services.db, viewer.organizationId, id);
  if (!recipient) throw refuse('recipient_id', 'Choose someone in your organization to give feedback to.');
  if (recipient.id === viewer.userId) throw refuse('recipient_id', 'Feedback is for someone else: you cannot give it to yourself.');
  if (recipient.status === 'DEACTIVATED') throw refuse('recipient_id', `${recipient.full_name}'s account is deactivated: they cannot receive feedback.`);
  return recipient;
}

/** Checks the parts of the input that need the database; the tags found, in the order given. */
function checkGive(services: Services, viewer: Viewer, data: GiveFeedbackInput): { recipient: UserRow; tagIds: string[]; tagNames: string[] } {
  const recipient = requireRecipient(services, viewer, data.recipient_id);
  const tagIds = [...new Set(data.tag_ids)];
  const tags = new Map(findActiveFeedbackTags(services.db, viewer.organizationId, tagIds).map((t) => [t.id, t.name]));
  if (tags.size !== tagIds.length) throw refuse('tag_ids', "Choose tags from your organization's current values and competencies.");
  if (data.share_to_slack) {
    if (data.visibility !== 'PUBLIC') throw refuse('share_to_slack', 'Only public praise can be shared to Slack.');
    if (!slackConnected(services, viewer.organizationId))
      throw refuse('share_to_slack', 'Slack is not connected to your organization: an admin connects it in the settings.');
  }
  return { recipient, tagIds, tagNames: tagIds.map((id) => tags.get(id)!) };
}

/** Notifications keep bodies under 4,000 characters. */
const NOTIFY_BODY_MAX = 3_900;

/**
 * Giving feedback and praise (docs/decisions/0048): to anyone active or invited in the viewer's
 * organization but themself, with a visibility chosen before sending (REQUESTER only comes from
 * answering a request), tags from the organization's active ones, and for public praise a post to
 * the organization's Slack channel. The recipient is notified (feedback_received). The giver may
 * delete an item within 24 hours. Reactions are for public praise. This part also answers the
 * reads (feedback.read.ts) and the Feedback and FeedbackTag types (feedback.types.ts).
 */
export const feedbackGivePart: FeaturePart = {
  resolvers: {
    ...feedbackTypeResolvers(),
    Query: feedbackReadResolvers.Query,
    Mutation: {
      giveFeedback: async (_: unknown, args: { input: Record<string, unknown> }, ctx: Ctx): Promise<FeedbackRow> => {
        const viewer = requireViewer(ctx);
        const { services } = ctx;
        const data = parseInput(giveFeedbackSchema, withoutNulls(args.input));
        const { recipient, tagIds, tagNames } = checkGive(services, viewer, data);
        const row = insertFeedback(services.db, {
          organizationId: viewer.organizationId,
          giverId: viewer.userId,
          createdAt: new Date(services.scheduler.now()).toISOString(),
          recipient_id: recipient.id,
          body: data.body,
          visibility: data.visibility,
          tag_ids: tagIds,
        });
        const giverName = findUserById(services.db, viewer.organizationId, viewer.userId)?.full_name ?? 'Someone';
        // Feedback admins may not read (PRIVATE, MANAGER) is told without its words or its giver: the
        // mail reaches every admin's outbox (docs/decisions/0055). Public praise is everyone's to read.
        const open = !!findReadableFeedback(services.db, anyAdminOf(viewer.organizationId), row.id);
        void notify(services, {
          organizationId: viewer.organizationId,
          userIds: [recipient.id],
          kind: 'feedback_received',
          private: !open,
          title: open ? `${giverName} praised you` : 'You received feedback',
          body: data.body.length > NOTIFY_BODY_MAX ? `${data.body.slice(0, NOTIFY_BODY_MAX)}…` : data.body,
          link: '/continuous-feedback',
        });
        if (data.share_to_slack) {
          const shared = await sharePraiseToSlack(services, {
            organizationId: viewer.organizationId,
            feedbackId: row.id,
            giverName,
            recipientName: recipient.full_name,
            body: data.body,
            tagNames,
          });
          if (shared) {
            praiseChanged(services, viewer.organizationId, row.id);
            return requireReadableFeedback(ctx, viewer, row.id);
          }
        }
        if (data.visibility === 'PUBLIC') praiseChanged(services, viewer.organizationId, row.id);
        return row;
      },
      deleteFeedback: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const row = requireReadableFeedback(ctx, viewer, args.id);
        if (row.giver_id !== viewer.userId) throw forbidden('Only the person who gave this feedback can delete it.');
        if (row.request_id) throw conflict('An answer to a feedback request cannot be deleted.');
        if (!canDeleteFeedback(row, viewer.userId, ctx.services.scheduler.now())) {
          throw conflict(`Feedback can be deleted only within ${FEEDBACK_DELETE_WINDOW_MS / 3_600_000} hours of giving it.`);
        }
        deleteFeedbackRow(ctx.services.db, viewer.organizationId, row.id);
        if (row.visibility === 'PUBLIC') praiseChanged(ctx.services, viewer.organizationId, row.id);
        return true;
      },
      toggleFeedbackReaction: (_: unknown, args: { id: string; reaction: FeedbackReaction }, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const row = requireReadableFeedback(ctx, viewer, args.id);
        if (row.visibility !== 'PUBLIC') throw refuse('id', 'Reactions are for public praise only.');
        if (!FEEDBACK_REACTIONS.includes(args.reaction)) throw refuse('reaction', 'Choose one of the reactions offered.');
        toggleReaction(ctx.services.db, viewer.organizationId, row.id, viewer.userId, args.reaction, new Date(ctx.services.scheduler.now()).toISOString());
        praiseChanged(ctx.services, viewer.organizationId, row.id);
        return row;
      },
    },
  },
};
