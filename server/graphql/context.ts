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
};

export function createContext(input: Omit<GraphQLContext, 'loaders'>): GraphQLContext {
  return { ...input, loaders: new RequestLoaders() };
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
