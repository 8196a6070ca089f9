import { flavourOf } from './jira/jira.client.js';
import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { badInput, conflict, notFound } from '../../../shared/app-error.js';
import {
  connectIntegrationInput,
  PROVIDER_DEFAULT_BASE_URL,
  PROVIDER_LABEL,
  updateIntegrationInput,
  type IntegrationProvider,
} from '../../../shared/integrations.js';
import { requireAdmin } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import { newId } from '../../lib/tokens.js';
import type { Services } from '../../services.js';
import { auditActor } from '../audit/audit.actor.js';
import { recordAudit } from '../audit/audit.repo.js';
import type { Viewer } from '../auth/viewer.js';
import type { FeaturePart } from '../feature-part.js';
import { findTeamsByIds } from '../teams/teams.repo.js';
import { loadTeam, loadUser } from '../users/users.loaders.js';
import { adapterFor, adapterOf } from './integrations.adapters.js';
import {
  countUnmatchedAccounts,
  deleteConnection,
  findConnection,
  findConnectionOfProvider,
  insertConnection,
  listConnections,
  listScopes,
  patchConnection,
  setScopeChoices,
  upsertScopes,
  type ScopeRow,
} from './integrations.connections.repo.js';
import { IntegrationError, NotTheService, notTheServiceMessage, shownFailure } from './integrations.errors.js';
import type { ConnectionTest, OpenConnection } from './integrations.provider.js';
import {
  credentialsHint,
  openConnection,
  openCredentials,
  scrubSecrets,
  sealCredentials,
  sealWebhookSecret,
  type ConnectionRow,
  type Credentials,
} from './integrations.secrets.js';
import { scheduleSyncs, startSync, unscheduleSyncs } from './integrations.sync.js';
import { listRuns } from './integrations.sync.repo.js';

/**
 * Connections (docs/decisions/0051): one per provider and organization, admin-only. Connecting
 * tests the credentials first (nothing is stored when the test fails: BAD_USER_INPUT with the
 * service's reason in plain words), stores them sealed (integrations.secrets.ts), lists the
 * repositories / projects / boards (all included to start with), schedules the hourly and nightly
 * syncs and starts the backfill. The API shows `secret_hint` only, never a credential. Connecting,
 * replacing a secret and disconnecting are in the audit log (never the secret itself).
 */
type Ctx = MercuriusContext;
const TEST_TIMEOUT_MS = 20_000;
const PROVIDERS_WITH_WEBHOOKS: readonly IntegrationProvider[] = ['GITHUB', 'BITBUCKET', 'JIRA', 'AZURE_BOARDS'];

function requireConnection(ctx: Ctx, id: string): { viewer: Viewer; row: ConnectionRow } {
  const viewer = requireAdmin(ctx);
  const row = findConnection(ctx.services.db, viewer.organizationId, id);
  if (!row) throw notFound('Integration');
  return { viewer, row };
}

/**
 * The adapter's test; a thrown fault (unreachable, rate limited) is a failed test in the same plain
 * words, never a 500, and never the words of an SDK, which may quote what the target answered
 * (shownFailure; the server log has them).
 */
export async function runTest(connection: OpenConnection, log?: Services['log'], adapter = adapterFor(connection.provider)): Promise<ConnectionTest> {
  try {
    return await adapter.test(connection, AbortSignal.timeout(TEST_TIMEOUT_MS));
  } catch (err) {
    if (err instanceof NotTheService) return { ok: false, message: notTheServiceMessage(connection.provider, connection.baseUrl), missing: [] };
    if (!(err instanceof IntegrationError))
      log?.warn(
        { provider: connection.provider, error: scrubSecrets(err instanceof Error ? err.message : String(err), connection.credentials) },
        'integration test failed unexpectedly',
      );
    return { ok: false, message: scrubSecrets(shownFailure(connection.provider, err), connection.credentials), missing: [] };
  }
}

const presentTest = (t: ConnectionTest, credentials: Credentials) => ({ ok: t.ok, message: scrubSecrets(t.message, credentials), missing: t.missing ?? [] });

