import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import type { Viewer } from '../auth/viewer.js';
import type { AuditActor } from './audit.repo.js';

/** The viewer as the actor of an event from an HTTP request (REST routes). */
export function auditActorOfRequest(request: FastifyRequest, viewer: Viewer): AuditActor {
  return { organizationId: viewer.organizationId, actorUserId: viewer.userId, actorLabel: viewer.email, ip: request.ip };
}

/** The viewer as the actor of an event from a GraphQL operation (the address from Mercurius' reply). */
export function auditActor(ctx: MercuriusContext, viewer: Viewer): AuditActor {
  return { organizationId: viewer.organizationId, actorUserId: viewer.userId, actorLabel: viewer.email, ip: requestIp(ctx) };
}

/** The address of the HTTP request behind a GraphQL operation (null over a websocket). */
export function requestIp(ctx: MercuriusContext): string | null {
  return (ctx as { reply?: FastifyReply }).reply?.request.ip ?? null;
}

/** The viewer as the actor, with an address the caller passes on (services that know no request). */
export function auditActorOf(viewer: Viewer, ip: string | null | undefined): AuditActor {
  return { organizationId: viewer.organizationId, actorUserId: viewer.userId, actorLabel: viewer.email, ip: ip ?? null };
}
