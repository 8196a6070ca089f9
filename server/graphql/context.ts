import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services.js';
import type { Viewer } from '../features/auth/viewer.js';
import { RequestLoaders } from './loaders.js';
import { forbidden, unauthenticated } from '../../shared/app-error.js';

/** Built once per HTTP request and once per websocket connection. */
export type GraphQLContext = {
  viewer: Viewer | null;
  services: Services;
  requestId: string;
  log: FastifyBaseLogger;
  loaders: RequestLoaders;
  /** Shared by the request's copies of the context: a resolver whose answer depends on the clock by the second (a running timer) sets noStore, and the response cache does not keep the answer. */
  cache?: { noStore: boolean };
};

export function createContext(input: Omit<GraphQLContext, 'loaders'>): GraphQLContext {
  // Spelled out rather than spread: one object shape for every request.
  return {
    viewer: input.viewer,
    services: input.services,
    requestId: input.requestId,
    log: input.log,
    loaders: new RequestLoaders(),
    cache: { noStore: false },
  };
}

declare module 'mercurius' {
  interface MercuriusContext extends GraphQLContext {}
}

export function requireViewer(ctx: GraphQLContext): Viewer {
  if (!ctx.viewer) throw unauthenticated();
  return ctx.viewer;
}

export function requireAdmin(ctx: GraphQLContext): Viewer {
  const viewer = requireViewer(ctx);
  if (viewer.permissionLevel !== 'ADMIN') throw forbidden('Only an admin can do this.');
  return viewer;
}