function refused(t: ConnectionTest, credentials: Credentials): never {
  const message = scrubSecrets(t.message, credentials) || 'The connection test failed.';
  throw badInput(message, { fields: { token: message }, missing: t.missing ?? [] });
}

type Parsed = ReturnType<typeof connectIntegrationInput.parse>;

function credentialsOf(input: Parsed): Credentials {
  return input.auth_kind === 'APP'
    ? { app_id: input.app_id!, installation_id: input.installation_id!, private_key: input.private_key! }
    : { token: input.token! };
}

function draftConnection(services: Services, orgId: string, input: Parsed): OpenConnection {
  return {
    id: 'draft',
    organizationId: orgId,
    provider: input.provider,
    baseUrl: input.base_url || PROVIDER_DEFAULT_BASE_URL[input.provider],
    account: input.account,
    authKind: input.auth_kind,
    credentials: credentialsOf(input),
    externalInfo: {},
    backfillMonths: input.backfill_months,
    outbound: services.outbound,
  };
}

function audit(ctx: Ctx, viewer: Viewer, provider: IntegrationProvider, secret: string, change: string): void {
  recordAudit(ctx.services.db, {
    ...auditActor(ctx, viewer),
    action: 'INTEGRATION_SECRET_CHANGED',
    details: { integration: PROVIDER_LABEL[provider], secret, change },
  });
}

/** Asks the service for its repositories / projects / boards and stores them; a failure is recorded on the connection, not thrown. */
export async function refreshScopes(services: Services, row: ConnectionRow, opts: { throwOnError?: boolean } = {}): Promise<ScopeRow[]> {
  const connection = openConnection(services, row);
  try {
    const list = await adapterOf(services.db, row).listScopes(connection, AbortSignal.timeout(60_000));
    upsertScopes(services.db, row.organization_id, row.id, list);
  } catch (err) {
    const message = scrubSecrets(shownFailure(row.provider, err), connection.credentials);
    services.log.warn(
      { connectionId: row.id, error: scrubSecrets(err instanceof Error ? err.message : String(err), connection.credentials) },
      'integration scopes could not be listed',
    );
    if (opts.throwOnError) throw badInput(message);
    patchConnection(services.db, row.id, { last_error: message });
  }
  return listScopes(services.db, row.id);
}

const scopesInput = z
  .array(z.object({ id: z.string().min(1).max(100), included: z.boolean(), team_id: z.string().min(1).max(100).nullish() }))
  .max(2000, 'At most 2,000 scopes at once.');

