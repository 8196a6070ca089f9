import type { FastifyInstance } from 'fastify';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { auditRules } from './audit.rules.js';
import { auditExportRoutes } from './audit.export.routes.js';
import { auditGraphql } from './audit.graphql.js';
import { registerAuditRetention } from './audit.retention.js';

/** The audit log (docs/decisions/0042): its GraphQL API, the CSV export and the daily retention job. */
export async function auditFeature(app: FastifyInstance): Promise<void> {
  await auditGraphql(app);
  declareOperationRules(app, auditRules);
  await auditExportRoutes(app);
  registerAuditRetention(app);
}
