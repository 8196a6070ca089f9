import { forbidden } from '../../../shared/app-error.js';
import { FEATURE_AREA_INFO, type FeatureArea } from '../../../shared/feature-areas.js';
import type { Db } from '../../db/connection.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { listFeatureAreas } from './feature-areas.repo.js';

/**
 * Switching a feature area off (/admin/settings/pages) closes it on the server too, not only in the
 * navigation: its GraphQL operations answer FORBIDDEN, its files and exports 403, and its scheduled
 * work skips the organization. Data stays; switching the area on again brings everything back.
 */
export function isFeatureAreaOn(db: Db, orgId: string, area: FeatureArea): boolean {
  return listFeatureAreas(db, orgId).find((s) => s.area === area)?.enabled ?? true;
}

export const featureAreaOffMessage = (area: FeatureArea) =>
  `${FEATURE_AREA_INFO[area].label} is switched off for your organization. An admin can switch it on under Settings, Pages.`;

/** One look per request and area, however many fields of the area the operation asks for. */
const seen = new WeakMap<object, Map<FeatureArea, boolean>>();

/** Whether the viewer's organization has the area on (no viewer: true, the resolver decides). */
export function featureAreaOnFor(ctx: GraphQLContext, area: FeatureArea): boolean {
  if (!ctx.viewer) return true;
  let areas = seen.get(ctx);
  if (!areas) seen.set(ctx, (areas = new Map()));
  let on = areas.get(area);
  if (on === undefined) areas.set(area, (on = isFeatureAreaOn(ctx.services.db, ctx.viewer.organizationId, area)));
  return on;
}

/** Throws FORBIDDEN when the viewer's organization has switched the area off. */
export function requireFeatureArea(ctx: GraphQLContext, area: FeatureArea): void {
  if (!featureAreaOnFor(ctx, area)) throw forbidden(featureAreaOffMessage(area));
}

type Resolver = (parent: unknown, args: unknown, ctx: GraphQLContext, info: unknown) => unknown;
type ResolverMap = Record<string, Record<string, unknown>>;
const ROOT_TYPES = ['Query', 'Mutation', 'Subscription'];

/**
 * A feature's resolver map with every Query, Mutation and Subscription field guarded by its area.
 * Other types' fields are reached only through those (or through types of other features, which
 * check the area themselves where they expose its data).
 */
export function withFeatureArea<T extends object>(area: FeatureArea, resolvers: T): T {
  const map = resolvers as unknown as ResolverMap;
  const guarded: ResolverMap = { ...map };
  for (const type of ROOT_TYPES) {
    const fields = map[type];
    if (!fields) continue;
    guarded[type] = Object.fromEntries(
      Object.entries(fields).map(([name, field]) => {
        if (typeof field === 'function') {
          const resolve = field as Resolver;
          return [
            name,
            (parent: unknown, args: unknown, ctx: GraphQLContext, info: unknown) => {
              requireFeatureArea(ctx, area);
              return resolve(parent, args, ctx, info);
            },
          ];
        }
        const sub = field as { subscribe?: Resolver };
        if (sub && typeof sub.subscribe === 'function') {
          const subscribe = sub.subscribe;
          return [
            name,
            {
              ...sub,
              subscribe: (parent: unknown, args: unknown, ctx: GraphQLContext, info: unknown) => {
                requireFeatureArea(ctx, area);
                return subscribe(parent, args, ctx, info);
              },
            },
          ];
        }
        return [name, field];
      }),
    );
  }
  return guarded as unknown as T;
}