export const integrationsConnectionsPart: FeaturePart = {
  resolvers: {
    Query: {
      integrations: (_: unknown, __: unknown, ctx: Ctx) => listConnections(ctx.services.db, requireAdmin(ctx).organizationId),
      integration: (_: unknown, args: { id: string }, ctx: Ctx) => requireConnection(ctx, args.id).row,
    },
    Mutation: {
      testIntegrationInput: async (_: unknown, args: { input: unknown }, ctx: Ctx) => {
        const viewer = requireAdmin(ctx);
        const input = parseInput(connectIntegrationInput, args.input);
        const draft = draftConnection(ctx.services, viewer.organizationId, input);
        return presentTest(await runTest(draft, ctx.services.log), draft.credentials);
      },
      testIntegration: async (_: unknown, args: { id: string }, ctx: Ctx) => {
        const { row } = requireConnection(ctx, args.id);
        const connection = openConnection(ctx.services, row);
        const result = await runTest(connection, ctx.services.log, adapterOf(ctx.services.db, row));
        if (result.ok)
          patchConnection(ctx.services.db, row.id, {
            external_info: { ...row.external_info, ...(result.info ?? {}) },
            ...(row.status === 'ERROR' ? { status: 'CONNECTED', last_error: null } : {}),
          });
        return presentTest(result, connection.credentials);
      },
      connectIntegration: async (_: unknown, args: { input: unknown }, ctx: Ctx) => {
        const viewer = requireAdmin(ctx);
        const { db, keys } = ctx.services;
        const input = parseInput(connectIntegrationInput, args.input);
        const taken = () => conflict(`${PROVIDER_LABEL[input.provider]} is connected already: change or disconnect that connection.`);
        // A sample connection of the provider gives way to the real one (with the sample data it brought).
        const realOne = () => {
          const c = findConnectionOfProvider(db, viewer.organizationId, input.provider);
          return c && !c.is_sample ? c : undefined;
        };
        if (realOne()) throw taken();
        const draft = draftConnection(ctx.services, viewer.organizationId, input);
        const result = await runTest(draft, ctx.services.log);
        if (!result.ok) refused(result, draft.credentials);
        const id = newId();
        const row = db.transaction(
          () => {
            if (realOne()) throw taken();
            const sample = findConnectionOfProvider(db, viewer.organizationId, input.provider);
            if (sample) deleteConnection(db, viewer.organizationId, sample.id);
            const created = insertConnection(db, {
              id,
              organization_id: viewer.organizationId,
              provider: input.provider,
              base_url: draft.baseUrl,
              account: input.account,
              auth_kind: input.auth_kind,
              secret_sealed: sealCredentials(keys, id, draft.credentials),
              secret_hint: credentialsHint(draft.credentials),
              webhook_secret_sealed: input.webhook_secret ? sealWebhookSecret(keys, id, input.webhook_secret) : null,
              external_info: result.info ?? {},
              backfill_months: input.backfill_months,
              status: 'CONNECTED',
              created_by: viewer.userId,
            });
            audit(ctx, viewer, input.provider, input.auth_kind === 'APP' ? 'app key' : 'token', 'connected');
            return created;
          },
          { behavior: 'immediate' },
        );
        await refreshScopes(ctx.services, row);
        const fresh = findConnection(db, viewer.organizationId, id) ?? row;
        scheduleSyncs(ctx.services, fresh);
        startSync(ctx.services, fresh, 'BACKFILL');
        return fresh;
      },
      updateIntegration: async (_: unknown, args: { id: string; input: unknown }, ctx: Ctx) => {
        const { viewer, row } = requireConnection(ctx, args.id);
        const { db, keys } = ctx.services;
        const input = parseInput(updateIntegrationInput, args.input);
        const patch: Parameters<typeof patchConnection>[2] = {};
        const changed: string[] = [];
        if (input.token || input.private_key) {
          const old = openCredentials(keys, row);
          const credentials: Credentials =
            row.auth_kind === 'APP' ? { ...old, private_key: input.private_key ?? old.private_key } : { token: input.token ?? old.token };
          if (row.auth_kind === 'APP' ? !input.private_key : !input.token)
            throw badInput(
              row.auth_kind === 'APP'
                ? 'private_key: this connection signs in as a GitHub App: give its private key.'
                : 'token: this connection signs in with a token.',
            );
          const result = await runTest(openConnection(ctx.services, row, credentials), ctx.services.log, adapterOf(ctx.services.db, row));
          if (!result.ok) refused(result, credentials);
          Object.assign(patch, {
            secret_sealed: sealCredentials(keys, row.id, credentials),
            secret_hint: credentialsHint(credentials),
            external_info: { ...row.external_info, ...(result.info ?? {}) },
            last_error: null,
          });
          if (row.status === 'ERROR') patch.status = 'CONNECTED';
          changed.push(row.auth_kind === 'APP' ? 'app key' : 'token');
        }
        if (input.webhook_secret) {
          patch.webhook_secret_sealed = sealWebhookSecret(keys, row.id, input.webhook_secret);
          changed.push('webhook secret');
        }
        if (input.backfill_months) patch.backfill_months = input.backfill_months;
        if (input.paused === true) patch.status = 'PAUSED';
        else if (input.paused === false && row.status === 'PAUSED') patch.status = 'CONNECTED';
        const updated = db.transaction(() => {
          const out = Object.keys(patch).length ? patchConnection(db, row.id, patch)! : row;
          for (const secret of changed)
            audit(ctx, viewer, row.provider, secret, row.webhook_secret_sealed || secret !== 'webhook secret' ? 'replaced' : 'added');
          return out;
        });
        if (updated.status !== row.status && !row.is_sample) scheduleSyncs(ctx.services, updated);
        return updated;
      },
      disconnectIntegration: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const { viewer, row } = requireConnection(ctx, args.id);
        const { db } = ctx.services;
        db.transaction(() => {
          deleteConnection(db, viewer.organizationId, row.id);
          audit(ctx, viewer, row.provider, row.auth_kind === 'APP' ? 'app key' : 'token', 'removed');
        });
        unscheduleSyncs(ctx.services, row.id);
        return true;
      },
      refreshIntegrationScopes: async (_: unknown, args: { id: string }, ctx: Ctx) => {
        const { row } = requireConnection(ctx, args.id);
        return refreshScopes(ctx.services, row, { throwOnError: true });
      },
      setIntegrationScopes: (_: unknown, args: { id: string; scopes: unknown }, ctx: Ctx) => {
        const { viewer, row } = requireConnection(ctx, args.id);
        const { db } = ctx.services;
        const choices = parseInput(scopesInput, args.scopes);
        const known = new Set(listScopes(db, row.id).map((s) => s.id));
        const unknown = choices.find((c) => !known.has(c.id));
        if (unknown)
          throw badInput('scopes: one of them is not a repository, project or board of this connection.', {
            fields: { scopes: 'Refresh the list and try again.' },
          });
        const teamIds = [...new Set(choices.map((c) => c.team_id).filter((t): t is string => !!t))];
        const teams = new Set(
          findTeamsByIds(db, viewer.organizationId, teamIds)
            .filter((t) => !t.deleted_at)
            .map((t) => t.id),
        );
        if (teamIds.some((t) => !teams.has(t)))
          throw badInput('team_id: no such team in this organization.', { fields: { team_id: 'Choose a team of your organization.' } });
        setScopeChoices(
          db,
          row.id,
          choices.map((c) => ({ id: c.id, included: c.included, team_id: c.team_id ?? null })),
        );
        return listScopes(db, row.id);
      },
    },
    IntegrationConnection: {
      edition: (r: ConnectionRow) =>
        r.provider === 'JIRA' && !r.is_sample
          ? flavourOf({ externalInfo: r.external_info, account: r.account }) === 'DATA_CENTER'
            ? 'Jira Data Center'
            : 'Jira Cloud'
          : null,
      has_webhook_secret: (r: ConnectionRow) => !!r.webhook_secret_sealed,
      // The sample's services send no webhooks.
      webhook_url: (r: ConnectionRow, _: unknown, ctx: Ctx) =>
        PROVIDERS_WITH_WEBHOOKS.includes(r.provider) && !r.is_sample ? `${ctx.services.config.baseUrl}/api/integrations/webhooks/${r.id}` : null,
      connected_by: (r: ConnectionRow, _: unknown, ctx: Ctx) => loadUser(ctx, r.created_by),
      scopes: (r: ConnectionRow, _: unknown, ctx: Ctx) => listScopes(ctx.services.db, r.id),
      current_run: (r: ConnectionRow, _: unknown, ctx: Ctx) => listRuns(ctx.services.db, [r.id], 1)[0] ?? null,
      sync_runs: (r: ConnectionRow, args: { limit?: number | null }, ctx: Ctx) =>
        listRuns(ctx.services.db, [r.id], Math.min(50, Math.max(1, args.limit ?? 10))),
      unmatched_accounts: (r: ConnectionRow, _: unknown, ctx: Ctx) =>
        ctx.loaders.get<number>('integrations.unmatched', (ids) => countUnmatchedAccounts(ctx.services.db, ids), 0).load(r.id),
    },
    IntegrationScope: {
      team: (s: ScopeRow, _: unknown, ctx: Ctx) => loadTeam(ctx, s.team_id),
    },
  },
};
