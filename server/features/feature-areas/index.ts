import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { FEATURE_AREAS, FEATURE_AREA_INFO, type FeatureArea } from '../../../shared/feature-areas.js';
import { featureAreaChangesSchema } from '../../../shared/feature-areas.schemas.js';
import { requireAdmin, requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import { listFeatureAreas, setFeatureAreas, type FeatureAreaState } from './feature-areas.repo.js';
import { auditActor } from '../audit/audit.actor.js';
import { recordAudit } from '../audit/audit.repo.js';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { featureAreasRules } from './feature-areas.rules.js';

const schema = /* GraphQL */ `
  enum FeatureArea { ${FEATURE_AREAS.join(' ')} }
  type FeatureAreaSetting {
    area: FeatureArea!
    label: String!
    "Whether this version has the area's screens (shared/feature-areas.ts); unbuilt areas can be switched off too."
    built: Boolean!
    enabled: Boolean!
    updated_at: DateTime
  }
  input FeatureAreaChange { area: FeatureArea! enabled: Boolean! }
  extend type Query {
    "Every member: which feature areas the organization has switched on (/admin/settings/pages)."
    featureAreas: [FeatureAreaSetting!]!
  }
  extend type Mutation {
    "Admin: switch feature areas on or off for the organization; returns every area."
    setFeatureAreas(changes: [FeatureAreaChange!]!): [FeatureAreaSetting!]!
  }
`;

/** Which feature areas are on, per organization. */
export async function featureAreasFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, featureAreasRules);
  app.graphql.extendSchema(schema);
  app.graphql.defineResolvers({
    Query: {
      featureAreas: (_: unknown, __: unknown, ctx: MercuriusContext) => listFeatureAreas(ctx.services.db, requireViewer(ctx).organizationId),
    },
    Mutation: {
      setFeatureAreas: (_: unknown, args: { changes: unknown }, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        const changes = parseInput(featureAreaChangesSchema, args.changes);
        const { db } = ctx.services;
        const before = new Map(listFeatureAreas(db, viewer.organizationId).map((a) => [a.area, a.enabled]));
        db.transaction(() => {
          setFeatureAreas(db, viewer.organizationId, viewer.userId, changes);
          for (const c of changes.filter((change) => before.get(change.area) !== change.enabled)) {
            recordAudit(db, {
              ...auditActor(ctx, viewer),
              action: 'FEATURE_AREA_SWITCHED',
              details: { area: c.area, area_label: FEATURE_AREA_INFO[c.area].label, enabled: c.enabled },
            });
          }
        });
        return listFeatureAreas(ctx.services.db, viewer.organizationId);
      },
    },
    FeatureAreaSetting: {
      label: (s: FeatureAreaState) => FEATURE_AREA_INFO[s.area as FeatureArea].label,
      built: (s: FeatureAreaState) => FEATURE_AREA_INFO[s.area as FeatureArea].built,
    },
  } as never);
}
