import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { conflict } from '../../../shared/app-error.js';
import { demoCountLabel, type DemoDataCount } from '../../../shared/demo-data.js';
import { requireAdmin } from '../../graphql/context.js';
import { countDemoRows, isDemoRow, removeDemoRows } from './demo.repo.js';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { demoRules } from './demo.rules.js';

const schema = /* GraphQL */ `
  type DemoDataCount {
    "The table the rows are in, e.g. users."
    table: String!
    count: Int!
    "In words, e.g. 29 people."
    label: String!
  }
  type DemoData {
    "True while any demo row is left."
    present: Boolean!
    counts: [DemoDataCount!]!
  }
  extend type Query {
    "Admin: the demo data the first start seeded that is still here (docs/decisions/0036)."
    demoData: DemoData!
  }
  extend type Mutation {
    "Admin: removes every demo row in one transaction. Keeps the organization, your account and everything real people created. Returns what was removed."
    removeDemoData: DemoData!
  }
`;

const asDemoData = (counts: DemoDataCount[]) => ({ present: counts.length > 0, counts: counts.map((c) => ({ ...c, label: demoCountLabel(c) })) });

/** The demo registry's admin side: what is left, and its removal. */
export async function demoFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, demoRules);
  app.graphql.extendSchema(schema);
  app.graphql.defineResolvers({
    Query: {
      demoData: (_: unknown, __: unknown, ctx: MercuriusContext) => asDemoData(countDemoRows(ctx.services.db, requireAdmin(ctx).organizationId)),
    },
    Mutation: {
      removeDemoData: (_: unknown, __: unknown, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        const { db } = ctx.services;
        if (isDemoRow(db, viewer.organizationId, 'users', viewer.userId)) {
          throw conflict('You are signed in as a demo person, who would be removed too. Sign in with your own admin account to remove the demo data.');
        }
        const removed = removeDemoRows(db, viewer.organizationId);
        if (!removed.length) throw conflict('There is no demo data left to remove.');
        ctx.log.info({ organizationId: viewer.organizationId, by: viewer.userId, removed }, 'demo data removed');
        return { ...asDemoData(removed), present: false };
      },
    },
  } as never);
}
