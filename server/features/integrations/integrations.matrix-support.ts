import type { FastifyInstance } from 'fastify';
import { DEFAULT_CODE_PROCESS } from '../../../shared/integrations.js';
import { sealSecret } from '../../lib/secret-box.js';
import { newId } from '../../lib/tokens.js';
import { extAccounts, integrationConnections, integrationScopes } from './integrations.tables.js';
import { statement } from '../../db/sqlite.js';

/**
 * The integrations objects of the authorization matrix (server/graphql/authorization-matrix.fixtures.ts,
 * docs/decisions/0041, 0051), written straight into the tables: a GitHub connection whose base URL
 * has nobody listening (a test, a sync or an issue fails fast and says so), one repository owned by
 * the team, and one unmatched account. `disconnectIntegration` takes a fresh Bitbucket connection.
 */
export function insertMatrixConnection(app: FastifyInstance, orgId: string, provider: 'GITHUB' | 'BITBUCKET' = 'GITHUB'): string {
  const { db, keys } = app.services;
  const existing = statement(db, 'SELECT id FROM integration_connections WHERE organization_id = ? AND provider = ?').get(orgId, provider) as
    { id: string } | undefined;
  if (existing) return existing.id;
  const id = newId();
  db.insert(integrationConnections)
    .values({
      id,
      organization_id: orgId,
      provider,
      base_url: 'http://127.0.0.1:9',
      account: 'matrix',
      secret_sealed: sealSecret(keys.secretsKey, JSON.stringify({ token: 'matrix-token' }), `integration:${id}`),
      secret_hint: '••••oken',
    })
    .run();
  return id;
}

export function seedIntegrationsObjects(app: FastifyInstance, p: { orgId: string; teamId: string }) {
  const { db } = app.services;
  const connectionId = insertMatrixConnection(app, p.orgId);
  const scopeId = newId();
  db.insert(integrationScopes)
    .values({
      id: scopeId,
      organization_id: p.orgId,
      connection_id: connectionId,
      kind: 'REPOSITORY',
      external_id: `matrix/${p.orgId}`,
      name: 'matrix/repo',
      team_id: p.teamId,
    })
    .run();
  const accountId = newId();
  db.insert(extAccounts)
    .values({ id: accountId, organization_id: p.orgId, connection_id: connectionId, external_id: `acct-${p.orgId}`, login: 'matrix-login' })
    .run();
  return { connectionId, scopeId, accountId };
}

export const matrixCodeProcessInput = () => ({ ...DEFAULT_CODE_PROCESS });
