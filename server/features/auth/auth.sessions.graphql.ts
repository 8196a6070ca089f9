import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { requireViewer } from '../../graphql/context.js';
import { topics } from '../../graphql/pubsub.js';
import { revokeUserSessions } from './auth.repo.js';
import { auditActor } from '../audit/audit.actor.js';
import { recordAudit } from '../audit/audit.repo.js';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { authRules } from './auth.rules.js';

/**
 * "Sign out everywhere": revokes every live session of the caller, this one included,
 * the same way a sign-out does (sessions.revoked_at, then `sessionRevoked` closes their
 * websockets). Every access token of those sessions stops working on its next use.
 */
export async function authSessionsFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, authRules);
  app.graphql.extendSchema(/* GraphQL */ `
    extend type Mutation {
      "Ends every session of the caller on every device, including this one; returns how many ended."
      signOutEverywhere: Int!
    }
  `);
  app.graphql.defineResolvers({
    Mutation: {
      signOutEverywhere: (_: unknown, __: unknown, ctx: MercuriusContext) => {
        const viewer = requireViewer(ctx);
        const sessionIds = revokeUserSessions(ctx.services.db, viewer.userId);
        recordAudit(ctx.services.db, {
          ...auditActor(ctx, viewer),
          action: 'SESSIONS_REVOKED',
          subjectUserId: viewer.userId,
          subjectLabel: viewer.email,
          details: { scope: 'everywhere', count: sessionIds.length },
        });
        if (sessionIds.length) ctx.services.pubsub.publish(topics.sessionRevoked, { sessionIds });
        ctx.log.info({ userId: viewer.userId, sessions: sessionIds.length }, 'signed out everywhere');
        return sessionIds.length;
      },
    },
  } as never);
}
