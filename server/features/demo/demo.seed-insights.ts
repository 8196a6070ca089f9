import { and, eq } from 'drizzle-orm';
import type { Services } from '../../services.js';
import { enqueueSampleLoad } from '../integrations/integrations.sample.js';
import { integrationConnections } from '../integrations/integrations.tables.js';
import { registerDemoRows } from './demo.repo.js';

/**
 * Insights in the demo organization (docs/decisions/0051): the sample data set, loaded through the
 * fake GitHub and Jira and a real sync (a job that runs once the server is up), on the two biggest
 * teams. Its connections are demo rows: removing the demo data removes them and, with them, every
 * pull request, issue and account they brought.
 */
export function seedDemoInsights(services: Services, orgId: string, adminId: string): void {
  enqueueSampleLoad(services, orgId, adminId);
  const ids = services.db.select({ id: integrationConnections.id }).from(integrationConnections)
    .where(and(eq(integrationConnections.organization_id, orgId), eq(integrationConnections.is_sample, true))).all().map((r) => r.id);
  registerDemoRows(services.db, orgId, integrationConnections, ids);
}
