import type { MercuriusContext } from 'mercurius';
import { ASSISTANT_SOURCE_INFO, assistantEndpointTestSchema, assistantSettingsInputSchema, type AssistantSettingsInput } from '../../../shared/assistant.js';
import { requireAdmin, requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import { auditActor } from '../audit/audit.actor.js';
import { recordAudit } from '../audit/audit.repo.js';
import { isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import type { FeaturePart } from '../feature-part.js';
import { hostOf, listModels, ModelError } from './assistant.model.js';
import { findSettings, openKey, saveSettings, sealKey, type AssistantSettings } from './assistant.settings.repo.js';

/**
 * The assistant's settings (docs/decisions/0066), admins only: the sources it may read, the optional
 * OpenAI-compatible endpoint (its key sealed like integration secrets, shown as a hint only), the
 * timeouts and how long conversations are kept. Every change is audited (never the key).
 */
type Ctx = MercuriusContext;

const present = (s: AssistantSettings) => ({ ...s, key_hint: s.endpoint_key_hint });
const originOf = (url: string | null) => (url ? new URL(url).origin : null);

/** GraphQL inputs carry nulls where the shared schema expects an absent key. */
const withoutNulls = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== null || k === 'endpoint_url' || k === 'endpoint_model'));

function update(ctx: Ctx, raw: Record<string, unknown>) {
  const viewer = requireAdmin(ctx);
  const input: AssistantSettingsInput = parseInput(assistantSettingsInputSchema, { endpoint_url: null, endpoint_model: null, ...withoutNulls(raw) });
  const { db, keys } = ctx.services;
  const before = findSettings(db, viewer.organizationId);
  const url = input.endpoint_url || null;
  // A key is for the address it was given with: a new address without a new key drops the old one.
  const keepKey = input.api_key === undefined && url !== null && originOf(url) === originOf(before.endpoint_url);
  const key =
    input.api_key !== undefined
      ? sealKey(keys, viewer.organizationId, input.api_key || null)
      : keepKey
        ? { sealed: before.endpoint_key_sealed, hint: before.endpoint_key_hint }
        : { sealed: null, hint: null };
  const next: Omit<AssistantSettings, 'updated_at'> = {
    sources: input.sources,
    retention_days: input.retention_days,
    endpoint_url: url,
    endpoint_model: url ? input.endpoint_model : null,
    endpoint_key_sealed: url ? key.sealed : null,
    endpoint_key_hint: url ? key.hint : null,
    first_token_seconds: input.first_token_seconds,
    total_seconds: input.total_seconds,
  };
  db.transaction(() => {
    saveSettings(db, viewer.organizationId, viewer.userId, next);
    const keyChange = next.endpoint_key_sealed === before.endpoint_key_sealed ? null : next.endpoint_key_sealed ? 'set' : 'removed';
    recordAudit(db, {
      ...auditActor(ctx, viewer),
      action: 'ASSISTANT_SETTINGS_CHANGED',
      details: {
        sources: next.sources.join(','),
        endpoint: url ? `${hostOf(url)} (${next.endpoint_model})` : null,
        retention_days: next.retention_days,
        ...(keyChange ? { key: keyChange } : {}),
      },
    });
  });
  return present(findSettings(db, viewer.organizationId));
}

async function testEndpoint(ctx: Ctx, args: { base_url: string; api_key?: string | null }) {
  const viewer = requireAdmin(ctx);
  const input = parseInput(assistantEndpointTestSchema, { base_url: args.base_url, ...(args.api_key != null ? { api_key: args.api_key } : {}) });
  const stored = findSettings(ctx.services.db, viewer.organizationId);
  // The stored key only goes to the address it was stored for.
  const key =
    input.api_key !== undefined
      ? input.api_key || null
      : originOf(stored.endpoint_url) === originOf(input.base_url)
        ? openKey(ctx.services.keys, viewer.organizationId, stored.endpoint_key_sealed)
        : null;
  try {
    const models = await listModels(ctx.services.outbound, input.base_url, key);
    return {
      ok: true,
      models,
      message: models.length
        ? `Connected: the endpoint offers ${models.length} model${models.length === 1 ? '' : 's'}.`
        : 'Connected, but the endpoint offers no model.',
    };
  } catch (error) {
    if (error instanceof ModelError) return { ok: false, models: [], message: error.message };
    throw error;
  }
}

const assistantSettingsResolvers = {
  Query: {
    assistantStatus: (_: unknown, __: unknown, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const s = findSettings(ctx.services.db, viewer.organizationId);
      return {
        sources: s.sources.filter((source) => isFeatureAreaOn(ctx.services.db, viewer.organizationId, ASSISTANT_SOURCE_INFO[source].area)),
        model: !!(s.endpoint_url && s.endpoint_model),
      };
    },
    assistantSettings: (_: unknown, __: unknown, ctx: Ctx) => present(findSettings(ctx.services.db, requireAdmin(ctx).organizationId)),
  },
  Mutation: {
    updateAssistantSettings: (_: unknown, args: { input: Record<string, unknown> }, ctx: Ctx) => update(ctx, args.input ?? {}),
    testAssistantEndpoint: (_: unknown, args: { base_url: string; api_key?: string | null }, ctx: Ctx) => testEndpoint(ctx, args),
  },
};

export const assistantSettingsPart: FeaturePart = { resolvers: assistantSettingsResolvers };
