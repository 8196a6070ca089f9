import type { Services } from '../../services.js';
import { enqueueSampleLoad } from '../integrations/integrations.sample.js';
import { sampleConnections } from '../integrations/integrations.sample.repo.js';
import { registerDemoRows } from './demo.repo.js';

/**
 * Insights in the demo organization (docs/decisions/0051, 0064): the sample data set, read by the
 * sync engine from its sample GitHub and Jira (a job that runs once the server is up); its four teams
 * go to the demo's teams of the same names, its people to their leads and engineers. Its connections
 * are demo rows: removing the demo data removes them and, with them, every pull request, issue and
 * account they brought.
 */
export function seedDemoInsights(services: Services, orgId: string, adminId: string): void {
  enqueueSampleLoad(services, orgId, adminId);
  const ids = sampleConnections(services.db, orgId).map((c) => c.id);
  registerDemoRows(services.db, orgId, 'integration_connections', ids);
}
