import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { requireAdmin, requireViewer } from '../../graphql/context.js';
import { topics } from '../../graphql/pubsub.js';
import { parseInput } from '../../lib/parse.js';
import { countUnread, listNotifications, listOutbox, markRead } from './notifications.repo.js';
import { slackSettings } from './notifications.slack.graphql.js';
import { isOperatorOrganization } from '../install/install.sign-up.js';
import { requestIp } from '../audit/audit.actor.js';
import { recordOutboxLinksViewed } from '../audit/audit.outbox.js';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { notificationsRules } from './notifications.rules.js';
import { outboxForAdmin } from './notifications.outbox.js';
import { forgetDeadOutboxLinks } from './notifications.outbox-links.repo.js';
import { registerOutboxRetention } from './notifications.outbox-retention.js';

const schema = /* GraphQL */ `
  type Notification { id: ID! kind: String! title: String! body: String link: String created_at: DateTime! read_at: DateTime }
  type OutboxMail {
    id: ID! to: String! subject: String! text: String! link: String created_at: DateTime! sent_at: DateTime error: String
    "Why the link is not shown (it opens another admin's account); null otherwise."
    link_withheld: String
  }
  extend type Query {
    notifications(unreadOnly: Boolean, limit: Int): [Notification!]!
    unreadNotificationCount: Int!
    "Mail the server sent or kept for this organization (admin), and for the operator organization also the install's own mail (sign-up links): without SMTP, admins hand out links from here. A link is kept only while it works and the mail was not sent; the text then says the link was used, replaced, expired or sent."
    emailOutbox(limit: Int): [OutboxMail!]!
  }
  extend type Mutation {
    "Marks these notifications (all when ids is omitted) as read; returns how many changed."
    markNotificationsRead(ids: [ID!]): Int!
  }
  extend type Subscription { notificationAdded: Notification! }
`;

const limitSchema = z
  .number()
  .int()
  .min(1)
  .max(500)
  .nullish()
  .transform((v) => v ?? 50);

export async function notificationsFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, notificationsRules);
  app.graphql.extendSchema(schema);
  app.graphql.defineResolvers({
    Query: {
      notifications: (_: unknown, args: { unreadOnly?: boolean | null; limit?: number | null }, ctx: MercuriusContext) =>
        listNotifications(ctx.services.db, requireViewer(ctx).userId, { unreadOnly: !!args.unreadOnly, limit: parseInput(limitSchema, args.limit) }),
      unreadNotificationCount: (_: unknown, __: unknown, ctx: MercuriusContext) => countUnread(ctx.services.db, requireViewer(ctx).userId),
      emailOutbox: (_: unknown, args: { limit?: number | null }, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        const orgId = viewer.organizationId;
        // The operator organization's admins also see the install's own mail (sign-up links).
        const list = () => listOutbox(ctx.services.db, orgId, parseInput(limitSchema, args.limit), isOperatorOrganization(ctx.services.db, orgId));
        let rows = list();
        // Links replaced or expired since the daily job ran are shown as such, not as links (0044).
        if (forgetDeadOutboxLinks(ctx.services.db, { ids: rows.filter((r) => r.link).map((r) => r.id) }) > 0) rows = list();
        // Links of co-admins are withheld; the links shown are audited and their people told (0045).
        const shown = outboxForAdmin(ctx.services.db, viewer, rows);
        recordOutboxLinksViewed(ctx.services, viewer, requestIp(ctx), shown);
        return shown;
      },
    },
    Mutation: {
      markNotificationsRead: (_: unknown, args: { ids?: string[] | null }, ctx: MercuriusContext) =>
        markRead(ctx.services.db, requireViewer(ctx).userId, args.ids ?? null),
    },
    Subscription: {
      notificationAdded: {
        subscribe: (_: unknown, __: unknown, ctx: MercuriusContext) => ctx.services.pubsub.subscribe(topics.notificationAdded(requireViewer(ctx).userId)),
        resolve: (event: unknown) => event,
      },
    },
  } as never);
  await slackSettings(app);
  registerOutboxRetention(app);
}
